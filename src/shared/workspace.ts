/**
 * The team workspace (issue 36): a PostgreSQL database colleagues share the customer book, catalog, templates and
 * drafts through. What a connection to it is, and when it is encrypted. Pure rules; the connection lives in
 * src/main/services/workspace.
 */
import { z } from 'zod'
import { isLoopbackUrl } from './ipc/channels/profiles'

/** PostgreSQL's identifiers (database, role) are at most 63 bytes. */
const pgName = z.string().trim().min(1).max(63)

export const workspaceSettingsSchema = z.object({
  /** The server's host name or address (or a unix socket folder, starting with '/'). */
  host: z.string().trim().min(1).max(255),
  port: z.number().int().min(1).max(65535).default(5432),
  database: pgName,
  /** The person's own database role (each person has one: docs/architecture.md). */
  user: pgName,
  /**
   * "Send the password unencrypted": without it, a server that is not this machine is reached over TLS only (the
   * same consent a plain http:// service address needs on a profile).
   */
  allowUnencrypted: z.boolean().default(false),
  /** The local connection profile whose customer book and catalog are the shared ones. */
  profileId: z.string().min(1),
  /** This workstation's name in the order history and on drafts ("who submitted what from which workstation"). */
  workstation: z.string().trim().min(1).max(100),
})
export type WorkspaceSettings = z.output<typeof workspaceSettingsSchema>
export type WorkspaceSettingsInput = z.input<typeof workspaceSettingsSchema>

/** Whether a host is this machine (a unix socket, localhost, 127.0.0.0/8, ::1): the same rule as for http addresses. */
export function isLocalHost(host: string): boolean {
  const h = host.trim()
  if (h.startsWith('/')) return true
  return isLoopbackUrl(`http://${h.includes(':') && !h.startsWith('[') ? `[${h}]` : h}/`)
}

/** Whether the connection must use TLS: always to another machine, unless the user consented to plain. */
export function workspaceNeedsTls(s: Pick<WorkspaceSettings, 'host' | 'allowUnencrypted'>): boolean {
  return !isLocalHost(s.host) && !s.allowUnencrypted
}

/** What is waiting to sync, and whether the server answers (`license-desk workspace status`, Settings). */
export const workspaceStatusSchema = z.object({
  configured: z.boolean(),
  online: z.boolean(),
  /** Local changes not yet on the server. */
  pending: z.number().int(),
  /** Records changed here and on another workstation while apart, waiting for a choice. */
  conflicts: z.number().int(),
  /** When the last change was sent or received (ms since epoch), null before the first. */
  lastSyncAt: z.number().nullable(),
  /** Why the server is not reachable (offline). */
  error: z.string().nullable(),
  host: z.string().nullable(),
  database: z.string().nullable(),
  user: z.string().nullable(),
  tls: z.boolean().nullable(),
})
export type WorkspaceStatus = z.output<typeof workspaceStatusSchema>

/** The choices for a record changed on two workstations while apart (the same as for two windows). */
export const CONFLICT_CHOICES = ['theirs', 'both', 'mine'] as const
export type ConflictChoice = (typeof CONFLICT_CHOICES)[number]

/**
 * A workspace as one address (the CLI's `--workspace`):
 * `postgres://USER@HOST[:PORT]/DATABASE[?profile=ID&workstation=NAME&unencrypted=1]`. A password in it is refused:
 * it would end up in the shell's history (the keychain's, or LICENSE_DESK_WORKSPACE_PASSWORD, is used).
 */
export function parseWorkspaceUrl(raw: string): { ok: true; value: Omit<WorkspaceSettingsInput, 'profileId' | 'workstation'> & { profileId?: string; workstation?: string } } | { ok: false; problem: string } {
  let u: URL
  try {
    u = new URL(raw.trim())
  } catch {
    return { ok: false, problem: 'not an address: expected postgres://USER@HOST[:PORT]/DATABASE' }
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') return { ok: false, problem: 'the address must start with postgres://' }
  if (u.password) return { ok: false, problem: 'no password in the address: it is read from the keychain or LICENSE_DESK_WORKSPACE_PASSWORD' }
  const user = decodeURIComponent(u.username)
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''))
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1')
  if (!user || !database || !host) return { ok: false, problem: 'the address needs a user, a host and a database: postgres://USER@HOST/DATABASE' }
  const profileId = u.searchParams.get('profile')
  const workstation = u.searchParams.get('workstation')
  return {
    ok: true,
    value: {
      host,
      ...(u.port ? { port: Number(u.port) } : {}),
      database,
      user,
      allowUnencrypted: u.searchParams.get('unencrypted') === '1',
      ...(profileId ? { profileId } : {}),
      ...(workstation ? { workstation } : {}),
    },
  }
}
