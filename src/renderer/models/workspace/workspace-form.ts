/**
 * Settings → Workspace: the form's model and its check, kept apart from the component so they can be tested. The
 * check is the shared schema the core applies (src/shared/workspace.ts), its issues mapped onto the form's fields;
 * the words are the screen's (i18n `workspace.problem.*`).
 */
import { isLocalHost, workspaceSettingsSchema, type WorkspaceSettingsInput, type WorkspaceStatus } from '@shared/workspace'
import type { WorkspaceSettingsView } from '@shared/ipc/channels/workspace'

export const WORKSPACE_FIELDS = ['host', 'port', 'database', 'user', 'profileId', 'workstation'] as const
export type WorkspaceField = (typeof WORKSPACE_FIELDS)[number]
export type WorkspaceProblem = 'required' | 'tooLong' | 'port'

/** What the form edits: every field as typed; the password only when the user types one (never shown back). */
export interface WorkspaceForm extends Record<WorkspaceField, string> {
  allowUnencrypted: boolean
  password: string
  /** Forget the kept password (a server that trusts this machine, or a socket). */
  forgetPassword: boolean
}

export function formFrom(view: WorkspaceSettingsView | null, activeProfileId: string): WorkspaceForm {
  const s = view?.settings
  return {
    host: s?.host ?? '',
    port: String(s?.port ?? 5432),
    database: s?.database ?? '',
    user: s?.user ?? '',
    profileId: s?.profileId ?? activeProfileId,
    workstation: s?.workstation ?? view?.defaultWorkstation ?? '',
    allowUnencrypted: s?.allowUnencrypted ?? false,
    password: '',
    forgetPassword: false,
  }
}

/** Whether the consent to a plain connection matters: a server on another machine (or the consent is on). */
export function needsConsent(form: Pick<WorkspaceForm, 'host' | 'allowUnencrypted'>): boolean {
  return form.allowUnencrypted || (form.host.trim() !== '' && !isLocalHost(form.host))
}

const PORT = /^\d{1,5}$/

/** The settings to send, or the problem of each field. */
export function checkForm(form: WorkspaceForm): { ok: true; settings: WorkspaceSettingsInput } | { ok: false; problems: Partial<Record<WorkspaceField, WorkspaceProblem>> } {
  const problems: Partial<Record<WorkspaceField, WorkspaceProblem>> = {}
  const port = form.port.trim()
  if (!PORT.test(port) || Number(port) < 1 || Number(port) > 65_535) problems.port = port === '' ? 'required' : 'port'
  const parsed = workspaceSettingsSchema.safeParse({
    host: form.host,
    port: problems.port ? 5432 : Number(port),
    database: form.database,
    user: form.user,
    profileId: form.profileId,
    workstation: form.workstation,
    allowUnencrypted: form.allowUnencrypted && needsConsent(form),
  })
  if (parsed.success && !problems.port) return { ok: true, settings: parsed.data }
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0]
    if (typeof field !== 'string' || !(WORKSPACE_FIELDS as readonly string[]).includes(field)) continue
    problems[field as WorkspaceField] ??= issue.code === 'too_big' ? 'tooLong' : 'required'
  }
  return { ok: false, problems }
}

/** How the sync stands, as one line: its tone and the words' key (i18n `workspace.state.*`). */
export function stateOf(status: WorkspaceStatus | null): { tone: 'success' | 'warning' | 'info'; key: 'none' | 'online' | 'offline' | 'pending' | 'conflicts' } {
  if (!status?.configured) return { tone: 'info', key: 'none' }
  if (!status.online) return { tone: 'warning', key: 'offline' }
  if (status.conflicts > 0) return { tone: 'warning', key: 'conflicts' }
  if (status.pending > 0) return { tone: 'info', key: 'pending' }
  return { tone: 'success', key: 'online' }
}
