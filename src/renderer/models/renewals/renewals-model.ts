/**
 * The Renewals screen's own logic, apart from Vue: the window chosen, the filters (a customer, a bar of the
 * chart, words), the page of rows shown, and the chart's data. What expires when is the shared rule's
 * (@shared/renewals/expiry); this only narrows and counts what the core listed.
 */
import type { ExpiringRow as Row } from '@shared/renewals/expiry'
import { bucketOf, buckets, customerCounts, type BucketSize, type RenewalWindow } from '@shared/renewals/expiry'

export type ExpiringRow = Row

/** What the window select offers: the next 30, 60, 90 days, or dates. */
export type WindowChoice = 30 | 60 | 90 | 'dates'

export function windowOf(choice: WindowChoice, dates: [string, string] | null): RenewalWindow | null {
  if (choice !== 'dates') return { withinDays: choice }
  return dates ? { from: dates[0], to: dates[1] } : null
}

export interface RenewalFilter {
  /** `enterpriseGlobalId\u0000customerName` of one customer group, or ''. */
  customer: string
  /** A chart bar (bucketOf at `size`), or ''. */
  bucket: string
  size: BucketSize
  /** Words found in the customer, asset number, product name or URI, license order id (all of them, any case). */
  query: string
}

export const EMPTY_FILTER: RenewalFilter = { customer: '', bucket: '', size: 'week', query: '' }

export const customerKey = (r: { enterpriseGlobalId: string; customerName: string }): string => `${r.enterpriseGlobalId}\u0000${r.customerName}`

/** The rows the filter keeps, in their order (one pass; the words folded once). */
export function filterRows(rows: readonly ExpiringRow[], f: RenewalFilter): ExpiringRow[] {
  const words = f.query.toLowerCase().split(/\s+/).filter(Boolean)
  return rows.filter((r) => {
    if (f.customer && customerKey(r) !== f.customer) return false
    if (f.bucket && bucketOf(r.endsAt, f.size) !== f.bucket) return false
    if (words.length === 0) return true
    const text = `${r.customerName} ${r.assetNum} ${r.productName ?? ''} ${r.productUri ?? ''} ${r.licenseOrderId ?? ''}`.toLowerCase()
    return words.every((w) => text.includes(w))
  })
}

/** Customer groups with counts (of the rows before the customer filter, so every group stays offered). */
export function customerGroups(rows: readonly ExpiringRow[]) {
  return customerCounts(rows).map((c) => ({ ...c, key: customerKey(c) }))
}

/** The chart's bars over the window (zeros too), of the rows before the bar filter. */
export function chartBars(rows: readonly ExpiringRow[], size: BucketSize, range: { from: number; to: number }) {
  return buckets(rows, size, range)
}

/** Rows of one page. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): T[] {
  return rows.slice((page - 1) * size, page * size)
}

/** Whole days from `now` to `endsAt`, rounded up (0 for later today). */
export function daysLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 86_400_000))
}
