/**
 * Bulk kind `members.resetPassword`: one reset call (member operation 3) per employee, all to the job's one new
 * password. Idempotent (the same password twice leaves the same state): the client retries it where safe. The
 * password stays in the job's file only while an employee may still need it (not done yet, or failed in a way a
 * retry may change), and is removed then; it never reaches the journal or the log.
 */
import { AppError } from '@shared/errors/app-error'
import type { ItemResult } from '@shared/ipc/channels/bulk'
import { memberResultRetryable } from '@shared/bulk/member-actions'
import type { JobFile, MemberResetJobFile } from './job-store'
import { stopsTheJob, type ChunkItemOutcome, type KindRunner } from './kinds'
import { describeMember } from './member-actions'

const CANCELLED: ChunkItemOutcome = { result: { state: 'cancelled' } }

/** Not found (60002) and a password the service refuses (50003) would come back the same. */
const retryable = (r: ItemResult): boolean => memberResultRetryable('members.resetPassword', r)

export function memberResetRunner(job: MemberResetJobFile): KindRunner {
  const eid = job.enterpriseGlobalId
  return {
    create: false,
    retryable,
    chunkSize: () => 1,
    describe: (i) => describeMember(job.items[i]!),
    request(items) {
      if (job.password === undefined) throw AppError.app('app.invalidInput', { detail: 'the new password is no longer kept: start a new reset' })
      return { op: 'resetPassword', req: { path: { enterpriseGlobalId: eid, memberGlobalId: job.items[items[0]!]!.globalId }, body: { password: job.password } } }
    },
    interpret(items, answer) {
      const m = job.items[items[0]!]!
      if (!('error' in answer)) return [{ result: { state: 'ok', memberGlobalId: m.globalId } }]
      const e = answer.error
      if (e.code === 'app.cancelled') return [CANCELLED]
      if (stopsTheJob(e)) throw e
      return [{ result: { state: 'failed', error: e.toData() } }]
    },
    withoutSecrets(results) {
      // Kept while an employee may still get it: not done yet, or failed in a way a retry may change.
      if (job.password === undefined || !results.every((r) => r !== undefined && r.state !== 'pending' && (r.state === 'ok' || !retryable(r)))) return null
      const { password: _drop, ...rest } = job
      return rest satisfies JobFile
    },
  }
}
