/**
 * The background reading of renewals: for every enterprise of a profile's customer book, its assets (order
 * operation 8), then the products under each asset (member operation 7), a few calls at once (the bulk
 * concurrency setting), with progress, pause and resume. Reads only: nothing here needs the bulk runner's journal
 * of writes, chunks or read-backs of unknown outcomes (docs/decisions.md, "Renewals"). An enterprise whose assets
 * cannot be read keeps its last reading; the member group answers only for the connection's own enterprise, so
 * the first product list another enterprise refuses (60000, 60024) ends the product calls of that enterprise.
 */
import pLimit from 'p-limit'
import { AppError, toAppErrorData, type AppErrorData } from '@shared/errors/app-error'
import { flattenProducts } from '@shared/holdings/audit'
import type { RenewalStatus } from '@shared/ipc/channels/renewals'
import type { ApiClient } from '../../api/client'
import { stopsTheJob } from '../bulk/kinds/kind'
import type { CachedEnterprise, RenewalCache } from './cache'

export interface ReaderDeps {
  clientFor(profileId: string): Promise<ApiClient>
  cache: RenewalCache
  concurrency(): Promise<number>
  onProgress(s: RenewalStatus): void
  now: () => number
}

const NOT_VISIBLE = new Set(['60000', '60024'])
/** Least time between two progress events of a reading. */
const PROGRESS_EVERY_MS = 100

/** One reading of one profile. */
export class RenewalRead {
  readonly status: RenewalStatus
  private gate: { promise: Promise<void>; open: () => void } | null = null
  private lastEmit = 0
  readonly finished: Promise<RenewalStatus>

  constructor(
    private readonly deps: ReaderDeps,
    profileId: string,
    enterprises: readonly string[],
  ) {
    this.status = { profileId, state: 'running', done: 0, total: enterprises.length, failed: 0, error: null }
    this.finished = this.run(enterprises)
  }

  pause(): void {
    if (this.status.state !== 'running') return
    let open = (): void => {}
    const promise = new Promise<void>((resolve) => (open = resolve))
    this.gate = { promise, open }
    this.status.state = 'paused'
    this.emit(true)
  }

  resume(): void {
    if (this.status.state !== 'paused' || !this.gate) return
    const g = this.gate
    this.gate = null
    this.status.state = 'running'
    this.emit(true)
    g.open()
  }

  private emit(force = false): void {
    const t = this.deps.now()
    if (!force && t - this.lastEmit < PROGRESS_EVERY_MS) return
    this.lastEmit = t
    this.deps.onProgress({ ...this.status })
  }

  /** Waits while paused. */
  private async open(): Promise<void> {
    while (this.gate) await this.gate.promise
  }

  private async run(enterprises: readonly string[]): Promise<RenewalStatus> {
    const { profileId } = this.status
    this.emit(true)
    try {
      const client = await this.deps.clientFor(profileId)
      const limit = pLimit(await this.deps.concurrency())
      let stop: AppError | null = null
      /** One call when its turn comes (after a pause), or none when `skip` then says so (it leaves the total). */
      const call = <T>(work: () => Promise<T>, skip?: () => boolean): Promise<T | null> =>
        limit(async () => {
          await this.open()
          if (stop) throw stop
          if (skip?.()) {
            this.status.total--
            return null
          }
          try {
            return await work()
          } finally {
            this.status.done++
            this.emit()
          }
        })
      await Promise.all(
        enterprises.map(async (enterpriseGlobalId) => {
          const readAt = this.deps.now()
          let records
          try {
            records = (await call(() => client.listVirtualAssets(enterpriseGlobalId))) ?? []
          } catch (err) {
            const e = err instanceof AppError ? err : AppError.app('app.internal')
            if (stopsTheJob(e) && !stop) stop = e
            this.status.failed++
            const before = (await this.deps.cache.get(profileId)).get(enterpriseGlobalId)
            await this.deps.cache.put(profileId, before ? { ...before, error: e.toData() } : emptyReading(enterpriseGlobalId, readAt, e.toData()))
            return
          }
          const assets = records.map((r) => ({
            id: r.id,
            assetNum: r.assetNum,
            licenseType: r.licenseType,
            customerId: r.customerId ?? null,
            limitStartTime: r.limitStartTime ?? null,
            limitEndTime: r.limitEndTime ?? null,
          }))
          this.status.total += assets.length
          const reading: CachedEnterprise = { enterpriseGlobalId, readAt, error: null, productsError: null, assets, products: [] }
          let hidden = false
          await Promise.all(
            assets.map(async (a) => {
              try {
                const data = await call(() => client.listAssetProducts(a.id), () => hidden)
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
              } catch (err) {
                const d: AppErrorData = toAppErrorData(err)
                if (NOT_VISIBLE.has(d.code)) hidden = true
                reading.productsError ??= d
              }
            }),
          )
          await this.deps.cache.put(profileId, reading)
        }),
      )
      await this.deps.cache.save(profileId)
      if (stop) {
        this.status.state = 'failed'
        this.status.error = (stop as AppError).toData()
      } else this.status.state = 'done'
    } catch (err) {
      this.status.state = 'failed'
      this.status.error = toAppErrorData(err)
    }
    this.emit(true)
    return { ...this.status }
  }
}

function emptyReading(enterpriseGlobalId: string, readAt: number, error: AppErrorData): CachedEnterprise {
  // Never read: an empty reading that says why, with no time of a good reading (readAt is when it was tried).
  return { enterpriseGlobalId, readAt, error, productsError: null, assets: [], products: [] }
}
