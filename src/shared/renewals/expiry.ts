/**
 * What expires when: the one rule of the Renewals screen, its export and `license-desk renewals list`.
 *
 * Where the dates come from (the spec gives no other end dates): an asset's `limitEndTime` (order operation 8, the
 * enterprise's virtual assets) and a product instance's `limitEndTime` (member operation 7, the products under an
 * asset). Times are milliseconds since the epoch (docs/decisions.md, "Protocol").
 *
 * The date rule: days, weeks and months are counted in China Standard Time (UTC+08:00, no daylight saving), the
 * service's zone, as the audit workbook and the order files already say dates. "Within N days" is from now to the
 * end of the N-th day after today; a range of dates is from the start of its first day to the end of its last. An
 * end date at or after the window's start and before its end is in it; what has already ended is not. A week
 * starts on Monday. A product instance already renewed is not listed: one whose asset holds another instance of
 * the same product (URI) starting at or before its end and ending after it (what a renewal order adds). Pure: no
 * DOM, no Node.
 */
import { SERVICE_OFFSET_MS, serviceDate, serviceDateTime, serviceDayEnd, serviceDayStart } from '../time/dates'

/** The service's zone: China Standard Time (src/shared/time/dates.ts keeps the rule). */
export const SERVICE_ZONE_OFFSET_MS = SERVICE_OFFSET_MS
/** The zone as every date of the screen, the export and the CLI names it. */
export const SERVICE_ZONE_LABEL = 'UTC+08:00'
const DAY_MS = 86_400_000
/** The windows offered (any whole number of days from 1 to MAX_WINDOW_DAYS may be asked for). */
export const WINDOW_CHOICES = [30, 60, 90] as const
export const MAX_WINDOW_DAYS = 3_660

/** A window: the next `withinDays` days, or the days `from` to `to` (yyyy-mm-dd, both included). */
export type RenewalWindow = { withinDays: number } | { from: string; to: string }

/** An asset of an enterprise as the rule needs it (order operation 8's record). */
export interface RenewalAsset {
  id: string
  assetNum: string
  licenseType: string
  customerId: string | null
  limitStartTime: number | null
  limitEndTime: number | null
}

/** A product instance under an asset (member operation 7), with what a renewal order repeats. */
export interface RenewalProduct {
  assetId: string
  id: string
  productUri: string
  productName: string
  productType: string | null
  gmsPid: string | null
  appKey: string | null
  licenseOrderId: string | null
  limitStartTime: number | null
  limitEndTime: number | null
  limitConcurrent: number | null
  timeDurationExpression: string | null
}

/** A customer of the book in an enterprise. */
export interface RenewalCustomer {
  /** The book's id. */
  ref: string
  customerName: string
  customerId: string | null
}

/** One enterprise of the customer book, as read. */
export interface RenewalEnterprise {
  enterpriseGlobalId: string
  customers: RenewalCustomer[]
  assets: RenewalAsset[]
  products: RenewalProduct[]
}

/** One thing that expires. */
export interface ExpiringRow {
  /** Unique in a reading: `a:<asset id>` or `p:<asset id>:<instance id>`. */
  key: string
  kind: 'asset' | 'product'
  enterpriseGlobalId: string
  /** The book's customer the asset belongs to (by customer id), else the enterprise's first. */
  customerRef: string | null
  customerName: string
  customerId: string | null
  assetId: string
  assetNum: string
  licenseType: string
  /** Product rows only (null for an asset's own end date): the instance id, its product and order. */
  instanceId: string | null
  productUri: string | null
  productName: string | null
  licenseOrderId: string | null
  limitConcurrent: number | null
  endsAt: number
}

/** The start of the service-zone day holding `ms`. */
export function dayStart(ms: number): number {
  return serviceDayEnd(ms) + 1 - DAY_MS
}

/** `ms` as `yyyy-mm-dd` in the service's zone. */
export const dayText = (ms: number): string => serviceDate(ms)

/** `ms` as `yyyy-mm-dd HH:mm` in the service's zone (without the zone's name). */
export const timeText = (ms: number): string => serviceDateTime(ms)

/** The start of a `yyyy-mm-dd` day in the service's zone; null when it is no such day. */
export function parseDay(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim())
  return m ? serviceDayStart(Number(m[1]), Number(m[2]), Number(m[3])) : null
}

/** "60d", "60", "8w", "2m" (30-day months) → days; null when it is none of those or out of 1..MAX_WINDOW_DAYS. */
export function parseWithin(text: string): number | null {
  const m = /^\s*(\d{1,5})\s*([dwm]?)\s*$/i.exec(text)
  if (!m) return null
  const n = Number(m[1]) * ({ '': 1, d: 1, w: 7, m: 30 } as Record<string, number>)[m[2]!.toLowerCase()]!
  return n >= 1 && n <= MAX_WINDOW_DAYS ? n : null
}

/** The window as instants: [from, to). Throws RangeError for a window that is not one (the channel checks first). */
export function windowRange(w: RenewalWindow, now: number): { from: number; to: number } {
  if ('withinDays' in w) return { from: now, to: dayStart(now) + (w.withinDays + 1) * DAY_MS }
  const from = parseDay(w.from)
  const to = parseDay(w.to)
  if (from === null || to === null || to < from) throw new RangeError(`not a range of days: ${w.from} to ${w.to}`)
  return { from, to: to + DAY_MS }
}

