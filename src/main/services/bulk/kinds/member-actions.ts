/**
 * Delete employees (`members.delete`) and give employees one new password (`members.resetPassword`): one call per
 * employee (member operations 4 and 3 take one each), the employees named by global id with the account and name
 * the results show; the same employee named twice is sent once.
 *
 * - Delete is a create-class call (src/shared/api/operations.ts): a lost answer is read back from the employee
 *   list (still listed or not) before the employee is sent again. An employee the service no longer has (60002)
 *   ends done, with the service's words beside it: gone is what was asked.
 * - Reset is idempotent (the client retries it). The job's one new password is a secret: kept in the vault
 *   only while an employee may still be sent, removed once every employee has reached its end (JobSecrets).
 */
import { z } from 'zod'
import { memberRefSchema, memberResultRetryable, type MemberRef } from '@shared/bulk/member-actions'
import { AppError } from '@shared/errors/app-error'
import type { BulkStart, ItemResult } from '@shared/ipc/channels/bulk'
import type { ApiClient, CallOptions } from '../../../api/client'
import { KEYWORD_SEARCH_MAX, listAllMembers } from '../../../api/reconcile'
import { dedupe } from '../dedupe'
import { itemError, jobBaseShape, operationCalls, same, stopsTheJob, CANCELLED, type JobBase, type JobHead, type JobKindSpec } from './kind'

export const memberDeleteJobSchema = z.object({
  ...jobBaseShape,
  kind: z.literal('members.delete'),
  enterpriseGlobalId: z.string(),
  items: z.array(memberRefSchema),
})
export type MemberDeleteJobFile = z.output<typeof memberDeleteJobSchema>

export const memberResetJobSchema = z.object({
  ...jobBaseShape,
  kind: z.literal('members.resetPassword'),
  enterpriseGlobalId: z.string(),
  /** Removed once every employee has reached its end. */
  password: z.string().optional(),
  items: z.array(memberRefSchema),
})
export type MemberResetJobFile = z.output<typeof memberResetJobSchema>

type DeleteStart = Extract<BulkStart, { kind: 'members.delete' }>
type ResetStart = Extract<BulkStart, { kind: 'members.resetPassword' }>

/** The common part of both jobs: the employees once each (by global id), and where the repeats are. */
function employees(input: DeleteStart | ResetStart, head: JobHead) {
  const d = dedupe(input.items, (m) => m.globalId)
  return {
    ...head,
    enterpriseGlobalId: input.enterpriseGlobalId,
    items: d.unique,
    duplicates: d.duplicates,
    ...(d.positions ? { positions: d.positions } : {}),
  }
}

/** How an employee shows in results: the account, and the name. */
function describeMember(m: MemberRef): { key: string; label?: string } {
  return m.name ? { key: m.userName, label: m.name } : { key: m.userName }
}

/** Which of these employees are still listed (by global id). */
async function stillListed(client: ApiClient, enterpriseGlobalId: string, people: MemberRef[], opts: CallOptions): Promise<Set<string>> {
  const listed = new Set<string>()
  if (people.length <= KEYWORD_SEARCH_MAX) {
    for (const p of people) {
      const page = await client.listMembers(enterpriseGlobalId, { keyword: p.userName, pageNum: 1, pageSize: 50 }, opts)
      for (const m of page.list) if (!m.deleted) listed.add(m.globalId)
    }
  } else {
    for (const m of await listAllMembers(client, enterpriseGlobalId, opts)) if (!m.deleted) listed.add(m.globalId)
  }
  return listed
}

