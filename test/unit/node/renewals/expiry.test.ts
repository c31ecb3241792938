import { describe, expect, it } from 'vitest'
import { renewalDraft } from '../../../../src/shared/renewals/draft'
import {
  bucketOf,
  buckets,
  customerCounts,
  dayText,
  expiringRows,
  parseDay,
  parseWithin,
  windowRange,
  type RenewalEnterprise,
  type RenewalProduct,
} from '../../../../src/shared/renewals/expiry'
import { checkOrderDraft } from '../../../../src/shared/orders/draft'

/** 2026-03-10 15:00 China time (07:00 UTC), a Tuesday. */
const NOW = Date.UTC(2026, 2, 10, 7)
const cst = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h) - 8 * 3_600_000

function product(id: string, assetId: string, uri: string, start: number | null, end: number | null, extra: Partial<RenewalProduct> = {}): RenewalProduct {
  return { assetId, id, productUri: uri, productName: `Name ${uri}`, productType: 'tool', gmsPid: uri, appKey: null, licenseOrderId: 'LO1', limitStartTime: start, limitEndTime: end, limitConcurrent: 2, timeDurationExpression: '1-0-0', ...extra }
}

const enterprise: RenewalEnterprise = {
  enterpriseGlobalId: 'E1',
  customers: [
    { ref: 'b1', customerName: 'Alpha', customerId: 'C1' },
    { ref: 'b2', customerName: 'Beta', customerId: 'C2' },
  ],
  assets: [
    { id: 'A1', assetNum: '8100000001', licenseType: 'normal_recover_usbkey', customerId: 'C1', limitStartTime: null, limitEndTime: null },
    { id: 'A2', assetNum: '8100000002', licenseType: 'lk_auth_usbkey', customerId: 'C2', limitStartTime: cst(2024, 4, 1), limitEndTime: cst(2026, 4, 1) },
    { id: 'A3', assetNum: '8100000003', licenseType: 'normal_recover_usbkey', customerId: 'C9', limitStartTime: null, limitEndTime: null },
  ],
  products: [
    // Ends at the end of the 60th day (China time): in a 60-day window, not in a 59-day one.
    product('p1', 'A1', 'GMS-1', cst(2025, 5, 9), cst(2026, 5, 9, 23)),
    // Already ended an hour before now.
    product('p2', 'A1', 'GMS-2', cst(2025, 3, 10), NOW - 3_600_000),
    // Ends soon but renewed: another instance of the same product starts at its end.
    product('p3', 'A1', 'GMS-3', cst(2025, 3, 20), cst(2026, 3, 20)),
    product('p4', 'A1', 'GMS-3', cst(2026, 3, 20), cst(2027, 3, 20)),
    // No end date: never listed.
    product('p5', 'A3', 'GMS-4', null, null),
    product('p6', 'A3', 'GMS-4', cst(2025, 3, 12), cst(2026, 3, 12), { timeDurationExpression: '0-6-0' }),
  ],
}

