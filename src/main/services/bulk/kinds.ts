/**
 * What each kind of bulk job sends for a chunk of items and how it reads the answer back into one result per
 * item: lock disable/enable (idempotent: the client retries; a repeat is harmless) and employee import (a
 * create: never repeated blindly; an unknown outcome is read back before anything is sent again).
 */
import { LOCK_STATUS, type AddMembersResult, type LockResult } from '@shared/api/models'
import type { NewMember, OperationRequests } from '@shared/api/operations'
import { SPEC_LIMITS, type BulkSettings } from '@shared/settings'
import { AppError, type AppErrorData } from '@shared/errors/app-error'
import type { ItemResult } from '@shared/ipc/channels/bulk'
import type { ApiClient, CallOptions } from '../../api/client'
import { findMembers, sameUserName } from '../../api/reconcile'
import type { JobFile, LockJobFile, MemberJobFile } from './job-store'
import { memberDeleteRunner } from './member-delete-kind'
import { memberResetRunner } from './member-reset-kind'

/**
 * A chunk's answer per item: a result; `retry` (surely not sent: may be sent again); or `unknown` (may have
 * been done: read back before sending again). The error says why, for when the item runs out of sends.
 */
export type ChunkItemOutcome = { result: ItemResult } | { retry: AppErrorData } | { unknown: AppErrorData }

/** The call of a chunk. */
export type ChunkCall =
  | { op: 'lockAssets' | 'unlockAssets'; req: OperationRequests['lockAssets'] }
  | { op: 'addMembers'; req: OperationRequests['addMembers'] }
  | { op: 'deleteMember'; req: OperationRequests['deleteMember'] }
  | { op: 'resetPassword'; req: OperationRequests['resetPassword'] }

/** What a chunk's call came back with: the data (and 60027 flag), or the error. */
export type ChunkAnswer = { data: unknown; partial: boolean } | { error: AppError }

/** Errors that will fail every other call of the job too: stop the job (paused, with the error) instead. */
export function stopsTheJob(e: AppError): boolean {
  return (
    ['60000', '60005', '70001', 'app.unauthorized', 'app.missingSecret', 'app.pastedTokenRejected', 'app.tokenRequest', 'app.storage', 'app.internal'].includes(e.code) ||
    e.details.httpStatus === 401 ||
    e.details.httpStatus === 403
  )
}

export interface KindRunner {
  /** Whether a repeat could duplicate work (decides UNKNOWN handling and the "send" log line). */
  create: boolean
  chunkSize(settings: BulkSettings): number
  /** The call for a chunk of items. */
  request(items: number[]): ChunkCall
  /** One outcome per item from the call's answer; throws only errors that stop the job (see stopsTheJob). */
  interpret(items: number[], answer: ChunkAnswer): ChunkItemOutcome[]
  /** Reads back items whose outcome is unknown: a result for those found done, null for those not done. */
  reconcile?(client: ApiClient, items: number[], opts: CallOptions): Promise<(ItemResult | null)[]>
  /** The key (lock number, userName) and label of an item. */
  describe(item: number): { key: string; label?: string }
  /** Whether sending a failed, unknown or cancelled item again may change its result (retryFailed). */
  retryable(result: ItemResult): boolean
  /** The job file without the secrets no item needs any more (null: nothing to drop). */
  withoutSecrets?(results: readonly (ItemResult | undefined)[]): JobFile | null
}

/** Unknown and cancelled items, and failed ones other than those `final` says a retry cannot change. */
function retryableUnless(final: (r: ItemResult) => boolean): (r: ItemResult) => boolean {
  return (r) => r.state === 'unknown' || r.state === 'cancelled' || (r.state === 'failed' && !final(r))
}

// Shared outcome objects (never mutated): no allocation per item, and the job log groups them by identity.
const CANCELLED: ChunkItemOutcome = { result: { state: 'cancelled' } }
const LOCK_OUTCOME: Record<number, ChunkItemOutcome> = {
  [LOCK_STATUS.success]: { result: { state: 'ok', status: LOCK_STATUS.success } },
  [LOCK_STATUS.notFound]: { result: { state: 'failed', status: LOCK_STATUS.notFound } },
  [LOCK_STATUS.failed]: { result: { state: 'failed', status: LOCK_STATUS.failed } },
  [LOCK_STATUS.wrongType]: { result: { state: 'failed', status: LOCK_STATUS.wrongType } },
}

/** One outcome object for every item of a chunk. */
function same(items: number[], o: ChunkItemOutcome): ChunkItemOutcome[] {
  return items.map(() => o)
}