export const memberDeleteKind: JobKindSpec<MemberDeleteJobFile, DeleteStart> = {
  kinds: ['members.delete'],
  owns: (f: JobBase): f is MemberDeleteJobFile => f.kind === 'members.delete',
  accepts: (input): input is DeleteStart => input.kind === 'members.delete',
  target: (f) => f.enterpriseGlobalId,
  build: (input, head) => Promise.resolve({ ...employees(input, head), kind: 'members.delete' }),

  open(job) {
    const eid = job.enterpriseGlobalId
    const calls = operationCalls({
      op: 'deleteMember',
      request: (items) => ({ path: { enterpriseGlobalId: eid, memberGlobalId: job.items[items[0]!]!.globalId } }),
      interpret: (items) => items.map((i) => ({ result: { state: 'ok', memberGlobalId: job.items[i]!.globalId } })),
    })
    return {
      ...calls,
      // A failed delete may go through next time (80001, a refusal that changes with the service's state).
      retryable: (r: ItemResult) => memberResultRetryable('members.delete', r),
      chunkSize: () => 1,
      describe: (i) => describeMember(job.items[i]!),
      failure(items, e) {
        const data = itemError(e)
        // A stalled service (the deadline passed) stops the job; the runner keeps these items unknown.
        if (stopsTheJob(e)) throw e
        if (e.code === 'app.unknownOutcome') return same(items, { unknown: data })
        if (e.code === 'app.cancelled') return same(items, CANCELLED)
        if (e.code === '60002') {
          return items.map((i) => {
            const done: ItemResult = { state: 'ok', memberGlobalId: job.items[i]!.globalId }
            if (e.details.serverMessage) done.message = e.details.serverMessage
            return { result: done }
          })
        }
        // Not sent at all (connection refused before a byte went out): safe to send again.
        if (e.details.retryable) return same(items, { retry: data })
        return same(items, { result: { state: 'failed', error: data } })
      },
      async reconcile(client, items, opts) {
        const people = items.map((i) => job.items[i]!)
        const listed = await stillListed(client, eid, people, opts)
        return people.map((p) => (listed.has(p.globalId) ? null : { state: 'ok', memberGlobalId: p.globalId, reconciled: true }))
      },
    }
  },
}

export const memberResetKind: JobKindSpec<MemberResetJobFile, ResetStart> = {
  kinds: ['members.resetPassword'],
  owns: (f: JobBase): f is MemberResetJobFile => f.kind === 'members.resetPassword',
  accepts: (input): input is ResetStart => input.kind === 'members.resetPassword',
  target: (f) => f.enterpriseGlobalId,
  build: (input, head) => Promise.resolve({ ...employees(input, head), kind: 'members.resetPassword', password: input.password }),

  open(job) {
    const eid = job.enterpriseGlobalId
    const calls = operationCalls({
      op: 'resetPassword',
      request(items) {
        if (job.password === undefined) throw AppError.app('app.passwordNotKept', {}, { operation: 'resetPassword' })
        return { path: { enterpriseGlobalId: eid, memberGlobalId: job.items[items[0]!]!.globalId }, body: { password: job.password } }
      },
      interpret: (items) => items.map((i) => ({ result: { state: 'ok', memberGlobalId: job.items[i]!.globalId } })),
    })
    return {
      ...calls,
      // Not found (60002) and a password the service refuses (50003) would come back the same; and once the
      // password has left the disk nothing can be sent again.
      retryable: (r: ItemResult) => job.password !== undefined && memberResultRetryable('members.resetPassword', r),
      chunkSize: () => 1,
      describe: (i) => describeMember(job.items[i]!),
      failure(items, e) {
        if (e.code === 'app.cancelled') return same(items, CANCELLED)
        if (stopsTheJob(e)) throw e
        return same(items, { result: { state: 'failed', error: itemError(e) } })
      },
      secrets: {
        held: () => job.password !== undefined,
        // One password for all: it goes once no employee needs it any more.
        without(drop) {
          if (job.password === undefined || !job.items.every((_, i) => drop(i))) return null
          const { password: _drop, ...rest } = job
          return rest
        },
        split() {
          const { password, ...file } = job
          return { file, rows: password === undefined ? new Map<number, string>() : new Map([[-1, password]]) }
        },
        withSecrets(rows) {
          const password = rows.get(-1)
          return password === undefined ? job : { ...job, password }
        },
      },
    }
  },
}
