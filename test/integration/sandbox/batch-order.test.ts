// Order operation 5 over HTTP: purchases create assets, products and package trees; delete_asset removes the
// assets; delete_product removes the matching products (strict and loose matching); and every entry rule
// answers 13004 with a message naming the field and the entry's sequence, leaving the state untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AssetProducts, BatchOrderResult, VirtualAsset } from '@shared/api/models'
import { ENTRY_FIELDS_ALWAYS, ENTRY_FIELDS_NEW_BUY } from '@shared/rules/order-rules'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { APP_KEY, batch, cloudEntry, lockEntry, product, revokeBase } from './fixtures'
import { Client, DEMO_ENTERPRISE, sandbox } from './helpers'

let sb: SandboxHandle
let c: Client
let customerId: string
let orderSeq = 0
beforeAll(async () => {
  sb = await sandbox()
  c = await Client.connect(sb.url)
  customerId = sb.demo.customerId
})
afterAll(() => sb.close())

const order = (list: unknown[]) => ({ query: APP_KEY, body: batch(`T-${++orderSeq}`, list) })

async function assetByNum(no: string): Promise<VirtualAsset | undefined> {
  const all = await c.ok<VirtualAsset[]>('listVirtualAssets', { path: { enterpriseGlobalId: DEMO_ENTERPRISE } })
  return all.find((a) => a.assetNum === no)
}

async function productsOf(assetId: string): Promise<AssetProducts> {
  return c.ok<AssetProducts>('listAssetProducts', { path: { assetId } })
}

/** Expects 13004 whose message names the sequence and contains each fragment. */
async function rejects(list: unknown[], ...fragments: string[]): Promise<string> {
  const body = await c.fails('batchOrder', '13004', order(list))
  const message = body['message'] as string
  for (const f of fragments) expect(message).toContain(f)
  return message
}

describe('new_buy', () => {
  it('creates the assets with their products and package trees; results carry sequence, order id and customer', async () => {
    const lock = { ...lockEntry(customerId), sequence: 7, assets: [{ assetNos: ['8300000001', '8300000002'], products: [product('CRM-L-1')], borrowedUsbKey: false }] }
    const r = await c.ok<BatchOrderResult[]>('batchOrder', order([lock, cloudEntry(customerId, '8300000010', 8)]))
    expect(r).toHaveLength(2)
    expect(r.map((x) => x.sequence)).toEqual([7, 8])
    expect(r.every((x) => x.customerId === customerId && /^LO\d{15}$/.test(x.licenseOrderId))).toBe(true)
    expect(r[0]?.licenseOrderId).not.toBe(r[1]?.licenseOrderId)

    const l1 = await assetByNum('8300000001')
    expect(l1).toMatchObject({ licenseType: 'normal_recover_usbkey', customerId, locked: false, borrowedUsbKey: false })
    expect(await assetByNum('8300000002')).toBeDefined()
    const lockProducts = await productsOf(l1?.id as string)
    expect(lockProducts.productInstanceList).toEqual([expect.objectContaining({ productUri: 'GMS-1001', limitConcurrent: 3, licenseOrderId: r[0]?.licenseOrderId, channelCode: 'DEMO', crmProductId: 'CRM-L-1' })])

    const cloud = await assetByNum('8300000010')
    expect(cloud?.assetExtends).toEqual([{ extendCode: 'gxxp', extendValue: '1' }])
    const tree = await productsOf(cloud?.id as string)
    expect(tree.productInstanceList?.map((p) => p.productUri)).toEqual(['APP-2001'])
    expect(tree.children).toHaveLength(1)
    const top = tree.children?.[0]
    expect(top).toMatchObject({ merchandiseNum: 'PKG-T', merchandiseName: 'Test Suite', licenseOrderId: r[1]?.licenseOrderId })
    expect(top?.productInstanceList?.map((p) => p.productUri)).toEqual(['GMS-1002'])
    expect(top?.children?.[0]).toMatchObject({ merchandiseNum: 'PKG-T-1', parentMerchandiseNum: 'PKG-T', children: null })
    expect(top?.children?.[0]?.productInstanceList?.map((p) => p.productUri)).toEqual(['GMS-1003'])
  })

  it('a purchase on an existing asset adds products to it (renewal)', async () => {
    const lock = { ...lockEntry(customerId), assets: [{ assetNos: ['8300000003'], products: [product('CRM-R-1')] }] }
    await c.ok('batchOrder', order([lock]))
    await c.ok('batchOrder', order([{ ...lock, assets: [{ assetNos: ['8300000003'], products: [product('CRM-R-2', { productUri: 'GMS-1004' })] }] }]))
    const a = await assetByNum('8300000003')
    expect((await productsOf(a?.id as string)).productInstanceList?.map((p) => p.productUri).sort()).toEqual(['GMS-1001', 'GMS-1004'])
  })

  it('13004 for a lock number bought twice in one order: in two entries, or in two asset groups of one entry (issue 28)', async () => {
    const lock = (sequence: number, ...groups: string[][]) => ({ ...lockEntry(customerId), sequence, assets: groups.map((nos, i) => ({ assetNos: nos, products: [product(`CRM-D-${sequence}-${i}`)] })) })
    await rejects([lock(1, ['8300000060']), lock(2, ['8300000061', '8300000060'])], 'Order sequence 2', 'orderList[1].assets[0].assetNos[1] repeats "8300000060"', 'first at orderList[0].assets[0].assetNos[0]')
    await rejects([lock(1, ['8300000062'], ['8300000062'])], 'Order sequence 1', 'orderList[0].assets[1].assetNos[0] repeats "8300000062"')
    // Nothing of either order was applied.
    expect(await assetByNum('8300000060')).toBeUndefined()
    expect(await assetByNum('8300000062')).toBeUndefined()
  })

  it('a borrowed lock bought with borrowedUsbKey appears among the lent locks', async () => {
    await c.ok('batchOrder', order([{ ...lockEntry(customerId), assets: [{ assetNos: ['8300000004'], borrowedUsbKey: true, products: [product('CRM-B-1')] }] }]))
    const locks = await c.ok<{ assetNum: string; borrowedFlag: boolean }[]>('listLentLocks', { path: { enterpriseGlobalId: DEMO_ENTERPRISE } })
    expect(locks).toContainEqual(expect.objectContaining({ assetNum: '8300000004', borrowedFlag: false }))
  })

  it('async mode is accepted and applied at once', async () => {
    const r = await c.ok<BatchOrderResult[]>('batchOrder', { query: APP_KEY, body: { ...batch('T-ASYNC', [cloudEntry(customerId, '8300000011')]), syncMode: 'async' } })
    expect(r).toHaveLength(1)
    expect(await assetByNum('8300000011')).toBeDefined()
  })
})

