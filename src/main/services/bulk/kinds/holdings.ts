/**
 * A bulk assignment (`holdings.configure`): one configure call (member operation 9) per item, an item being one
 * employee's numbers to withdraw and to assign (the rows of a file grouped per employee; see
 * src/shared/holdings/assign-rows.ts). Configure is idempotent (withdrawing what the employee does not hold, or
 * assigning what they hold, changes nothing), so the client retries a lost answer and a resumed job simply sends
 * again. The result of an item is the call's: configure is all or nothing; which rows an error is about is worked
 * out from the items (src/shared/holdings/assign-results.ts).
 */
import { z } from 'zod'
import { FINAL_CODES } from '@shared/holdings/assign-results'
import type { BulkStart, ItemResult } from '@shared/ipc/channels/bulk'
import { configureGroupSchema } from '@shared/ipc/channels/holdings'
import { itemError, jobBaseShape, operationCalls, same, stopsTheJob, CANCELLED, type JobBase, type JobKindSpec } from './kind'

export const holdingsJobSchema = z.object({
  ...jobBaseShape,
  kind: z.literal('holdings.configure'),
  enterpriseGlobalId: z.string(),
  items: z.array(configureGroupSchema),
})
export type HoldingsConfigureJobFile = z.output<typeof holdingsJobSchema>
type Start = Extract<BulkStart, { kind: 'holdings.configure' }>

export const holdingsKind: JobKindSpec<HoldingsConfigureJobFile, Start> = {
  kinds: ['holdings.configure'],
  owns: (f: JobBase): f is HoldingsConfigureJobFile => f.kind === 'holdings.configure',
  accepts: (input): input is Start => input.kind === 'holdings.configure',
  target: (f) => f.enterpriseGlobalId,
  // Items are never repeats of each other: the screen groups the rows, one item per employee.
  build: (input, head) => Promise.resolve({ ...head, kind: 'holdings.configure', enterpriseGlobalId: input.enterpriseGlobalId, items: input.items, duplicates: [] }),

  open(job) {
    const calls = operationCalls({
      op: 'configureAssets',
      request(items) {
        const g = job.items[items[0]!]!
        return { path: { memberGlobalId: g.memberGlobalId }, body: { deleteAssets: g.del, addAssets: g.add } }
      },
      interpret: (items) => items.map((i) => ({ result: { state: 'ok', memberGlobalId: job.items[i]!.memberGlobalId } })),
    })
    return {
      ...calls,
      // A refusal about the number (unknown, another customer's) or the employee (none, several) comes back the
      // same; anything else (60028 once the other holder lets go, a failed call, cancelled) may go otherwise.
      retryable: (r: ItemResult) => r.state === 'cancelled' || r.state === 'unknown' || (r.state === 'failed' && !(r.error && FINAL_CODES.has(r.error.code))),
      chunkSize: () => 1,
      describe(i) {
        const g = job.items[i]!
        return g.name ? { key: g.userName, label: g.name } : { key: g.userName }
      },
      failure(items, e) {
        if (e.code === 'app.cancelled') return same(items, CANCELLED)
        if (stopsTheJob(e)) throw e
        // The client has already retried what a repeat may fix (500, the network): the call failed.
        return same(items, { result: { state: 'failed', error: itemError(e) } })
      },
    }
  },
}
