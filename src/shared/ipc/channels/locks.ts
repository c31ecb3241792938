/**
 * Channels of the Locks screen besides the bulk runner's: the work in progress (the pasted list, the operator,
 * the action) kept on disk as a small draft, so nothing typed is lost to a reload, a restart or a crash until the
 * user clears it. (Browser mode gets a new port, hence a new origin and empty localStorage, at every start.)
 */
import { z } from 'zod'
import { channel, input, noInput } from '../channel'
import { LOCK_ACTIONS } from '../../api/lock-actions'

export { LOCK_ACTIONS, type LockAction } from '../../api/lock-actions'

/** Largest pasted list kept (about 200,000 lock numbers). */
export const MAX_DRAFT_CHARS = 4_000_000

export const lockDraftSchema = z.object({
  /** The list as typed or pasted (any separators). */
  text: z.string().max(MAX_DRAFT_CHARS),
  operatorIdentity: z.string().max(200),
  action: z.enum(LOCK_ACTIONS),
  /** Where the list came from when imported: the file and column, for the screen's note. */
  source: z.string().max(300).optional(),
  /** The run shown on the screen: its job, then the jobs of its retries. */
  jobIds: z.array(z.string().min(1).max(100)).max(100).optional(),
  updatedAt: z.number(),
})
export type LockDraft = z.output<typeof lockDraftSchema>
/** The Locks screen's draft as the draft store keeps it (kind `locks`). */
export const lockDraftBodySchema = lockDraftSchema.omit({ updatedAt: true })
export type LockDraftBody = z.output<typeof lockDraftBodySchema>

export const lockChannels = {
  /** The saved draft, or null. */
  'locks.getDraft': channel(noInput, lockDraftSchema.nullable()),
  /** Saves the draft (null clears it). */
  'locks.saveDraft': channel(input({ draft: lockDraftSchema.omit({ updatedAt: true }).strict().nullable() }), lockDraftSchema.nullable()),
}
