/** New drafts from history: copy (the request back into a draft) and refund (revoking what a new_buy bought). */
import { describe, expect, it } from 'vitest'
import type { BatchOrderBody, OrderEntry } from '@shared/api/orders'
import { checkOrderDraft, toBatchOrderBody } from '@shared/orders/draft'
import { draftFromBody, refundDraft } from '@shared/orders/refund'

function entry(sequence: number, over: Partial<OrderEntry> = {}): OrderEntry {
  return {
    sequence, customerId: 'C000000000000001', crmCustomerId: 'CRM-1', customerName: 'ACME', channelCustomerId: 'DEMO-0001',
    adminName: 'Admin', adminAccount: 'admin', adminEmail: 'a@example.com', adminCellNumber: '13800138000',
    passwordMobile: '13800138000', address: 'Beijing', customerType: 'company', branchCode: 'BJ', branchName: 'Beijing',
    enterpriseGlobalId: 'E000000000000001', licenseType: 'cloud_account', orderType: 'new_buy',
    assets: [
      {
        assetNos: ['8200000001', '8100000041'],
        products: [{ crmProductId: 'P1', parentCrmProductId: '', productUri: 'GMS-1001', productName: 'X', productType: 'tool', limitStartDate: 1, limitEndDate: 2, limitConcurrent: 3, limitTimeDuration: 0, strictMatchWhenDelete: false, trial: 0, trialEndDate: 0, timeUnit: 'year', timeUnitQuantity: 1, timeDurationExpression: '1-0-0', productFeatures: [] }],
        merchandises: [{ crmProductId: 'M1', parentCrmProductId: '', merchandiseNum: 'PKG', merchandiseName: 'Pack', parentMerchandiseNum: '', timeDurationExpression: '1-0-0', children: null, licenseOrderProductList: [{ crmProductId: 'P2', parentCrmProductId: 'M1', productUri: 'APP-2001', productName: 'Y', productType: 'web', limitConcurrent: 1, limitTimeDuration: 0, strictMatchWhenDelete: false, trial: 0, trialEndDate: 0, timeUnit: 'year', timeUnitQuantity: 1, timeDurationExpression: '1-0-0', productFeatures: [] }] }],
      },
    ],
    ...over,
  }
}

const body = (entries: OrderEntry[]): BatchOrderBody => ({ channelCode: 'DEMO', channelOrderId: 'LD-1', syncMode: 'sync', orderList: entries })

describe('draftFromBody', () => {
  it('gives back the same request (with a new order number)', () => {
    const b = body([entry(1)])
    const d = draftFromBody(b, 'LD-2')
    expect(toBatchOrderBody(d, 'DEMO')).toEqual({ ...b, channelOrderId: 'LD-2' })
    expect(d.ready).toBe(false)
  })
})

describe('refundDraft', () => {
  it('revokes assets the order created whole, and only its products on assets that existed before', () => {
    const r = refundDraft(body([entry(1)]), [{ sequence: 1, licenseOrderId: 'LO1' }], ['8100000041'], 'LD-R')
    expect(r.skipped).toEqual([])
    const [whole, products] = r.draft.entries
    expect(whole!.orderType).toBe('delete_asset')
    expect(whole!.srcLicenseOrderId).toBe('LO1')
    expect(whole!.assets[0]!.assetNos).toEqual(['8200000001'])
    expect(products!.orderType).toBe('delete_product')
    expect(products!.srcLicenseOrderId).toBe('LO1')
    expect(products!.assets[0]!.assetNos).toEqual(['8100000041'])
    // The loose product and the package's product, matched strictly on what was bought.
    expect(products!.assets[0]!.products.map((p) => [p.productUri, p.strictMatchWhenDelete, p.limitConcurrent, p.limitStartDate])).toEqual([
      ['GMS-1001', true, 3, 1],
      ['APP-2001', true, 1, null],
    ])
    // The revoke forms pass the shared rules (what the service would accept as a form).
    expect(checkOrderDraft(r.draft, 'DEMO')).toEqual([])
  })

  it('without knowing what existed before, every asset is revoked whole', () => {
    const r = refundDraft(body([entry(1)]), [{ sequence: 1, licenseOrderId: 'LO1' }], null, 'LD-R')
    expect(r.draft.entries.map((e) => e.orderType)).toEqual(['delete_asset'])
    expect(r.draft.entries[0]!.assets[0]!.assetNos).toEqual(['8200000001', '8100000041'])
  })

  it('leaves out entries without a license order id and entries that are not purchases', () => {
    const r = refundDraft(body([entry(1), entry(2), entry(3, { orderType: 'delete_asset' })]), [{ sequence: 1, licenseOrderId: null }, { sequence: 2, licenseOrderId: 'LO2' }], [], 'LD-R')
    expect(r.skipped).toEqual([1])
    expect(r.notPurchases).toEqual([3])
    expect(r.draft.entries).toHaveLength(1)
    expect(r.draft.entries[0]!.srcLicenseOrderId).toBe('LO2')
  })
})