function lockRunner(job: LockJobFile): KindRunner {
  const op = job.kind === 'locks.disable' ? 'lockAssets' : 'unlockAssets'
  return {
    create: false,
    // Status 2 (no such lock) and 4 (wrong type) are facts about the lock: the same answer would come back.
    // Status 3 (operation failed), a failed call, an unknown outcome or a cancel may go otherwise next time.
    retryable: retryableUnless((r) => r.status === LOCK_STATUS.notFound || r.status === LOCK_STATUS.wrongType),
    chunkSize: () => job.chunkSize,
    describe: (i) => ({ key: job.items[i]! }),
    request: (items) => ({ op, req: { body: { assetNums: items.map((i) => job.items[i]!), operatorIdentity: job.operatorIdentity } } }),
    interpret(items, answer) {
      if ('error' in answer) {
        const e = answer.error
        if (e.code === 'app.cancelled') return same(items, CANCELLED)
        if (stopsTheJob(e)) throw e
        return same(items, { result: { state: 'failed', error: e.toData() } })
      }
      const data = answer.data as LockResult[]
      // The service answers in the order sent: take each item's answer from its position when it is there,
      // and look numbers up only when the order differs.
      let byNum: Map<string, number> | null = null
      return items.map((i, k): ChunkItemOutcome => {
        const n = job.items[i]!
        let status: number | undefined = data[k]?.assetNum === n ? data[k]!.status : undefined
        if (status === undefined) {
          if (!byNum) {
            byNum = new Map()
            for (const r of data) if (!byNum.has(r.assetNum)) byNum.set(r.assetNum, r.status)
          }
          status = byNum.get(n)
        }
        if (status === undefined) {
          return { result: { state: 'failed', error: AppError.app('app.badResponse', { detail: `no result for lock ${n}` }).toData() } }
        }
        return LOCK_OUTCOME[status]!
      })
    },
  }
}

function toNewMember(m: MemberJobFile['items'][number]): NewMember {
  if (m.password === undefined) throw AppError.app('app.invalidInput', { detail: `no password kept for ${m.userName}` })
  const out: NewMember = { userName: m.userName, password: m.password, name: m.name }
  if (m.departmentId !== undefined) out.departmentId = m.departmentId
  if (m.remark !== undefined && m.remark !== '') out.remark = m.remark
  if (m.passwordMobile !== undefined && m.passwordMobile !== '') out.passwordMobile = m.passwordMobile
  return out
}

function memberRunner(job: MemberJobFile): KindRunner {
  const eid = job.enterpriseGlobalId
  return {
    create: true,
    // Any failed employee is tried again: the service's refusals (a name taken, a rule) can change with its
    // state, and the user asked for it. Unknown ones are read back first.
    retryable: retryableUnless(() => false),
    chunkSize: () => SPEC_LIMITS.membersPerAddCall,
    describe: (i) => ({ key: job.items[i]!.userName, label: job.items[i]!.name }),
    request: (items) => ({ op: 'addMembers', req: { path: { enterpriseGlobalId: eid }, body: { userList: items.map((i) => toNewMember(job.items[i]!)) } } }),
    interpret(items, answer) {
      if ('error' in answer) {
        const e = answer.error
        const data = e.toData()
        if (e.code === 'app.unknownOutcome') return same(items, { unknown: data })
        if (e.code === 'app.cancelled') return same(items, CANCELLED)
        if (stopsTheJob(e)) throw e
        // Not sent at all (connection refused before a byte went out): safe to send again.
        if (e.details.retryable) return same(items, { retry: data })
        return same(items, { result: { state: 'failed', error: data } })
      }
      const res = answer.data as AddMembersResult
      // Made only when needed (an AppError takes a stack trace: too dear to build for every chunk).
      let missing: ChunkItemOutcome | undefined
      // Indexed by name: the answer lists up to 100 of each, and a scan per item would be quadratic.
      const okBy = new Map(res.succeeded.map((m) => [m.userName.toLowerCase(), m]))
      const failedBy = new Map(res.failed.map((f) => [f.userName.toLowerCase(), f]))
      return items.map((i): ChunkItemOutcome => {
        const userName = job.items[i]!.userName
        const key = userName.toLowerCase()
        // An exact match first; the service may also append the enterprise code to the name (sameUserName).
        const ok = okBy.get(key) ?? res.succeeded.find((s) => sameUserName(s.userName, userName))
        if (ok) return { result: { state: 'ok', memberGlobalId: ok.globalId } }
        const failed = failedBy.get(key) ?? res.failed.find((f) => sameUserName(f.userName, userName))
        if (failed) return { result: failed.message ? { state: 'failed', message: failed.message } : { state: 'failed' } }
        // In neither list: the answer does not say; read back.
        return (missing ??= { unknown: AppError.app('app.unknownOutcome', {}, { operation: 'addMembers', cause: 'not in the answer' }).toData() })
      })
    },
    async reconcile(client, items, opts) {
      const names = items.map((i) => job.items[i]!.userName)
      const found = await findMembers(client, eid, names, opts)
      return names.map((u) => {
        const m = found.get(u)
        return m ? { state: 'ok', memberGlobalId: m.globalId, reconciled: true } : null
      })
    },
  }
}

/** The runner of a job's kind. */
export function kindRunner(job: JobFile): KindRunner {
  if (job.kind === 'members.delete') return memberDeleteRunner(job)
  if (job.kind === 'members.resetPassword') return memberResetRunner(job)
  return job.kind === 'members.import' ? memberRunner(job) : lockRunner(job)
}
