import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER, customerKey, daysLeft, filterRows, pageOf, windowOf, type ExpiringRow } from '../../../../src/renderer/models/renewals/renewals-model'

const cst = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) - 8 * 3_600_000
function row(key: string, customerName: string, assetNum: string, productUri: string | null, endsAt: number): ExpiringRow {
  return { key, kind: productUri ? 'product' : 'asset', enterpriseGlobalId: 'E1', customerRef: null, customerName, customerId: null, assetId: `A${assetNum}`, assetNum, licenseType: 'normal_recover_usbkey', instanceId: null, productUri, productName: productUri ? `Name of ${productUri}` : null, licenseOrderId: 'LO7', limitConcurrent: 1, endsAt }
}
const rows = [row('1', 'Alpha', '8100000001', 'GMS-1001', cst(2026, 3, 16)), row('2', 'Beta', '8100000002', 'GMS-1002', cst(2026, 3, 15)), row('3', 'Alpha', '8100000003', null, cst(2026, 4, 2))]

describe('renewals screen model', () => {
  it('narrows by customer, by a chart bar (week or month) and by words', () => {
    expect(filterRows(rows, { ...EMPTY_FILTER, customer: customerKey(rows[0]!) }).map((r) => r.key)).toEqual(['1', '3'])
    // 15 March is a Sunday: its week starts on 9 March; 16 March starts the next.
    expect(filterRows(rows, { ...EMPTY_FILTER, size: 'week', bucket: '2026-03-09' }).map((r) => r.key)).toEqual(['2'])
    expect(filterRows(rows, { ...EMPTY_FILTER, size: 'month', bucket: '2026-03' }).map((r) => r.key)).toEqual(['1', '2'])
    expect(filterRows(rows, { ...EMPTY_FILTER, query: 'alpha gms' }).map((r) => r.key)).toEqual(['1'])
    expect(filterRows(rows, { ...EMPTY_FILTER, query: 'lo7 8100000003' }).map((r) => r.key)).toEqual(['3'])
  })

  it('windows, pages and days left', () => {
    expect(windowOf(60, null)).toEqual({ withinDays: 60 })
    expect(windowOf('dates', null)).toBeNull()
    expect(windowOf('dates', ['2026-03-01', '2026-03-31'])).toEqual({ from: '2026-03-01', to: '2026-03-31' })
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4])
    expect(daysLeft(cst(2026, 3, 16), cst(2026, 3, 15))).toBe(1)
    expect(daysLeft(cst(2026, 3, 16), cst(2026, 3, 17))).toBe(0)
  })
})
