// The shared order rules the app runs before sending and the sandbox runs on arrival: required fields per
// order type, closed value lists, the revoke forms, cloud revokes, messages naming field and sequence.
import { describe, expect, it } from 'vitest'
import { describeIssue } from '@shared/rules/issue'
import { ENTRY_FIELDS_ALWAYS, ENTRY_FIELDS_NEW_BUY, checkBatchOrderBody, checkOrderEntry } from '@shared/rules/order-rules'
import { orderWarnings } from '@shared/rules/order-warnings'

const product = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  crmProductId: 'P1',
  parentCrmProductId: '',
  productUri: 'GMS-1',
  productName: 'Tool',
  productType: 'tool',
  limitConcurrent: 1,
  limitTimeDuration: 0,
  strictMatchWhenDelete: false,
  trial: 0,
  trialEndDate: 0,
  timeUnit: 'year',
  timeUnitQuantity: 1,
  timeDurationExpression: '1-0-0',
  productFeatures: [],
  ...over,
})

const entry = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  sequence: 3,
  customerId: 'C1',
  crmCustomerId: 'CRM1',
  customerName: 'Name',
  channelCustomerId: 'CH1',
  adminName: 'Admin',
  adminAccount: 'admin',
  adminEmail: 'a@example.com',
  adminCellNumber: '13800138000',
  passwordMobile: '13800138000',
  address: 'Addr',
  customerType: 'company',
  branchCode: 'BJ',
  branchName: 'Beijing',
  enterpriseGlobalId: 'E1',
  licenseType: 'normal_recover_usbkey',
  orderType: 'new_buy',
  assets: [{ assetNos: ['8000000001'], products: [product()] }],
  ...over,
})

const without = (obj: Record<string, unknown>, key: string): Record<string, unknown> => {
  const copy = { ...obj }
  delete copy[key]
  return copy
}

const fields = (issues: { field: string }[]) => issues.map((i) => i.field)

