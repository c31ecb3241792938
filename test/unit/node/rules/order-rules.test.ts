// The shared order rules the app runs before sending and the sandbox runs on arrival: required fields per
// order type, closed value lists, the revoke forms, cloud revokes, messages naming field and sequence.
import { describe, expect, it } from 'vitest'
import { describeIssue } from '@shared/rules/issue'
import { ENTRY_FIELDS_ALWAYS, ENTRY_FIELDS_NEW_BUY, checkBatchOrderBody, checkOrderEntry } from '@shared/rules/order-rules'

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
    expect(checkBatchOrderBody(body({ orderList: [entry(), entry()] }))).toEqual([expect.objectContaining({ field: 'orderList[1].sequence', rule: 'duplicate', sequence: 3 })])
  })

  it('reports every issue, in order, each naming the sequence in both languages', () => {
    const issues = checkBatchOrderBody(body({ orderList: [entry({ sequence: 7, adminEmail: '' }), entry({ sequence: 8, licenseType: 'x' })] }))
    expect(issues.map((i) => i.sequence)).toEqual([7, 8])
    expect(describeIssue(issues[0] as (typeof issues)[0], 'en')).toBe('Order sequence 7: orderList[0].adminEmail is required')
    expect(describeIssue(issues[0] as (typeof issues)[0], 'zh-CN')).toBe('订单序号 7：orderList[0].adminEmail 不能为空')
    expect(describeIssue(issues[1] as (typeof issues)[0], 'en')).toMatch(/^Order sequence 8: orderList\[1\]\.licenseType must be one of: normal_unrecover_usbkey, /)
  })
})
