/**
 * Bulk kind `members.delete`: one delete call (member operation 4) per employee. A delete is a create-class
 * call (src/shared/api/operations.ts): an unknown outcome is read back from the employee list (the employee
 * still listed or not) before the employee is sent again. An employee the service no longer has (60002) ends as
 * done, with the service's words beside it: the employee is gone, which is what was asked. A user center
 * exception (80001) fails the item, to be retried.
 */
import type { ItemResult } from '@shared/ipc/channels/bulk'
import { memberResultRetryable } from '@shared/bulk/member-actions'
import type { ApiClient, CallOptions } from '../../api/client'
import { KEYWORD_SEARCH_MAX, listAllMembers } from '../../api/reconcile'
import type { MemberDeleteJobFile } from './job-store'
import { stopsTheJob, type ChunkItemOutcome, type KindRunner } from './kinds'
import { describeMember } from './member-actions'

const CANCELLED: ChunkItemOutcome = { result: { state: 'cancelled' } }

/** Which of these employees are still listed (by global id). */
async function stillListed(client: ApiClient, enterpriseGlobalId: string, people: { globalId: string; userName: string }[], opts: CallOptions): Promise<Set<string>> {
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

export function memberDeleteRunner(job: MemberDeleteJobFile): KindRunner {
  const eid = job.enterpriseGlobalId
  return {
    create: true,
    // A failed delete may go through next time (80001, a refusal that changes with the service's state).
    retryable: (r) => memberResultRetryable('members.delete', r),
    chunkSize: () => 1,
    describe: (i) => describeMember(job.items[i]!),
    request: (items) => ({ op: 'deleteMember', req: { path: { enterpriseGlobalId: eid, memberGlobalId: job.items[items[0]!]!.globalId } } }),
    interpret(items, answer) {
      const i = items[0]!
      const m = job.items[i]!
      if (!('error' in answer)) return [{ result: { state: 'ok', memberGlobalId: m.globalId } }]
      const e = answer.error
      const data = e.toData()
      if (e.code === 'app.unknownOutcome') return [{ unknown: data }]
      if (e.code === 'app.cancelled') return [CANCELLED]
      if (stopsTheJob(e)) throw e
      if (e.code === '60002') {
        const done: ItemResult = { state: 'ok', memberGlobalId: m.globalId }
        if (e.details.serverMessage) done.message = e.details.serverMessage
        return [{ result: done }]
      }
      // Not sent at all (connection refused before a byte went out): safe to send again.
      if (e.details.retryable) return [{ retry: data }]
      return [{ result: { state: 'failed', error: data } }]
    },
    async reconcile(client, items, opts) {
      const people = items.map((i) => job.items[i]!)
      const listed = await stillListed(client, eid, people, opts)
      return people.map((p) => (listed.has(p.globalId) ? null : { state: 'ok', memberGlobalId: p.globalId, reconciled: true }))
    },
  }
}
