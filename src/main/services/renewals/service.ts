/**
 * Renewals: the customer book's enterprises read in the background by a bulk job (reading.ts), kept with the time they were read
 * (cache.ts), what expires in a window (the shared rule), "renew" into an order draft, the export. One reading per
 * profile at a time.
 */
import { AppError } from '@shared/errors/app-error'
import type { Locale } from '@shared/i18n/locale'
import type { JobStatus } from '@shared/ipc/channels/bulk'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import type { RenewalList, RenewalStatus } from '@shared/ipc/channels/renewals'
import type { CustomerRecord } from '@shared/ipc/channels/customers'
import type { Catalog } from '@shared/orders/catalog'
import { newInstanceId } from '@shared/orders/instance-ids'
import { proposeChannelOrderId } from '@shared/orders/order-number'
import { renewalDraft } from '@shared/renewals/draft'
import { expiringRows, windowRange, type RenewalEnterprise, type RenewalWindow } from '@shared/renewals/expiry'
import type { DraftStore } from '../drafts'
import type { ExportTable } from '../exports'
import type { Storage } from '../storage'
import { RenewalCache } from './cache'
import { renewalsTable } from './export'
import { RenewalReading, type ReadRunner } from './reading'

export interface RenewalsDeps {
  /** The core's bulk runner: the reading is one of its jobs. */
  bulk: ReadRunner
  dataDir: string
  /** The profile's customer book (removed customers left out). */
  customers(profileId: string): CustomerRecord[]
  catalog(profileId: string): Catalog
  storage: Storage
  drafts: Pick<DraftStore, 'save'>
  instanceIdPrefix(): Promise<string>
  onProgress(s: RenewalStatus): void
  now?: () => number
}

export class RenewalsService {
  private readonly cache: RenewalCache
  private readonly reading: RenewalReading
  private readonly now: () => number

  constructor(private readonly deps: RenewalsDeps) {
    this.cache = new RenewalCache(deps.storage)
    this.now = deps.now ?? Date.now
    this.reading = new RenewalReading({ bulk: deps.bulk, dataDir: deps.dataDir, cache: this.cache, onProgress: deps.onProgress })
  }

  /** The book's enterprises (in the book's order) and their customers as the rule needs them. */
  private async enterprises(profileId: string): Promise<{ list: RenewalEnterprise[]; records: CustomerRecord[]; readAt: Map<string, number | null>; states: RenewalList['enterprises'] }> {
    const records = this.deps.customers(profileId)
    const cached = await this.cache.get(profileId)
    const byEnterprise = new Map<string, RenewalEnterprise>()
    for (const c of records) {
      const id = c.enterpriseGlobalId
      if (!id) continue
      let e = byEnterprise.get(id)
      if (!e) {
        const r = cached.get(id)
        e = { enterpriseGlobalId: id, customers: [], assets: r?.assets ?? [], products: r?.products ?? [] }
        byEnterprise.set(id, e)
      }
      e.customers.push({ ref: c.id, customerName: c.customerName ?? c.enterpriseName ?? id, customerId: c.customerId })
    }
    const list = [...byEnterprise.values()]
    const readAt = new Map<string, number | null>()
    const states = list.map((e) => {
      const r = cached.get(e.enterpriseGlobalId)
      readAt.set(e.enterpriseGlobalId, r?.readAt ?? null)
      return {
        enterpriseGlobalId: e.enterpriseGlobalId,
        customerName: e.customers[0]?.customerName ?? e.enterpriseGlobalId,
        readAt: r?.readAt ?? null,
        assets: e.assets.length,
        products: e.products.length,
        error: r?.error ?? null,
        productsError: r?.productsError ?? null,
      }
    })
    return { list, records, readAt, states }
  }

  status(profileId: string): Promise<RenewalStatus> {
    return this.reading.status(profileId)
  }

  /** What expires in the window, from the last reading. */
  async list(profileId: string, window: RenewalWindow): Promise<RenewalList> {
    const range = windowRange(window, this.now())
    const { list, states } = await this.enterprises(profileId)
    const times = states.map((s) => s.readAt).filter((t): t is number => t !== null)
    return { readAt: times.length ? Math.min(...times) : null, range, rows: expiringRows(list, range), enterprises: states, status: await this.status(profileId) }
  }

  /** The book's enterprises, once each, in the book's order. */
  private ids(profileId: string): string[] {
    return [...new Set(this.deps.customers(profileId).flatMap((c) => (c.enterpriseGlobalId ? [c.enterpriseGlobalId] : [])))]
  }

  /** Starts a reading (or returns the one not over). */
  refresh(profileId: string): Promise<RenewalStatus> {
    return this.reading.refresh(profileId, this.ids(profileId))
  }

  /** A reading to its end in this process (the CLI). */
  read(profileId: string): Promise<RenewalStatus> {
    return this.reading.read(profileId, this.ids(profileId))
  }

  pause(profileId: string): Promise<RenewalStatus> {
    return this.reading.pause(profileId)
  }

  resume(profileId: string): Promise<RenewalStatus> {
    return this.reading.resume(profileId)
  }

  /** A `bulk.progress` event of a reading job (the core passes them on). */
  onJobProgress(jobId: string, status: JobStatus): void {
    this.reading.onJobProgress(jobId, status)
  }

  /** An order draft renewing the rows with these keys (src/shared/renewals/draft.ts), not ready. */
  async renew(profileId: string, keys: readonly string[]): Promise<DraftMeta> {
    const { list, records } = await this.enterprises(profileId)
    const wanted = new Set(keys)
    const rows = expiringRows(list, { from: -Number.MAX_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER }).filter((r) => wanted.has(r.key))
    if (rows.length !== wanted.size) throw AppError.app('app.notFound', { what: `${wanted.size - rows.length} of the rows to renew (read them again)` })
    const types = new Map(this.deps.catalog(profileId).products.map((p) => [p.productUri, p.productType]))
    const products = list.flatMap((e) => e.products).map((p) => ({ ...p, productType: p.productType ?? types.get(p.productUri) ?? null }))
    const prefix = await this.deps.instanceIdPrefix()
    const draft = renewalDraft({
      rows,
      products,
      customers: records,
      channelOrderId: proposeChannelOrderId(new Date(this.now())),
      newInstanceId: () => newInstanceId(prefix),
    })
    const who = [...new Set(rows.map((r) => r.customerName))]
    const name = `Renewal: ${who.slice(0, 2).join(', ')}${who.length > 2 ? ` +${who.length - 2}` : ''} (${rows.length})`.slice(0, 200)
    return this.deps.drafts.save({ kind: 'orders.order', profileId, name, body: draft, baseRevision: 0 })
  }

  /** The window's rows as the export writes them (src/main/services/exports). */
  async exportTable(profileId: string, window: RenewalWindow, locale: Locale): Promise<ExportTable> {
    const { list, readAt } = await this.enterprises(profileId)
    const rows = expiringRows(list, windowRange(window, this.now()))
    const t = renewalsTable(rows, readAt, locale)
    return { baseName: locale === 'zh-CN' ? '续费到期' : 'renewals', sheetName: locale === 'zh-CN' ? '到期' : 'Renewals', ...t, total: t.rows.length }
  }
}
