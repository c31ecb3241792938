/**
 * Channels of the team workspace (issue 36): its settings in Settings → Workspace (the password goes to the OS
 * keychain and never comes back), where the sync stands (also pushed as the `workspace.status` event), and the
 * records changed on two workstations while apart with the user's choice for each. The service:
 * src/main/services/workspace.
 */
import { z } from 'zod'
import { CONFLICT_CHOICES, workspaceSettingsSchema, workspaceStatusSchema } from '../../workspace'
import { channel, input, noInput } from '../channel'

/** The settings as the screen shows them: never the password, only whether the keychain holds one. */
export const workspaceSettingsViewSchema = z.object({
  settings: workspaceSettingsSchema.nullable(),
  hasPassword: z.boolean(),
  /** This machine's name, the workstation's name when none is given. */
  defaultWorkstation: z.string(),
})
export type WorkspaceSettingsView = z.output<typeof workspaceSettingsViewSchema>

/** One field that differs between this workstation's version of a record and a colleague's. */
export const conflictFieldSchema = z.object({ field: z.string(), mine: z.string(), theirs: z.string() })

/** A record changed here and on another workstation while apart, as the screen shows it. */
export const workspaceConflictSchema = z.object({
  kind: z.string(),
  id: z.string(),
  /** The record's name (a customer's name), or its id when it has none. */
  title: z.string(),
  /** The colleague's workstation (or database role) that changed it. */
  theirsBy: z.string(),
  /** When the conflict was found (ms since epoch). */
  at: z.number(),
  mineRemoved: z.boolean(),
  theirsRemoved: z.boolean(),
  fields: z.array(conflictFieldSchema),
})
export type WorkspaceConflict = z.output<typeof workspaceConflictSchema>

const settingsInput = workspaceSettingsSchema.extend({ profileId: z.string().min(1).max(100), workstation: workspaceSettingsSchema.shape.workstation.optional() }).strict()

export const workspaceChannels = {
  'workspace.get': channel(noInput, workspaceSettingsViewSchema),
  /**
   * Joins (or changes) the workspace and starts syncing. `password`: a new one for the keychain; absent keeps the one
   * kept; null forgets it.
   */
  'workspace.set': channel(input({ settings: settingsInput, password: z.string().max(1_000).nullable().optional() }), workspaceSettingsViewSchema),
  /** Leaves the workspace: the local copy stays as it is, the password leaves the keychain. */
  'workspace.leave': channel(noInput, workspaceSettingsViewSchema),
  'workspace.status': channel(noInput, workspaceStatusSchema),
  /** Runs a sync round now and answers when it ended. */
  'workspace.sync': channel(noInput, workspaceStatusSchema),
  'workspace.conflicts': channel(noInput, z.array(workspaceConflictSchema)),
  /** The user's choice for one conflict; answers with the conflicts left. */
  'workspace.resolve': channel(
    input({ kind: z.string().min(1).max(50), id: z.string().min(1).max(200), choice: z.enum(CONFLICT_CHOICES) }),
    z.array(workspaceConflictSchema),
  ),
}
