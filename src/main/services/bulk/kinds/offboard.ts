/**
 * Offboarding (`members.offboard`): per person, in the order that loses nothing, (1) every asset number withdrawn
 * in one configure call (member operation 9), then, only once that succeeded, (2) a new password nobody knows
 * (member operation 3) or the account deleted (member operation 4). Each step is its own call, journaled with the
 * job's id; the person's result is the last step's, and a failure says the step it stopped at (`error.params.step`:
 * the steps before it are done, none after it was sent).
 *
 * Repeating a person is safe, so the kind is not a create and a resumed or retried person simply goes again:
 * configure is idempotent (withdrawing what is not held changes nothing), a reset sets another unknown password,
 * and a delete of an account already gone is 60002, which ends as done. A delete whose answer is lost is read
 * back (still listed or not) before it is sent again, at most three sends. The reset's password is generated for
 * the call and never kept: the point is that nobody can sign in with the old one.
 */
import { z } from 'zod'
import { AppError } from '@shared/errors/app-error'
import type { BulkStart, ItemResult } from '@shared/ipc/channels/bulk'
import { generatePassword } from '@shared/members/password'
import { confirmProblem, offboardPersonSchema, OFFBOARD_THEN, type OffboardStep } from '@shared/members/offboard'
import { DEFAULT_LIMITS } from '@shared/settings'
import type { ApiClient, CallOptions } from '../../../api/client'
import { dedupe } from '../dedupe'
import { itemError, jobBaseShape, onePerCall, stopsTheJob, type ChunkItemOutcome, type JobBase, type JobKindSpec, type SentAnswer } from './kind'

export const offboardJobSchema = z.object({
  ...jobBaseShape,
  kind: z.literal('members.offboard'),
  enterpriseGlobalId: z.string(),
  then: z.enum(OFFBOARD_THEN),
  items: z.array(offboardPersonSchema),
})
export type OffboardJobFile = z.output<typeof offboardJobSchema>
type Start = Extract<BulkStart, { kind: 'members.offboard' }>

/** Sends of one delete before it is given up (each after a read-back said "still there"). */
const MAX_DELETE_SENDS = 3

/** A person's failure at a step: the error, with the step in its params. */
function failedAt(step: OffboardStep, e: AppError): ChunkItemOutcome {
  const data = itemError(e)
  return { result: { state: 'failed', error: { ...data, params: { ...data.params, step } } } }
}

/** Whether the person is still listed (a keyword search by account). */
async function listed(client: ApiClient, eid: string, globalId: string, userName: string, opts: CallOptions): Promise<boolean> {
  const page = await client.listMembers(eid, { keyword: userName, pageNum: 1, pageSize: 50 }, { ...(opts.signal ? { signal: opts.signal } : {}) })
  return page.list.some((m) => m.globalId === globalId && !m.deleted)
}

export const offboardKind: JobKindSpec<OffboardJobFile, Start> = {
  kinds: ['members.offboard'],
  owns: (f: JobBase): f is OffboardJobFile => f.kind === 'members.offboard',
  accepts: (input): input is Start => input.kind === 'members.offboard',
  target: (f) => f.enterpriseGlobalId,
  build(input, head) {
    const d = dedupe(input.items, (p) => p.globalId)
    const problem = confirmProblem(input.confirmCount, d.unique.length)
    if (problem) {
      return Promise.reject(AppError.app('app.invalidInput', { detail: problem }, { issues: [{ path: 'confirmCount', message: problem, code: 'invalid' }] }))
    }
    return Promise.resolve({
      ...head,
      kind: 'members.offboard',
      enterpriseGlobalId: input.enterpriseGlobalId,
      then: input.then,
      items: d.unique,
      duplicates: d.duplicates,
      ...(d.positions ? { positions: d.positions } : {}),
    })
  },

  open(job) {
    const eid = job.enterpriseGlobalId

    /** The account's step after the withdrawal; an outcome when it ends otherwise than done. */
    async function accountStep(client: ApiClient, i: number, opts: CallOptions): Promise<ChunkItemOutcome | { error: AppError } | null> {
      const p = job.items[i]!
      if (job.then === 'keep') return null
      await opts.slot?.acquire()
      if (job.then === 'resetPassword') {
        try {
          await client.resetPassword(eid, p.globalId, generatePassword(DEFAULT_LIMITS), opts)
          return null
        } catch (err) {
          const e = err instanceof AppError ? err : AppError.app('app.internal')
          if (stopsTheJob(e) || e.code === 'app.cancelled') return { error: e }
          return failedAt('resetPassword', e)
        }
      }
      for (let sends = 1; ; sends++) {
        let e: AppError
        try {
          await client.deleteMember(eid, p.globalId, opts)
          return null
        } catch (err) {
          e = err instanceof AppError ? err : AppError.app('app.internal')
        }
        if (e.code === '60002') return null // gone already: what was asked
        if (stopsTheJob(e) || e.code === 'app.cancelled') return { error: e }
        const notSent = e.code === 'app.network' && e.details.retryable === true
        if (e.code !== 'app.unknownOutcome' && !notSent) return failedAt('delete', e)
        if (sends >= MAX_DELETE_SENDS) return e.code === 'app.unknownOutcome' ? { unknown: itemError(e) } : failedAt('delete', e)
        if (notSent) continue
        try {
          if (!(await listed(client, eid, p.globalId, p.userName, opts))) return { result: { state: 'ok', memberGlobalId: p.globalId, reconciled: true } }
        } catch {
          return { unknown: itemError(e) }
        }
        await opts.slot?.acquire()
      }
    }

    async function person(client: ApiClient, i: number, opts: CallOptions): Promise<SentAnswer> {
      const p = job.items[i]!
      if (p.numbers.length > 0) {
        try {
          await client.configureAssets(p.globalId, { deleteAssets: p.numbers, addAssets: [] }, opts)
        } catch (err) {
          const e = err instanceof AppError ? err : AppError.app('app.internal')
          if (stopsTheJob(e) || e.code === 'app.cancelled') return { error: e }
          // No such employee when deleting is what was asked: this job's delete went through before a restart (it
          // is only ever sent after the withdrawal), or someone removed them meanwhile; the report shows the numbers.
          if (e.code === '60026' && job.then === 'delete') {
            const gone: ItemResult = { state: 'ok', memberGlobalId: p.globalId }
            if (e.details.serverMessage) gone.message = e.details.serverMessage
            return { outcomes: [{ result: gone }] }
          }
          // A failed withdrawal stops the person here: their account is left as it is.
          return { outcomes: [failedAt('withdraw', e)] }
        }
      }
      const after = await accountStep(client, i, opts)
      if (after && 'error' in after) return after
      return { outcomes: [after ?? { result: { state: 'ok', memberGlobalId: p.globalId } }] }
    }

    return {
      // One person a call; a failure is the person's, never a chunk's to split. Each step is journaled as it is sent
      // (a person is several calls, the later ones only if the first succeeded).
      ...onePerCall(person),
      describe(i) {
        const p = job.items[i]!
        return p.name ? { key: p.userName, label: p.name } : { key: p.userName }
      },
      // Every step is safe to repeat: anything not done may go again, except the employee being gone before the
      // withdrawal (60026: no such employee), which would come back the same.
      retryable: (r: ItemResult) => r.state === 'unknown' || r.state === 'cancelled' || (r.state === 'failed' && r.error?.code !== '60026'),
    }
  },
}