describe('checkOrderEntry', () => {
  it('accepts a complete purchase', () => {
    expect(checkOrderEntry(entry(), 0)).toEqual([])
  })

  it.each([...ENTRY_FIELDS_ALWAYS, ...ENTRY_FIELDS_NEW_BUY])('a purchase requires %s', (key) => {
    const issues = checkOrderEntry(without(entry(), key), 2)
    expect(issues[0]).toMatchObject({ code: '13004', field: `orderList[2].${key}`, rule: 'required', sequence: 3 })
  })

  it('the revoke forms leave out customerId, crmCustomerId, passwordMobile and address', () => {
    let e = entry({ orderType: 'delete_asset', assets: [{ assetNos: ['8000000001'] }] })
    for (const k of ENTRY_FIELDS_NEW_BUY) e = without(e, k)
    expect(checkOrderEntry(e, 0)).toEqual([])
  })

  it('delete_asset carries only assetNos; anything else is ignored; products may be empty', () => {
    expect(checkOrderEntry(entry({ orderType: 'delete_asset', assets: [{ assetNos: ['X1'], products: [] }] }), 0)).toEqual([])
    expect(fields(checkOrderEntry(entry({ orderType: 'delete_asset', assets: [{ assetNos: [] }] }), 0))).toEqual(['orderList[0].assets[0].assetNos'])
  })

  it('delete_product needs products with crmProductId, productUri, limitConcurrent, strictMatchWhenDelete only', () => {
    const del = (p: Record<string, unknown>) => entry({ orderType: 'delete_product', assets: [{ assetNos: ['X1'], products: [p] }] })
    const six = { crmProductId: 'P', productUri: 'U', limitStartDate: null, limitEndDate: null, limitConcurrent: 0, strictMatchWhenDelete: true }
    expect(checkOrderEntry(del(six), 0)).toEqual([])
    for (const k of ['crmProductId', 'productUri', 'limitConcurrent', 'strictMatchWhenDelete']) {
      expect(fields(checkOrderEntry(del(without(six, k)), 0))).toEqual([`orderList[0].assets[0].products[0].${k}`])
    }
    expect(fields(checkOrderEntry(entry({ orderType: 'delete_product', assets: [{ assetNos: ['X1'], products: [] }] }), 0))).toEqual(['orderList[0].assets[0].products'])
  })

  it('srcLicenseOrderId is mandatory for cloud license types on revoke only', () => {
    for (const t of ['cloud_account', 'cloud_customer', 'cloud_personal']) {
      for (const o of ['delete_asset', 'delete_product']) {
        const e = entry({ licenseType: t, orderType: o, assets: [{ assetNos: ['X1'], products: [{ crmProductId: 'P', productUri: 'U', limitConcurrent: 0, strictMatchWhenDelete: false }] }] })
        expect(fields(checkOrderEntry(e, 0))).toEqual(['orderList[0].srcLicenseOrderId'])
        expect(checkOrderEntry({ ...e, srcLicenseOrderId: 'LO1' }, 0)).toEqual([])
      }
      expect(checkOrderEntry(entry({ licenseType: t, assets: [{ assetNos: ['X1'], products: [product()] }] }), 0)).toEqual([])
    }
    expect(checkOrderEntry(entry({ orderType: 'delete_asset' }), 0)).toEqual([])
  })

  it('closed value lists: licenseType, orderType, customerType', () => {
    expect(checkOrderEntry(entry({ licenseType: 'dongle' }), 0)[0]).toMatchObject({ field: 'orderList[0].licenseType', rule: 'oneOf' })
    expect(checkOrderEntry(entry({ orderType: 'refund' }), 0)[0]).toMatchObject({ field: 'orderList[0].orderType', rule: 'oneOf' })
    expect(checkOrderEntry(entry({ customerType: 'school' }), 0)[0]).toMatchObject({ field: 'orderList[0].customerType', rule: 'oneOf' })
  })

  it('every required product field of a purchase, and feature fields', () => {
    for (const k of Object.keys(product())) {
      const issues = checkOrderEntry(entry({ assets: [{ assetNos: ['8000000001'], products: [without(product(), k)] }] }), 0)
      expect(fields(issues)).toEqual([`orderList[0].assets[0].products[0].${k}`])
    }
    const f = { featureCode: 'F', featureName: 'N', featureValue: 'V', featureValueType: 'int', trial: 0, trialEndDate: 0 }
    expect(checkOrderEntry(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ productFeatures: [f] })] }] }), 0)).toEqual([])
    expect(fields(checkOrderEntry(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ productFeatures: [without(f, 'featureCode')] })] }] }), 0))).toEqual([
      'orderList[0].assets[0].products[0].productFeatures[0].featureCode',
    ])
  })

  it('gmsPid, appKey, passwords and srcLicenseOrderId of a product are optional', () => {
    expect(checkOrderEntry(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ gmsPid: 'G', appKey: 'A', passwords: ['x'], srcLicenseOrderId: 'LO' })] }] }), 0)).toEqual([])
  })

  it('a purchase needs non-empty products; asset numbers are 1 to 64 visible characters, unique in the entry', () => {
    expect(fields(checkOrderEntry(entry({ assets: [{ assetNos: ['8000000001'], products: [] }] }), 0))).toEqual(['orderList[0].assets[0].products'])
    for (const bad of ['has space', '', 'x'.repeat(65), '锁号1']) {
      expect(checkOrderEntry(entry({ assets: [{ assetNos: [bad], products: [product()] }] }), 0)[0]).toMatchObject({ rule: 'assetNumber' })
    }
    expect(checkOrderEntry(entry({ assets: [{ assetNos: ['6000000001', 'SN-8000000002'], products: [product()] }] }), 0)).toEqual([])
    expect(checkOrderEntry(entry({ licenseType: 'cloud_account', assets: [{ assetNos: ['CA-1'], products: [product()] }] }), 0)).toEqual([])
    expect(checkOrderEntry(entry({ assets: [{ assetNos: ['8000000001', '8000000001'], products: [product()] }] }), 0)[0]).toMatchObject({ rule: 'duplicate' })
  })

  it('types, time limits and time expressions', () => {
    expect(checkOrderEntry(entry({ sequence: '3' }), 0)[0]).toMatchObject({ field: 'orderList[0].sequence', rule: 'type' })
    expect(checkOrderEntry(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ limitStartDate: 5, limitEndDate: 4 })] }] }), 0)[0]).toMatchObject({ rule: 'dateOrder' })
    expect(checkOrderEntry(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ timeDurationExpression: 'one year' })] }] }), 0)[0]).toMatchObject({ rule: 'timeExpression' })
    expect(checkOrderEntry(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ limitConcurrent: -1 })] }] }), 0)[0]).toMatchObject({ rule: 'atLeast' })
  })

  it('checks merchandise trees and their products', () => {
    const m = { crmProductId: 'M', parentCrmProductId: '', merchandiseNum: 'PK', merchandiseName: 'Pack', parentMerchandiseNum: '', timeDurationExpression: '1-0-0', licenseOrderProductList: [product()] }
    expect(checkOrderEntry(entry({ assets: [{ assetNos: ['8000000001'], products: [product()], merchandises: [{ ...m, children: [m] }] }] }), 0)).toEqual([])
    const bad = { ...m, children: [without(m, 'merchandiseNum')] }
    expect(fields(checkOrderEntry(entry({ assets: [{ assetNos: ['8000000001'], products: [product()], merchandises: [bad] }] }), 0))).toEqual([
      'orderList[0].assets[0].merchandises[0].children[0].merchandiseNum',
    ])
  })
})