/** Everything of these enterprises that ends in [from, to), soonest first (then customer, asset, product). */
export function expiringRows(enterprises: readonly RenewalEnterprise[], range: { from: number; to: number }): ExpiringRow[] {
  const rows: ExpiringRow[] = []
  const inside = (t: number | null): t is number => t !== null && t >= range.from && t < range.to
  for (const e of enterprises) {
    const byCustomerId = new Map<string, RenewalCustomer>()
    for (const c of e.customers) if (c.customerId && !byCustomerId.has(c.customerId)) byCustomerId.set(c.customerId, c)
    const customerOf = (customerId: string | null): RenewalCustomer | undefined =>
      (customerId ? byCustomerId.get(customerId) : undefined) ?? e.customers[0]
    const assets = new Map(e.assets.map((a) => [a.id, a]))
    // The instances of each product on each asset, to tell a renewed one (see the module comment).
    const sameProduct = new Map<string, RenewalProduct[]>()
    for (const p of e.products) {
      const k = `${p.assetId}\u0000${p.productUri}`
      const l = sameProduct.get(k)
      if (l) l.push(p)
      else sameProduct.set(k, [p])
    }
    const renewed = (p: RenewalProduct, end: number): boolean =>
      (sameProduct.get(`${p.assetId}\u0000${p.productUri}`) ?? []).some(
        (o) => o.limitEndTime !== null && o.limitEndTime > end && (o.limitStartTime ?? -Infinity) <= end,
      )
    const base = (a: RenewalAsset) => {
      const c = customerOf(a.customerId)
      return {
        enterpriseGlobalId: e.enterpriseGlobalId,
        customerRef: c?.ref ?? null,
        customerName: c?.customerName || e.enterpriseGlobalId,
        customerId: a.customerId ?? c?.customerId ?? null,
        assetId: a.id,
        assetNum: a.assetNum,
        licenseType: a.licenseType,
      }
    }
    for (const a of e.assets) {
      if (!inside(a.limitEndTime)) continue
      rows.push({ key: `a:${a.id}`, kind: 'asset', ...base(a), instanceId: null, productUri: null, productName: null, licenseOrderId: null, limitConcurrent: null, endsAt: a.limitEndTime })
    }
    for (const p of e.products) {
      const a = assets.get(p.assetId)
      if (!a || !inside(p.limitEndTime) || renewed(p, p.limitEndTime)) continue
      rows.push({
        key: `p:${a.id}:${p.id}`,
        kind: 'product',
        ...base(a),
        instanceId: p.id,
        productUri: p.productUri,
        productName: p.productName,
        licenseOrderId: p.licenseOrderId,
        limitConcurrent: p.limitConcurrent,
        endsAt: p.limitEndTime,
      })
    }
  }
  return rows.sort(
    (x, y) =>
      x.endsAt - y.endsAt ||
      x.customerName.localeCompare(y.customerName) ||
      x.assetNum.localeCompare(y.assetNum) ||
      (x.productUri ?? '').localeCompare(y.productUri ?? ''),
  )
}

/** Rows per customer, most first: what the screen's groups show. */
export function customerCounts(rows: readonly ExpiringRow[]): { customerName: string; enterpriseGlobalId: string; count: number }[] {
  const m = new Map<string, { customerName: string; enterpriseGlobalId: string; count: number }>()
  for (const r of rows) {
    const k = `${r.enterpriseGlobalId}\u0000${r.customerName}`
    const g = m.get(k)
    if (g) g.count++
    else m.set(k, { customerName: r.customerName, enterpriseGlobalId: r.enterpriseGlobalId, count: 1 })
  }
  return [...m.values()].sort((a, b) => b.count - a.count || a.customerName.localeCompare(b.customerName))
}

export type BucketSize = 'week' | 'month'

/** The chart's bucket of an instant: `yyyy-mm` (month) or the `yyyy-mm-dd` of its week's Monday, service zone. */
export function bucketOf(ms: number, size: BucketSize): string {
  if (size === 'month') return dayText(ms).slice(0, 7)
  const start = dayStart(ms)
  // 1970-01-01 was a Thursday: days since a Monday.
  const weekday = (Math.floor((start + SERVICE_ZONE_OFFSET_MS) / DAY_MS) + 3) % 7
  return dayText(start - weekday * DAY_MS)
}

/** Counts per bucket over the window, every bucket from the first to the last present (zeros too), in order. */
export function buckets(rows: readonly ExpiringRow[], size: BucketSize, range: { from: number; to: number }): { bucket: string; count: number }[] {
  const counts = new Map<string, number>()
  for (const r of rows) {
    const b = bucketOf(r.endsAt, size)
    counts.set(b, (counts.get(b) ?? 0) + 1)
  }
  const out: { bucket: string; count: number }[] = []
  let t = range.from
  const last = bucketOf(range.to - 1, size)
  for (let guard = 0; guard <= MAX_WINDOW_DAYS + 31; guard++) {
    const b = bucketOf(t, size)
    if (out.length === 0 || out[out.length - 1]!.bucket !== b) out.push({ bucket: b, count: counts.get(b) ?? 0 })
    if (b === last) break
    t += DAY_MS
  }
  return out
}
