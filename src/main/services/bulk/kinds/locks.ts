/**
 * Disable or enable USB locks (`locks.disable`, `locks.enable`): lock numbers in chunks of the lock chunk size,
 * idempotent (the client retries; a repeat is harmless), one status 1-4 per lock in the answer.
 */
import { z } from 'zod'
import { LOCK_STATUS } from '@shared/api/models'
import { LOCK_ACTION, LOCK_JOB_KINDS, isLockJobKind, lockActionOfKind } from '@shared/api/lock-actions'
import { assetNumberKeys } from '@shared/lists/asset-numbers'
import { AppError } from '@shared/errors/app-error'
import type { BulkStart } from '@shared/ipc/channels/bulk'
import { dedupeKeys } from '../dedupe'
import { itemError, jobBaseShape, operationCalls, retryableUnless, same, stopsTheJob, CANCELLED, type ChunkItemOutcome, type JobBase, type JobKindSpec } from './kind'

const KINDS = LOCK_JOB_KINDS

export const lockJobSchema = z.object({
  ...jobBaseShape,
  kind: z.enum(KINDS),
  operatorIdentity: z.string(),
  chunkSize: z.number().int().min(1),
  items: z.array(z.string()),
})
export type LockJobFile = z.output<typeof lockJobSchema>
type LockStart = Extract<BulkStart, { kind: (typeof KINDS)[number] }>

// Shared outcome objects (never mutated): no allocation per item, and the job log groups them by identity.
const LOCK_OUTCOME: Record<number, ChunkItemOutcome> = {
  [LOCK_STATUS.success]: { result: { state: 'ok', status: LOCK_STATUS.success } },
  [LOCK_STATUS.notFound]: { result: { state: 'failed', status: LOCK_STATUS.notFound } },
  [LOCK_STATUS.failed]: { result: { state: 'failed', status: LOCK_STATUS.failed } },
  [LOCK_STATUS.wrongType]: { result: { state: 'failed', status: LOCK_STATUS.wrongType } },
}

export const lockKind: JobKindSpec<LockJobFile, LockStart> = {
  kinds: KINDS,
  owns: (f: JobBase): f is LockJobFile => isLockJobKind(f.kind),
  accepts: (input): input is LockStart => isLockJobKind(input.kind),
  target: (f) => f.operatorIdentity,

  async build(input, head, ctx) {
    // The one asset-number reader (src/shared/lists): the same folding and repeat keys as the screens and the CLI,
    // so a number the screen calls a repeat is one here too. A clean list costs one scan.
    const { values, keys } = assetNumberKeys(input.items)
    const d = dedupeKeys(values, keys)
    const settings = await ctx.settings()
    const operatorIdentity = input.operatorIdentity ?? (await ctx.operatorIdentity(head.profileId))
    if (!operatorIdentity) {
      throw AppError.app('app.invalidInput', { detail: 'operatorIdentity: set the operator (name, mobile or e-mail) for lock operations' }, {
        issues: [{ path: 'operatorIdentity', message: 'required' }],
      })
    }
    const file: LockJobFile = {
      ...head,
      kind: input.kind,
      operatorIdentity,
      chunkSize: input.chunkSize ?? settings.lockChunkSize,
      items: d.unique,
      duplicates: d.duplicates,
    }
    if (d.positions) file.positions = d.positions
    return file
  },

  open(job) {
    const calls = operationCalls({
      op: LOCK_ACTION[lockActionOfKind(job.kind)!].operation,
      request: (items) => ({ body: { assetNums: items.map((i) => job.items[i]!), operatorIdentity: job.operatorIdentity } }),
      interpret(items, data) {
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
    })
    return {
      ...calls,
      // Status 2 (no such lock) and 4 (wrong type) are facts about the lock: the same answer would come back.
      // Status 3 (operation failed), a failed call, an unknown outcome or a cancel may go otherwise next time.
      retryable: retryableUnless((r) => r.status === LOCK_STATUS.notFound || r.status === LOCK_STATUS.wrongType),
      chunkSize: () => job.chunkSize,
      describe: (i) => ({ key: job.items[i]! }),
      failure(items, e) {
        if (e.code === 'app.cancelled') return same(items, CANCELLED)
        if (stopsTheJob(e)) throw e
        return same(items, { result: { state: 'failed', error: itemError(e) } })
      },
    }
  },
}