describe('checkBatchOrderBody', () => {
  const body = (over: Record<string, unknown> = {}) => ({ channelCode: 'DEMO', channelOrderId: 'O1', syncMode: 'sync', orderList: [entry()], ...over })

  it('accepts a valid body and checks the top-level fields', () => {
    expect(checkBatchOrderBody(body())).toEqual([])
    for (const k of ['channelCode', 'channelOrderId', 'syncMode', 'orderList']) expect(fields(checkBatchOrderBody(without(body(), k)))).toContain(k)
    expect(checkBatchOrderBody(body({ syncMode: 'later' }))[0]).toMatchObject({ field: 'syncMode', rule: 'oneOf' })
    expect(checkBatchOrderBody(body({ orderList: [] }))[0]).toMatchObject({ field: 'orderList', rule: 'notEmpty' })
    expect(checkBatchOrderBody(null)[0]).toMatchObject({ field: 'body', rule: 'type' })
  })

  it('caps orderList and refuses repeated sequences', () => {
    expect(checkBatchOrderBody(body({ orderList: [entry(), entry({ sequence: 4 })] }), { maxOrdersPerBatch: 1 })[0]).toMatchObject({ rule: 'maxItems', params: { max: 1 } })
    const other = entry({ assets: [{ assetNos: ['8000000002'], products: [product()] }] })
    expect(checkBatchOrderBody(body({ orderList: [entry(), other] }))).toEqual([expect.objectContaining({ field: 'orderList[1].sequence', rule: 'duplicate', sequence: 3 })])
  })

  it('reports every issue, in order, each naming the sequence in both languages', () => {
    const issues = checkBatchOrderBody(body({ orderList: [entry({ sequence: 7, adminEmail: '' }), entry({ sequence: 8, licenseType: 'x', assets: [{ assetNos: ['8000000002'], products: [product()] }] })] }))
    expect(issues.map((i) => i.sequence)).toEqual([7, 8])
    expect(describeIssue(issues[0] as (typeof issues)[0], 'en')).toBe('Order sequence 7: orderList[0].adminEmail is required')
    expect(describeIssue(issues[0] as (typeof issues)[0], 'zh-CN')).toBe('订单序号 7：orderList[0].adminEmail 不能为空')
    expect(describeIssue(issues[1] as (typeof issues)[0], 'en')).toMatch(/^Order sequence 8: orderList\[1\]\.licenseType must be one of: normal_unrecover_usbkey, /)
  })
})