describe('required fields per order type', () => {
  it.each([...ENTRY_FIELDS_ALWAYS, ...ENTRY_FIELDS_NEW_BUY])('new_buy without %s: 13004 naming it and the sequence', async (field) => {
    const e = { ...lockEntry(customerId), sequence: 42, assets: [{ assetNos: ['8300000099'], products: [product('P')] }] } as Record<string, unknown>
    delete e[field]
    await rejects([e], 'Order sequence 42', `orderList[0].${field}`)
  })

  it('the revoke forms do not need customerId, crmCustomerId, passwordMobile, address', async () => {
    await c.ok('batchOrder', order([{ ...lockEntry(customerId), assets: [{ assetNos: ['8300000020'], products: [product('P')] }] }]))
    const del = { ...revokeBase('normal_recover_usbkey', 'delete_asset', 3), assets: [{ assetNos: ['8300000020'] }] }
    await c.ok('batchOrder', order([del]))
  })

  it.each(ENTRY_FIELDS_ALWAYS)('a revoke without %s: 13004', async (field) => {
    const e = { ...revokeBase('normal_recover_usbkey', 'delete_asset', 5), assets: [{ assetNos: [] }] } as Record<string, unknown>
    delete e[field]
    await rejects([e], 'Order sequence 5', field)
  })

  it('sequence is required and must be an integer; sequences must not repeat', async () => {
    const e = { ...lockEntry(customerId), assets: [{ assetNos: ['8300000098'], products: [product('P')] }] } as Record<string, unknown>
    await rejects([{ ...e, sequence: undefined }], 'orderList[0].sequence')
    await rejects([{ ...e, sequence: '1' }], 'orderList[0].sequence')
    await rejects([{ ...e, sequence: 1 }, { ...e, sequence: 1, assets: [{ assetNos: ['8300000097'], products: [product('P')] }] }], 'orderList[1].sequence', 'repeats')
    // A Java Integer: 2^31 is beyond it.
    await rejects([{ ...e, sequence: 2 ** 31 }], 'orderList[0].sequence must be at most 2147483647')
  })

  it('allowed values of licenseType, orderType and customerType', async () => {
    const e = { ...lockEntry(customerId), sequence: 9, assets: [{ assetNos: ['8300000097'], products: [product('P')] }] }
    await rejects([{ ...e, licenseType: 'usbkey' }], 'Order sequence 9', 'licenseType', 'normal_unrecover_usbkey')
    await rejects([{ ...e, orderType: 'refund' }], 'orderType', 'new_buy, delete_asset, delete_product')
    await rejects([{ ...e, customerType: 'government' }], 'customerType', 'personal, company')
  })

  it('every product field the spec marks required, on a purchase', async () => {
    const required = ['crmProductId', 'parentCrmProductId', 'productUri', 'productName', 'productType', 'limitConcurrent', 'limitTimeDuration', 'strictMatchWhenDelete', 'trial', 'trialEndDate', 'timeUnit', 'timeUnitQuantity', 'timeDurationExpression', 'productFeatures']
    for (const f of required) {
      const p = product('P')
      delete p[f]
      await rejects([{ ...lockEntry(customerId), sequence: 11, assets: [{ assetNos: ['8300000096'], products: [p] }] }], 'Order sequence 11', `assets[0].products[0].${f}`)
    }
  })

  it('a purchase needs products; product features need their fields', async () => {
    const e = { ...lockEntry(customerId), sequence: 12 }
    await rejects([{ ...e, assets: [{ assetNos: ['8300000095'], products: [] }] }], 'assets[0].products', 'must not be empty')
    await rejects([{ ...e, assets: [{ assetNos: ['8300000095'] }] }], 'assets[0].products')
    await rejects([{ ...e, assets: [] }], 'orderList[0].assets')
    const feature = { featureCode: 'F1', featureName: 'Nodes', featureValue: '5', featureValueType: 'int', trial: 0 }
    await rejects([{ ...e, assets: [{ assetNos: ['8300000095'], products: [product('P', { productFeatures: [feature] })] }] }], 'productFeatures[0].trialEndDate')
  })

  it('asset numbers: 1 to 64 visible characters; keyShellNumber is the numeric part', async () => {
    const e = { ...lockEntry(customerId), sequence: 13 }
    for (const bad of ['has space', 'x'.repeat(65)]) {
      await rejects([{ ...e, assets: [{ assetNos: [bad], products: [product('P')] }] }], 'Order sequence 13', 'assetNos[0]')
    }
    await c.ok('batchOrder', order([{ ...e, assets: [{ assetNos: ['6300000001', 'SN-8300000077'], products: [product('P')] }] }]))
    expect((await assetByNum('SN-8300000077'))?.keyShellNumber).toBe('8300000077')
  })

  it('top-level fields: appKey, channelCode, channelOrderId, syncMode, orderList', async () => {
    const good = batch('T-TOP', [cloudEntry(customerId, '8300000094')])
    await c.fails('batchOrder', '13004', { body: good })
    expect((await c.fails('batchOrder', '13004', { query: { appKey: 'someone-else' }, body: good }))['message']).toContain('appKey')
    for (const f of ['channelCode', 'channelOrderId', 'syncMode', 'orderList']) {
      const b = { ...good } as Record<string, unknown>
      delete b[f]
      expect((await c.fails('batchOrder', '13004', { query: APP_KEY, body: b }))['message']).toContain(f)
    }
    await c.fails('batchOrder', '13004', { query: APP_KEY, body: { ...good, syncMode: 'later' } })
    await c.fails('batchOrder', '13004', { query: APP_KEY, body: { ...good, orderList: [] } })
    const many = Array.from({ length: 101 }, (_, i) => cloudEntry(customerId, `83100${String(i).padStart(5, '0')}`, i + 1))
    expect((await c.fails('batchOrder', '13004', { query: APP_KEY, body: { ...good, orderList: many } }))['message']).toContain('100')
  })

  it('a channel order is accepted once', async () => {
    const b = batch('T-ONCE', [cloudEntry(customerId, '8300000093')])
    await c.ok('batchOrder', { query: APP_KEY, body: b })
    const again = await c.fails('batchOrder', '13004', { query: APP_KEY, body: { ...b, orderList: [cloudEntry(customerId, '8300000092')] } })
    expect(again['message']).toContain('T-ONCE')
    expect(await assetByNum('8300000092')).toBeUndefined()
  })

  it('unknown enterprise or customer, or a customer of another enterprise: 13004', async () => {
    const e = { ...lockEntry(customerId), sequence: 14, assets: [{ assetNos: ['8300000091'], products: [product('P')] }] }
    await rejects([{ ...e, enterpriseGlobalId: 'E000000000009999' }], 'Order sequence 14', 'enterpriseGlobalId')
    await rejects([{ ...e, customerId: 'C000000000009999' }], 'customerId')
    await rejects([{ ...e, customerId: sb.demo.otherCustomerId }], 'customerId', 'belongs to enterprise')
  })

  it('is all or nothing: one bad entry, nothing applied', async () => {
    const good = cloudEntry(customerId, '8300000090', 1)
    const bad = { ...cloudEntry(customerId, '8300000089', 2), licenseType: 'nope' }
    await rejects([good, bad], 'Order sequence 2')
    expect(await assetByNum('8300000090')).toBeUndefined()
  })

  it('messages follow Accept-Language', async () => {
    const e = { ...lockEntry(customerId), sequence: 15, assets: [{ assetNos: ['8300000088'], products: [product('P')] }] } as Record<string, unknown>
    delete e['adminEmail']
    const r = await c.fails('batchOrder', '13004', { ...order([e]), locale: 'zh-CN' })
    expect(r['message']).toBe('订单序号 15：orderList[0].adminEmail 不能为空')
  })
})

