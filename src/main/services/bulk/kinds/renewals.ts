/**
 * Reading renewals (`renewals.read`): one item per enterprise of the customer book; its "call" is a read: the
 * enterprise's assets (order operation 8), then the products under each asset (member operation 7), one call after
 * the other in the item's place (each takes the place again, as the offboarding steps do). Nothing is written to
 * the service, so nothing is journaled (the client journals writes only) and any item may simply be read again:
 * not a create, never split, every failure retryable.
 *
 * The item's result is data: before the runner records it, the reading is appended to the job's readings file
 * (src/main/services/renewals/readings.ts), which the renewals service merges into the profile's cache. An
 * enterprise whose asset list fails gets a line saying why (its last reading is kept) and fails; one whose products
 * cannot be read (the member group answers only for the connection's own enterprise: 60000, 60024) is read with its
 * assets' own dates and that error, and the first such refusal ends its product calls.
 */
import { z } from 'zod'
import { AppError, toAppErrorData } from '@shared/errors/app-error'
import { flattenProducts } from '@shared/holdings/audit'
import type { ItemResult } from '@shared/ipc/channels/bulk'
import { renewalReadItemSchema, type RenewalReadStart } from '@shared/renewals/read-job'
import type { ApiClient, CallOptions } from '../../../api/client'
import type { CachedEnterprise } from '../../renewals/cache'
import { ReadingsWriter, readingsPath } from '../../renewals/readings'
import { dedupe } from '../dedupe'
import { itemError, jobBaseShape, onePerCall, retryableUnless, stopsTheJob, type JobBase, type JobKindSpec, type SentAnswer } from './kind'

export const renewalReadJobSchema = z.object({
  ...jobBaseShape,
  kind: z.literal('renewals.read'),
  items: z.array(renewalReadItemSchema),
})
export type RenewalReadJobFile = z.output<typeof renewalReadJobSchema>

/** Refusals of the member group for an enterprise other than the connection's own. */
const NOT_VISIBLE = new Set(['60000', '60024'])

const asAppError = (err: unknown): AppError => (err instanceof AppError ? err : AppError.app('app.internal'))

/** One enterprise read: its assets, then each asset's products. */
async function readEnterprise(client: ApiClient, enterpriseGlobalId: string, opts: CallOptions): Promise<{ reading: CachedEnterprise } | { stop: AppError }> {
  const readAt = Date.now()
  let records
  try {
    records = await client.listVirtualAssets(enterpriseGlobalId, undefined, opts)
  } catch (err) {
    return { stop: asAppError(err) }
  }
  const assets = records.map((r) => ({
    id: r.id,
    assetNum: r.assetNum,
    licenseType: r.licenseType,
    customerId: r.customerId ?? null,
    limitStartTime: r.limitStartTime ?? null,
    limitEndTime: r.limitEndTime ?? null,
  }))
  const reading: CachedEnterprise = { enterpriseGlobalId, readAt, error: null, productsError: null, assets, products: [] }
  for (const a of assets) {
    await opts.slot?.acquire()
    let data
    try {
      data = await client.listAssetProducts(a.id, opts)
    } catch (err) {
      const e = asAppError(err)
      if (e.code === 'app.cancelled') return { stop: e }
      reading.productsError ??= toAppErrorData(e)
      if (NOT_VISIBLE.has(e.code)) break
      continue
    }
    for (const { product: p } of flattenProducts(data)) {
      reading.products.push({
        assetId: a.id,
        id: String(p.id),
        productUri: p.productUri || p.gmsPid || p.appKey || '',
        productName: p.productName ?? '',
        productType: null,
        gmsPid: p.gmsPid ?? null,
        appKey: p.appKey ?? null,
        licenseOrderId: p.licenseOrderId ?? null,
        limitStartTime: p.limitStartTime ?? null,
        limitEndTime: p.limitEndTime ?? null,
        limitConcurrent: p.limitConcurrent ?? null,
        timeDurationExpression: p.timeDurationExpression ?? null,
      })
    }
  }
  return { reading }
}

export const renewalReadKind: JobKindSpec<RenewalReadJobFile, RenewalReadStart> = {
  kinds: ['renewals.read'],
  owns: (f: JobBase): f is RenewalReadJobFile => f.kind === 'renewals.read',
  accepts: (input): input is RenewalReadStart => input.kind === 'renewals.read',
  target: () => '',
  build(input, head) {
    const d = dedupe(input.items, (e) => e.enterpriseGlobalId)
    return Promise.resolve({ ...head, kind: 'renewals.read', items: d.unique, duplicates: d.duplicates, ...(d.positions ? { positions: d.positions } : {}) })
  },

  open(job, env) {
    const writer = env ? new ReadingsWriter(readingsPath(env.dataDir, job.id)) : null

    async function item(client: ApiClient, i: number, opts: CallOptions): Promise<SentAnswer> {
      const eid = job.items[i]!.enterpriseGlobalId
      if (!writer) return { error: AppError.app('app.internal') }
      const r = await readEnterprise(client, eid, opts)
      if ('stop' in r) {
        const e = r.stop
        if (stopsTheJob(e) || e.code === 'app.cancelled') return { error: e }
        const failed: ItemResult = { state: 'failed', error: itemError(e) }
        try {
          await writer.append({ enterpriseGlobalId: eid, readAt: Date.now(), error: failed.error!, productsError: null, assets: [], products: [] })
        } catch (err) {
          return { error: AppError.app('app.storage', { detail: String(err) }) }
        }
        return { outcomes: [{ result: failed }] }
      }
      try {
        await writer.append(r.reading)
      } catch (err) {
        // Not kept: the job stops (a full disk fails every enterprise alike), the enterprise is read again on resume.
        return { error: AppError.app('app.storage', { detail: String(err) }) }
      }
      return { outcomes: [{ result: { state: 'ok' } }] }
    }

    return {
      ...onePerCall(item),
      describe: (i) => ({ key: job.items[i]!.enterpriseGlobalId }),
      // A read repeats harmlessly: whatever did not end read may be read again.
      retryable: retryableUnless(() => false),
    }
  },
}
