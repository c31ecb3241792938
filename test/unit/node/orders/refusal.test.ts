import { describe, expect, it } from 'vitest'
import { emptyEntry, orderDraftSchema } from '@shared/orders/draft'
import { draftRefusalSchema, fieldFingerprint, refusalHolds, valueAtPath } from '@shared/orders/refusal'

function draft() {
  const e1 = emptyEntry('new_buy')
  const e2 = emptyEntry('new_buy')
  e2.assets = [{ ...e2.assets[0]!, assetNos: ['8100000001', '8100000002'] }]
  return orderDraftSchema.parse({ channelOrderId: 'LD-1', entries: [e1, e2] })
}

const refusal = (d: unknown, field: string | null) =>
  draftRefusalSchema.parse({ orderId: 'o1', at: 1, error: { code: '13004', messageKey: '13004' }, field, sequence: 2, value: fieldFingerprint(d, field) })

describe('a refusal kept with its draft', () => {
  it('reads the draft at a request path (orderList is the entries, a package product list is products)', () => {
    const d = draft()
    expect(valueAtPath(d, 'orderList[1].assets[0].assetNos[1]')).toBe('8100000002')
    expect(valueAtPath(d, 'channelOrderId')).toBe('LD-1')
    expect(valueAtPath(d, 'orderList[5].customerName')).toBeUndefined()
    expect(valueAtPath({ entries: [{ assets: [{ merchandises: [{ products: ['p'] }] }] }] }, 'orderList[0].assets[0].merchandises[0].licenseOrderProductList[0]')).toBe('p')
  })

  it('holds until the field it names changes; other changes leave it', () => {
    const d = draft()
    const r = refusal(d, 'orderList[1].assets[0].assetNos[0]')
    expect(refusalHolds(d, r)).toBe(true)
    const other = { ...d, note: 'changed', entries: [{ ...d.entries[0]!, customerName: 'ACME' }, d.entries[1]!] }
    expect(refusalHolds(other, r)).toBe(true)
    const g = d.entries[1]!.assets[0]!
    const fixed = { ...d, entries: [d.entries[0]!, { ...d.entries[1]!, assets: [{ ...g, assetNos: ['8100000009', '8100000002'] }] }] }
    expect(refusalHolds(fixed, r)).toBe(false)
    expect(refusalHolds(d, undefined)).toBe(false)
  })

  it('one naming no field holds until dismissed, and it survives the draft schema (a draft read from disk)', () => {
    const d = draft()
    const r = refusal(d, null)
    expect(refusalHolds({ ...d, channelOrderId: 'other' }, r)).toBe(true)
    const stored = orderDraftSchema.parse(JSON.parse(JSON.stringify({ ...d, refusal: refusal(d, 'channelOrderId') })))
    expect(stored.refusal?.field).toBe('channelOrderId')
    expect(refusalHolds(stored, stored.refusal)).toBe(true)
  })
})