describe('delete_asset', () => {
  it('removes the assets: gone from the list, lock operations report status 2', async () => {
    await c.ok('batchOrder', order([{ ...lockEntry(customerId), assets: [{ assetNos: ['8300000030', '8300000031'], products: [product('P')] }] }]))
    await c.ok('batchOrder', order([{ ...revokeBase('normal_recover_usbkey', 'delete_asset'), assets: [{ assetNos: ['8300000030'] }] }]))
    expect(await assetByNum('8300000030')).toBeUndefined()
    expect(await assetByNum('8300000031')).toBeDefined()
    expect(await c.ok('lockAssets', { body: { assetNums: ['8300000030'], operatorIdentity: 'x' } })).toEqual([{ assetNum: '8300000030', status: 2 }])
  })

  it('13004 for an unknown asset, another enterprise’s, a wrong license type, or the same asset twice', async () => {
    const base = revokeBase('normal_recover_usbkey', 'delete_asset', 21)
    await rejects([{ ...base, assets: [{ assetNos: ['8399999999'] }] }], 'Order sequence 21', '8399999999')
    await rejects([{ ...base, enterpriseGlobalId: sb.demo.otherEnterpriseGlobalId, channelCustomerId: 'DEMO-0002', assets: [{ assetNos: ['8100000001'] }] }], 'does not belong')
    await rejects([{ ...base, licenseType: 'normal_unrecover_usbkey', assets: [{ assetNos: ['8100000031'] }] }], 'softkey')
    await rejects([{ ...base, assets: [{ assetNos: ['8300000031'] }] }, { ...base, sequence: 22, assets: [{ assetNos: ['8300000031'] }] }], 'Order sequence 22', 'repeats')
  })

  it('a cloud license type needs srcLicenseOrderId on revoke; with it the asset goes', async () => {
    const [bought] = await c.ok<BatchOrderResult[]>('batchOrder', order([cloudEntry(customerId, '8300000040')]))
    const del = { ...revokeBase('cloud_account', 'delete_asset', 31), assets: [{ assetNos: ['8300000040'] }] }
    await rejects([del], 'Order sequence 31', 'srcLicenseOrderId', 'is required')
    await rejects([{ ...del, srcLicenseOrderId: 'LO999999999999999' }], 'LO999999999999999')
    await c.ok('batchOrder', order([{ ...del, srcLicenseOrderId: bought?.licenseOrderId }]))
    expect(await assetByNum('8300000040')).toBeUndefined()
  })
})

