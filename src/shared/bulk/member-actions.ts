/**
 * Bulk jobs on employees that exist: delete many, or give many one new password. Their start inputs join the
 * bulk runner's (`bulk.start`); each item names an employee by global id, with the account and name the results
 * show. One call per employee (member operations 3 and 4 take one each).
 */
import { z } from 'zod'

/** Most employees one of these jobs takes (the bulk runner's item limit). */
export const MAX_MEMBER_ACTION_ITEMS = 100_000

/** An employee of the enterprise, as the bulk job names it. */
export const memberRefSchema = z
  .object({
    globalId: z.string().trim().min(1).max(64),
    userName: z.string().trim().min(1).max(100),
    name: z.string().max(200).optional(),
  })
  .strict()
export type MemberRef = z.output<typeof memberRefSchema>

const common = {
  profileId: z.string().min(1).max(100).optional(),
  enterpriseGlobalId: z.string().trim().min(1).max(64),
  items: z.array(memberRefSchema).min(1).max(MAX_MEMBER_ACTION_ITEMS),
}

/** Deletes each employee (a create-class call: a lost answer is read back before the employee is sent again). */
export const memberDeleteStartSchema = z.object({ kind: z.literal('members.delete'), ...common }).strict()

/**
 * Sets one new password on each employee. The password is kept in the job's file (0600, data folder) while an
 * employee may still need it (a retry), removed once every one has it; never in the journal or the log.
 */
export const memberResetStartSchema = z
  .object({
    kind: z.literal('members.resetPassword'),
    ...common,
    password: z.string().min(1).max(256),
  })
  .strict()

/** The bulk kinds on employees (an import, and these two). */
export type MemberJobKind = 'members.import' | 'members.delete' | 'members.resetPassword'

/** Results of an item: its state and, for failures, the service's code (the shape of ItemResult that matters). */
interface ResultLike {
  state: string
  error?: { code: string } | undefined
}

/**
 * Whether sending an employee again may change its result ("retry the failed ones"): unknown and cancelled ones,
 * and failed ones, except a new password for an employee who is not there (60002) or one the service refuses
 * (50003), which would come back the same.
 */
export function memberResultRetryable(kind: MemberJobKind, r: ResultLike): boolean {
  if (r.state === 'unknown' || r.state === 'cancelled') return true
  if (r.state !== 'failed') return false
  if (kind === 'members.resetPassword') return r.error?.code !== '60002' && r.error?.code !== '50003'
  return true
}