describe('what expires when', () => {
  it('a window of N days runs from now to the end of the N-th day after today, China time', () => {
    const r = windowRange({ withinDays: 60 }, NOW)
    expect(r.from).toBe(NOW)
    expect(r.to).toBe(cst(2026, 5, 10))
    expect(windowRange({ from: '2026-03-01', to: '2026-03-31' }, NOW)).toEqual({ from: cst(2026, 3, 1), to: cst(2026, 4, 1) })
    expect(() => windowRange({ from: '2026-03-31', to: '2026-03-01' }, NOW)).toThrow(RangeError)
  })

  it('lists assets and products ending in the window, soonest first, with their customer; not what ended or was renewed', () => {
    const rows = expiringRows([enterprise], windowRange({ withinDays: 60 }, NOW))
    expect(rows.map((r) => r.key)).toEqual(['p:A3:p6', 'a:A2', 'p:A1:p1'])
    expect(rows.map((r) => r.customerName)).toEqual(['Alpha', 'Beta', 'Alpha'])
    // A3's customer is not in the book: the enterprise's first customer names it, its own customer id kept.
    expect(rows[0]!.customerId).toBe('C9')
    expect(rows[1]).toMatchObject({ kind: 'asset', assetNum: '8100000002', productUri: null })
    expect(expiringRows([enterprise], windowRange({ withinDays: 59 }, NOW)).map((r) => r.key)).toEqual(['p:A3:p6', 'a:A2'])
    // Without the renewing instance p4, p3 is listed.
    const noRenewal = { ...enterprise, products: enterprise.products.filter((p) => p.id !== 'p4') }
    expect(expiringRows([noRenewal], windowRange({ withinDays: 60 }, NOW)).map((r) => r.key)).toContain('p:A1:p3')
  })

  it('counts per customer and per week or month (weeks from Monday, every bucket of the window)', () => {
    const range = windowRange({ withinDays: 60 }, NOW)
    const rows = expiringRows([enterprise], range)
    expect(customerCounts(rows)).toEqual([
      { customerName: 'Alpha', enterpriseGlobalId: 'E1', count: 2 },
      { customerName: 'Beta', enterpriseGlobalId: 'E1', count: 1 },
    ])
    // Sunday 23:30 China time is still that week; Monday 00:00 starts the next.
    expect(bucketOf(cst(2026, 3, 15, 23), 'week')).toBe('2026-03-09')
    expect(bucketOf(cst(2026, 3, 16), 'week')).toBe('2026-03-16')
    expect(bucketOf(cst(2026, 4, 1), 'month')).toBe('2026-04')
    const months = buckets(rows, 'month', range)
    expect(months).toEqual([
      { bucket: '2026-03', count: 1 },
      { bucket: '2026-04', count: 1 },
      { bucket: '2026-05', count: 1 },
    ])
    expect(buckets(rows, 'week', range)).toHaveLength(9)
  })

  it('reads days and "within" texts strictly', () => {
    expect(parseDay('2026-02-30')).toBeNull()
    expect(dayText(parseDay('2026-02-28')!)).toBe('2026-02-28')
    expect(parseWithin('60d')).toBe(60)
    expect(parseWithin('8w')).toBe(56)
    expect(parseWithin('60')).toBe(60)
    expect(parseWithin('0d')).toBeNull()
    expect(parseWithin('soon')).toBeNull()
  })
})

describe('renew into a draft', () => {
  it('makes a new_buy per customer and license type, a group per asset, each product from its old end for the same length', () => {
    const rows = expiringRows([enterprise], windowRange({ withinDays: 60 }, NOW))
    let n = 0
    const draft = renewalDraft({
      rows,
      products: enterprise.products,
      customers: [
        { id: 'b1', customerType: 'company', customerName: 'Alpha', customerId: 'C1', crmCustomerId: 'CRM1', channelCustomerId: 'CH1', enterpriseGlobalId: 'E1', branchCode: 'BJ', branchName: 'Beijing', adminName: 'A', adminAccount: 'a', adminEmail: 'a@x.example', adminCellNumber: '13900000000', passwordMobile: '13900000000', address: 'Road 1' },
      ],
      channelOrderId: 'LD-1',
      newInstanceId: () => `ID-${++n}`,
    })
    expect(draft.ready).toBe(false)
    expect(draft.entries.map((e) => [e.orderType, e.licenseType, e.customerId, e.assets.map((g) => g.assetNos[0])])).toEqual([
      ['new_buy', 'normal_recover_usbkey', 'C9', ['8100000003']],
      ['new_buy', 'lk_auth_usbkey', 'C2', ['8100000002']],
      ['new_buy', 'normal_recover_usbkey', 'C1', ['8100000001']],
    ])
    const six = draft.entries[0]!.assets[0]!.products[0]!
    expect(six).toMatchObject({ productUri: 'GMS-4', gmsPid: 'GMS-4', limitConcurrent: 2, limitStartDate: cst(2026, 3, 12), timeDurationExpression: '0-6-0', timeUnit: 'month', timeUnitQuantity: 6, crmProductId: 'ID-1' })
    expect(new Date(six.limitEndDate!).getMonth()).toBe((new Date(cst(2026, 3, 12)).getMonth() + 6) % 12)
    // The asset's own end moves the group's dates.
    expect(draft.entries[1]!.assets[0]).toMatchObject({ limitStartDate: cst(2026, 4, 1), products: [] })
    // The book's customer fills the entry: its product is checked like any order (no issue on the customer fields).
    const alpha = draft.entries[2]!
    expect(alpha).toMatchObject({ customerRef: 'b1', crmCustomerId: 'CRM1', customerName: 'Alpha' })
    const issues = checkOrderDraft({ ...draft, entries: [alpha] }, 'DEMO')
    expect(issues).toEqual([])
  })
})
