/**
 * Bulk jobs on employees that exist: delete many, or give many one new password. Their start inputs join the
 * bulk runner's (`bulk.start`); each item names an employee by global id, with the account and name the results
 * show. One call per employee (member operations 3 and 4 take one each).
 */
import { z } from 'zod'

/** Most employees one of these jobs takes (the bulk runner's item limit). */
export const MAX_MEMBER_ACTION_ITEMS = 100_000

/** An employee of the enterprise, as the bulk job names it. */
export const memberRefSchema = z.object({
  globalId: z.string().trim().min(1).max(64),
  userName: z.string().trim().min(1).max(100),
  name: z.string().max(200).optional(),
})
export type MemberRef = z.output<typeof memberRefSchema>

const common = {
  profileId: z.string().min(1).max(100).optional(),
  enterpriseGlobalId: z.string().trim().min(1).max(64),
  items: z.array(memberRefSchema).min(1).max(MAX_MEMBER_ACTION_ITEMS),
}

/** Deletes each employee (a create-class call: a lost answer is read back before the employee is sent again). */
export const memberDeleteStartSchema = z.object({ kind: z.literal('members.delete'), ...common })

/**
 * Sets one new password on each employee. The password is kept in the job's file (0600, data folder) while an
 * employee may still need it (a retry), removed once every one has it; never in the journal or the log.
 */
export const memberResetStartSchema = z.object({
  kind: z.literal('members.resetPassword'),
  ...common,
  password: z.string().min(1).max(256),
})