describe('delete_product', () => {
  /** Buys a lock with two products of one productUri, different limits; returns its asset id and order id. */
  async function lockWithTwo(no: string): Promise<{ id: string; orderId: string }> {
    const p1 = product(`${no}-a`, { limitConcurrent: 3, limitStartDate: 1000, limitEndDate: 2000 })
    const p2 = product(`${no}-b`, { limitConcurrent: 5, limitStartDate: 1000, limitEndDate: 3000 })
    const [r] = await c.ok<BatchOrderResult[]>('batchOrder', order([{ ...lockEntry(customerId), assets: [{ assetNos: [no], products: [p1, p2, product(`${no}-c`, { productUri: 'GMS-1004' })] }] }]))
    return { id: (await assetByNum(no))?.id as string, orderId: r?.licenseOrderId as string }
  }

  const delProduct = (no: string, p: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    ...revokeBase('normal_recover_usbkey', 'delete_product', 41),
    ...extra,
    assets: [{ assetNos: [no], limitStartDate: null, limitEndDate: null, products: [p] }],
  })

  it('strict: matches time limits and node count, removing only that product', async () => {
    const { id } = await lockWithTwo('8300000050')
    const strict = { crmProductId: 'x', productUri: 'GMS-1001', limitStartDate: 1000, limitEndDate: 3000, limitConcurrent: 5, strictMatchWhenDelete: true }
    await c.ok('batchOrder', order([delProduct('8300000050', strict)]))
    const left = (await productsOf(id)).productInstanceList ?? []
    expect(left.map((p) => [p.productUri, p.limitConcurrent]).sort()).toEqual([
      ['GMS-1001', 3],
      ['GMS-1004', 3],
    ])
  })

  it('strict: no product with those limits is a 13004 naming the product', async () => {
    await lockWithTwo('8300000051')
    const strict = { crmProductId: 'x', productUri: 'GMS-1001', limitStartDate: 1000, limitEndDate: 3000, limitConcurrent: 4, strictMatchWhenDelete: true }
    await rejects([delProduct('8300000051', strict)], 'Order sequence 41', 'assets[0].products[0]', 'GMS-1001', 'limitConcurrent 4')
  })

  it('loose: matches by product mnemonic, removing every product with that productUri', async () => {
    const { id } = await lockWithTwo('8300000052')
    const loose = { crmProductId: 'x', productUri: 'GMS-1001', limitStartDate: null, limitEndDate: null, limitConcurrent: 0, strictMatchWhenDelete: false }
    await c.ok('batchOrder', order([delProduct('8300000052', loose)]))
    expect(((await productsOf(id)).productInstanceList ?? []).map((p) => p.productUri)).toEqual(['GMS-1004'])
  })

  it('srcLicenseOrderId limits the removal to that order', async () => {
    const first = await lockWithTwo('8300000053')
    // A second purchase of the same product on the same lock, in another order.
    await c.ok('batchOrder', order([{ ...lockEntry(customerId), assets: [{ assetNos: ['8300000053'], products: [product('again')] }] }]))
    const loose = { crmProductId: 'x', productUri: 'GMS-1001', limitConcurrent: 0, strictMatchWhenDelete: false }
    await c.ok('batchOrder', order([delProduct('8300000053', loose, { srcLicenseOrderId: first.orderId })]))
    const left = (await productsOf(first.id)).productInstanceList ?? []
    expect(left.map((p) => p.crmProductId).sort()).toEqual(['8300000053-c', 'again'])
  })

  it('the form: products needed, with crmProductId, productUri, limitConcurrent, strictMatchWhenDelete', async () => {
    await lockWithTwo('8300000054')
    const full = { crmProductId: 'x', productUri: 'GMS-1001', limitConcurrent: 0, strictMatchWhenDelete: false }
    for (const f of Object.keys(full)) {
      const p: Record<string, unknown> = { ...full }
      delete p[f]
      await rejects([delProduct('8300000054', p)], 'Order sequence 41', `products[0].${f}`)
    }
    await rejects([{ ...delProduct('8300000054', full), assets: [{ assetNos: ['8300000054'], products: [] }] }], 'products')
  })

  it('a cloud license type needs srcLicenseOrderId', async () => {
    const [r] = await c.ok<BatchOrderResult[]>('batchOrder', order([cloudEntry(customerId, '8300000055')]))
    const e = { ...revokeBase('cloud_account', 'delete_product', 51), assets: [{ assetNos: ['8300000055'], products: [{ crmProductId: 'x', productUri: 'APP-2001', limitConcurrent: 0, strictMatchWhenDelete: false }] }] }
    await rejects([e], 'Order sequence 51', 'srcLicenseOrderId')
    await c.ok('batchOrder', order([{ ...e, srcLicenseOrderId: r?.licenseOrderId }]))
    const a = await assetByNum('8300000055')
    expect((await productsOf(a?.id as string)).productInstanceList).toEqual([])
  })
})