// Issue 28 item 1: what the service refuses, the check finds first (offline), at the field.
describe('what the service refuses is an issue here too', () => {
  const issuesOf = (e: Record<string, unknown>) => checkOrderEntry(e, 0).map((i) => `${i.field} ${i.rule}`)

  it('an asset number in two asset groups of one entry: an issue at the repeat, naming the first', () => {
    const e = entry({ assets: [{ assetNos: ['8000000001'], products: [product()] }, { assetNos: ['8000000002', '8000000001'], products: [product()] }] })
    const found = checkOrderEntry(e, 1)
    expect(found).toEqual([expect.objectContaining({ field: 'orderList[1].assets[1].assetNos[1]', rule: 'duplicate', params: { value: '8000000001', first: 'orderList[1].assets[0].assetNos[0]' } })])
    expect(describeIssue(found[0]!)).toBe('Order sequence 3: orderList[1].assets[1].assetNos[1] repeats "8000000001" (first at orderList[1].assets[0].assetNos[0])')
  })

  it('an asset number in two entries of one order: an issue at the later entry, whatever the order types', () => {
    const revoke = entry({ sequence: 4, orderType: 'delete_asset', assets: [{ assetNos: ['8000000009', '8000000001'] }] })
    for (const second of [entry({ sequence: 4 }), revoke, entry({ sequence: 4, licenseType: 'softkey' })]) {
      const found = checkBatchOrderBody({ channelCode: 'C', channelOrderId: 'O', syncMode: 'sync', orderList: [entry(), second] })
      expect(found).toEqual([expect.objectContaining({ field: expect.stringMatching(/^orderList\[1\]\.assets\[0\]\.assetNos\[\d\]$/), rule: 'duplicate', sequence: 4, params: expect.objectContaining({ first: 'orderList[0].assets[0].assetNos[0]' }) })])
    }
    // Repeated inside the later entry too: one issue per place, not two.
    const twice = entry({ sequence: 4, assets: [{ assetNos: ['8000000001', '8000000001'], products: [product()] }] })
    expect(fields(checkBatchOrderBody({ channelCode: 'C', channelOrderId: 'O', syncMode: 'sync', orderList: [entry(), twice] }))).toEqual([
      'orderList[1].assets[0].assetNos[1]',
      'orderList[1].assets[0].assetNos[0]',
    ])
  })

  it('Integer fields are 32-bit; Long fields whole numbers within 2^53, with the bound in the message', () => {
    expect(issuesOf(entry({ sequence: 2_147_483_648 }))).toEqual(['orderList[0].sequence atMost'])
    expect(issuesOf(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ limitConcurrent: 99_999_999_999_999 })] }] }))).toEqual(['orderList[0].assets[0].products[0].limitConcurrent atMost'])
    expect(issuesOf(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ timeUnitQuantity: 2 ** 31 })] }] }))).toEqual(['orderList[0].assets[0].products[0].timeUnitQuantity atMost'])
    expect(issuesOf(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ limitConcurrent: 2_147_483_647, limitTimeDuration: Number.MAX_SAFE_INTEGER })] }] }))).toEqual([])
    const big = checkOrderEntry(entry({ assets: [{ assetNos: ['8000000001'], limitEndDate: 2 ** 53 + 2, products: [product({ limitTimeDuration: 1e20 })] }] }), 0)
    expect(big.map((i) => `${i.field} ${i.rule}`)).toEqual(['orderList[0].assets[0].limitEndDate atMost', 'orderList[0].assets[0].products[0].limitTimeDuration atMost'])
    expect(describeIssue(big[0]!)).toContain('must be at most 9007199254740991')
    expect(issuesOf(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ limitConcurrent: 1.5 })] }] }))).toEqual(['orderList[0].assets[0].products[0].limitConcurrent type'])
  })

  it('a negative node count is an issue at its field', () => {
    expect(issuesOf(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ limitConcurrent: -3 })] }] }))).toEqual(['orderList[0].assets[0].products[0].limitConcurrent atLeast'])
    const revoke = entry({ orderType: 'delete_product', assets: [{ assetNos: ['8000000001'], products: [{ crmProductId: 'P', productUri: 'U', limitConcurrent: -1, strictMatchWhenDelete: true }] }] })
    expect(issuesOf(revoke)).toEqual(['orderList[0].assets[0].products[0].limitConcurrent atLeast'])
  })

  it("a feature's trialEndDate is a date: a time, or a date written out; not any text", () => {
    const withEnd = (trialEndDate: unknown) =>
      issuesOf(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ productFeatures: [{ featureCode: 'F', featureName: 'F', featureValue: '1', featureValueType: 'int', trial: 1, trialEndDate }] })] }] }))
    for (const ok of [0, 1_767_196_800_000, '2026-12-31', '2026-12-31 23:59:59', '2026-12-31T23:59:59Z', '2024-02-29']) expect(withEnd(ok), String(ok)).toEqual([])
    for (const bad of ['soon', 'tomorrow', '2026-13-01', '2026-02-30', '2025-02-29', '31/12/2026', true]) {
      expect(withEnd(bad), String(bad)).toEqual(['orderList[0].assets[0].products[0].productFeatures[0].trialEndDate date'])
    }
    expect(withEnd(-1)).toEqual(['orderList[0].assets[0].products[0].productFeatures[0].trialEndDate atLeast'])
    // The product's own trial end (typed Integer, a time all the same): from 0, within 2^53.
    expect(issuesOf(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ trialEndDate: 1_767_196_800_000 })] }] }))).toEqual([])
    expect(issuesOf(entry({ assets: [{ assetNos: ['8000000001'], products: [product({ trialEndDate: -1 })] }] }))).toEqual(['orderList[0].assets[0].products[0].trialEndDate atLeast'])
  })

  it('the orders-per-batch limit is the one given', () => {
    const list = [entry({ sequence: 1 }), entry({ sequence: 2, assets: [{ assetNos: ['8000000002'], products: [product()] }] })]
    expect(fields(checkBatchOrderBody({ channelCode: 'C', channelOrderId: 'O', syncMode: 'sync', orderList: list }, { maxOrdersPerBatch: 1 }))).toEqual(['orderList'])
    expect(checkBatchOrderBody({ channelCode: 'C', channelOrderId: 'O', syncMode: 'sync', orderList: list }, { maxOrdersPerBatch: 2 })).toEqual([])
  })
})

describe('orderWarnings', () => {
  it('an obviously malformed e-mail or phone number is a warning at its field; sound ones and empty ones are not', () => {
    const w = (over: Record<string, unknown>) => orderWarnings({ orderList: [entry(over)] }).map((i) => `${i.field} ${i.rule}`)
    expect(w({})).toEqual([])
    expect(w({ adminEmail: 'admin.example.com', adminCellNumber: '138-0013-8000', passwordMobile: '+44 20 7946 0958' })).toEqual(['orderList[0].adminEmail unlikelyEmail'])
    expect(w({ adminEmail: 'a b@c.d', adminCellNumber: 'call me', passwordMobile: '12' })).toEqual([
      'orderList[0].adminEmail unlikelyEmail',
      'orderList[0].adminCellNumber unlikelyPhone',
      'orderList[0].passwordMobile unlikelyPhone',
    ])
    expect(w({ adminEmail: '', passwordMobile: '' })).toEqual([])
    // A warning never blocks: the rules pass the same entry.
    expect(checkOrderEntry(entry({ adminEmail: 'admin.example.com', adminCellNumber: 'call me' }), 0)).toEqual([])
  })
})
