/**
 * The team workspace as the app uses it: its settings (`workspace.json` in the data folder: address, database,
 * user, this workstation's name; never the password), the password in the OS keychain (the vault, under the
 * pseudo-profile WORKSPACE_VAULT_ID), and the sync engine following them.
 *
 * TLS: a server that is not this machine is reached over TLS, verifying its certificate against the system's
 * authorities (and NODE_EXTRA_CA_CERTS), unless the user consented to plain (the rule of plain http:// service
 * addresses, src/shared/workspace.ts).
 */
import { hostname } from 'node:os'
import { z } from 'zod'
import type pg from 'pg'
import { AppError } from '@shared/errors/app-error'
import { workspaceNeedsTls, workspaceSettingsSchema, type ConflictChoice, type WorkspaceSettings, type WorkspaceSettingsInput, type WorkspaceStatus } from '@shared/workspace'
import type { JsonFile, Storage } from '../storage'
import type { Vault } from '../vault'
import { rememberSecret } from '../known-secrets'
import type { Conflict } from './local'
import { WORKSPACE_SCHEMA } from './schema'
import type { SyncEngine } from './sync'

/** The vault's pseudo-profile for the workspace password (no connection profile has this id). */
export const WORKSPACE_VAULT_ID = 'workspace'

const fileSchema = z.object({ workspace: workspaceSettingsSchema.nullable() })

export interface WorkspaceServiceDeps {
  storage: Storage
  vault: Vault
  engine: SyncEngine
  /** Told the settings in use (the shared kinds read which local profile is the shared one). */
  onSettings?: (s: WorkspaceSettings | null) => void
}

/** node-postgres's settings for a workspace (TLS by the rule above; the schema the app's tables live in). */
export function connectionConfig(s: WorkspaceSettings, password: string | null): pg.ClientConfig {
  const socket = s.host.startsWith('/')
  return {
    host: s.host,
    port: s.port,
    database: s.database,
    user: s.user,
    ...(password !== null ? { password } : {}),
    ssl: !socket && workspaceNeedsTls(s) ? { rejectUnauthorized: true, servername: s.host } : false,
    options: `-c search_path=${WORKSPACE_SCHEMA}`,
    application_name: `License Desk (${s.workstation})`.slice(0, 63),
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  }
}

export class WorkspaceService {
  private readonly file: JsonFile<z.output<typeof fileSchema>>

  constructor(private readonly deps: WorkspaceServiceDeps) {
    this.file = deps.storage.file('workspace.json', fileSchema, () => ({ workspace: null }))
  }

  /** The settings (null: no workspace), with whether a password is kept. */
  async get(): Promise<{ settings: WorkspaceSettings | null; hasPassword: boolean }> {
    const { workspace } = await this.file.read()
    return { settings: workspace, hasPassword: workspace ? await this.deps.vault.has(WORKSPACE_VAULT_ID, 'workspacePassword') : false }
  }

  /**
   * Sets the workspace and starts syncing with it. `password`: a new one for the keychain; undefined keeps the one
   * kept; null forgets it (a server that trusts this machine, or a unix socket).
   */
  async set(input: Omit<WorkspaceSettingsInput, 'workstation'> & { workstation?: string | undefined }, password?: string | null): Promise<WorkspaceSettings> {
    const parsed = workspaceSettingsSchema.safeParse({ ...input, workstation: input.workstation ?? hostname() })
    if (!parsed.success) throw AppError.app('app.invalidInput', { detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') })
    const settings = parsed.data
    if (password === null) await this.deps.vault.delete(WORKSPACE_VAULT_ID, 'workspacePassword')
    else if (password !== undefined) await this.deps.vault.set(WORKSPACE_VAULT_ID, 'workspacePassword', password)
    await this.file.write({ workspace: settings })
    await this.follow(settings)
    return settings
  }

  /**
   * Syncs with a workspace for this process only (the CLI's `--workspace`), leaving the settings on file as they
   * are. The password: `password` if given, else the keychain's.
   */
  async useFor(input: Omit<WorkspaceSettingsInput, 'workstation'> & { workstation?: string | undefined }, password?: string): Promise<WorkspaceSettings> {
    const parsed = workspaceSettingsSchema.safeParse({ ...input, workstation: input.workstation ?? hostname() })
    if (!parsed.success) throw AppError.app('app.invalidInput', { detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') })
    await this.follow(parsed.data, password)
    return parsed.data
  }

  /** Leaves the workspace (the local copy stays as it is). */
  async clear(): Promise<void> {
    await this.deps.vault.delete(WORKSPACE_VAULT_ID, 'workspacePassword')
    await this.file.write({ workspace: null })
    this.deps.onSettings?.(null)
    await this.deps.engine.use(null)
  }

  /** Starts syncing with the workspace on file, if any (at core start). */
  async start(): Promise<void> {
    const { workspace } = await this.file.read()
    if (workspace) await this.follow(workspace)
  }

  private async follow(s: WorkspaceSettings, given?: string): Promise<void> {
    const password = rememberSecret(given ?? (await this.deps.vault.get(WORKSPACE_VAULT_ID, 'workspacePassword')))
    this.deps.onSettings?.(s)
    await this.deps.engine.use({
      config: connectionConfig(s, password),
      workstation: s.workstation,
      identity: `${s.host}:${s.port}/${s.database}#${s.profileId}`,
    })
  }

  status(): WorkspaceStatus {
    return this.deps.engine.status()
  }

  /** Follows the status after every sync round. */
  subscribe(fn: (s: WorkspaceStatus) => void): () => void {
    return this.deps.engine.subscribe(fn)
  }

  /** Runs a sync round now and waits for it (the CLI's `workspace status`). */
  async syncNow(): Promise<WorkspaceStatus> {
    this.deps.engine.kick()
    await this.deps.engine.idle()
    return this.deps.engine.status()
  }

  conflicts(): Conflict[] {
    return this.deps.engine.conflicts()
  }

  resolve(kind: string, id: string, choice: ConflictChoice): void {
    this.deps.engine.resolve(kind, id, choice)
  }
}
