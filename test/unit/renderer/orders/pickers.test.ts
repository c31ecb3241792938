import { describe, expect, it } from 'vitest'
import type { AssetTable } from '@shared/ipc/channels/assets'
import type { AssetProducts } from '@shared/api/models'
import { deleteProductBody, orderDraftSchema, checkOrderDraft, emptyEntry } from '@shared/orders/draft'
import { buildAssetModel } from '../../../../src/renderer/models/assets/asset-list'
import {
  assetIdOf,
  buildPick,
  licenseOrderIdsOf,
  needsSourceOrder,
  packageState,
  pickedNumbers,
  pickProducts,
  pickRows,
  searchAssets,
  toDeleteProduct,
  togglePackage,
  type PickPackage,
} from '../../../../src/renderer/models/orders/pickers'

function table(nums: string[]): AssetTable {
  const n = nums.length
  return {
    profileId: 'sandbox',
    enterpriseGlobalId: 'E1',
    extendCode: '',
    fetchedAt: 1,
    cached: false,
    count: n,
    dict: { licenseTypes: ['normal_recover_usbkey'], customers: ['C1'], members: [], extendCodes: [] },
    id: nums.map((_, i) => `A${i}`),
    assetNum: nums,
    licenseType: nums.map(() => 0),
    flags: nums.map(() => 0),
    member: nums.map(() => -1),
    customer: nums.map(() => 0),
    extendCodes: nums.map(() => -1),
    createTime: nums.map(() => -1),
  }
}

const model = buildAssetModel(table(['8100000001', '8100000002', '8100000013', 'LK-ab01']))

describe('picking asset numbers', () => {
  it('finds by a piece of a number, or shows exactly a pasted list and names what the enterprise lacks', () => {
    expect(searchAssets(model, '').rows).toHaveLength(4)
    expect(searchAssets(model, '000001').rows.map((r) => r.assetNum)).toEqual(['8100000001', '8100000013'])
    const pasted = searchAssets(model, '8100000002, ８１００００００１３\n8199999999')
    expect(pasted.list).toBe(true)
    expect(pasted.rows.map((r) => r.assetNum)).toEqual(['8100000002', '8100000013'])
    expect(pasted.missing).toEqual(['8199999999'])
    // Case does not make another number.
    expect(searchAssets(model, 'lk-AB01, 8100000001').rows.map((r) => r.assetNum)).toEqual(['8100000001', 'LK-ab01'])
  })

  it('emits the picked numbers in the list order, each once', () => {
    expect(pickedNumbers(model, new Set(['8100000013', '8100000001', 'nope']))).toEqual(['8100000001', '8100000013'])
  })

  it('finds the asset id of a number as typed (full-width, case, spaces around)', () => {
    expect(assetIdOf(model, ' 8100000002 ')).toBe('A1')
    expect(assetIdOf(model, 'lk-AB01')).toBe('A3')
    expect(assetIdOf(model, '8100000099')).toBeNull()
    expect(assetIdOf(model, '')).toBeNull()
  })
})

const products: AssetProducts = {
  productInstanceList: [
    { id: 1, productUri: 'gms:100', productName: 'Product X', crmProductId: 'P-1', licenseOrderId: 'LO-1', licenseType: 'normal_recover_usbkey', limitStartTime: 1000, limitEndTime: 2000, limitConcurrent: 5 },
  ],
  children: [
    {
      id: 10,
      merchandiseNum: 'M-1',
      merchandiseName: 'Suite',
      licenseOrderId: 'LO-2',
      productInstanceList: [{ id: 2, productUri: 'gms:200', productName: 'Y', crmProductId: 'P-2', licenseOrderId: 'LO-2', limitConcurrent: 1 }],
      children: [{ id: 11, merchandiseNum: 'M-2', licenseOrderId: 'LO-2', productInstanceList: [{ id: 3, productUri: 'gms:300', crmProductId: 'P-3', licenseOrderId: 'LO-3', licenseType: 'cloud_account' }] }],
    },
  ],
}

describe('picking products to revoke', () => {
  const rows = pickRows(products)

  it('lists loose products, then packages with the products inside at any depth', () => {
    expect(rows.map((r) => `${r.kind}:${r.id}:${r.depth}`)).toEqual(['product:1:0', 'package:m:10:0', 'product:2:1', 'package:m:11:1', 'product:3:2'])
    expect((rows[1] as PickPackage).productIds).toEqual(['2', '3'])
    expect(pickProducts(rows).map((p) => p.productUri)).toEqual(['gms:100', 'gms:200', 'gms:300'])
  })

  it('ticking a package ticks its products (and unticks them when all were)', () => {
    const pkg = rows[1] as PickPackage
    let picked = togglePackage(new Set(), pkg)
    expect([...picked].sort()).toEqual(['2', '3'])
    expect(packageState(picked, pkg)).toBe('all')
    picked.delete('3')
    expect(packageState(picked, pkg)).toBe('some')
    picked = togglePackage(togglePackage(picked, pkg), pkg)
    expect(packageState(picked, pkg)).toBe('none')
  })

  it('a product to revoke carries only what entry rule 4 sends, strict or by product', () => {
    const p = pickProducts(rows)[0]!
    const exact = toDeleteProduct(p, 'exact')
    expect(deleteProductBody(exact)).toEqual({ crmProductId: 'P-1', productUri: 'gms:100', strictMatchWhenDelete: true, limitStartDate: 1000, limitEndDate: 2000, limitConcurrent: 5 })
    expect(toDeleteProduct(p, 'product').strictMatchWhenDelete).toBe(false)
    // Nothing of a new purchase rides along (no duration, no passwords, no features).
    expect(exact.timeDurationExpression).toBe('')
    expect(exact.passwords).toEqual([])
    expect(exact.productFeatures).toEqual([])
  })

  it('offers the license order ids of the ticked products, most used first; all of the asset’s when none is ticked', () => {
    expect(licenseOrderIdsOf(rows, new Set(['1']))).toEqual(['LO-1'])
    expect(licenseOrderIdsOf(rows, new Set(['2', '3']))).toEqual(['LO-2', 'LO-3'])
    expect(licenseOrderIdsOf(rows, new Set())).toEqual(['LO-2', 'LO-1', 'LO-3'])
  })

  it('cloud license types need the source order (rule 1)', () => {
    expect(needsSourceOrder('cloud_account')).toBe(true)
    expect(needsSourceOrder('normal_recover_usbkey')).toBe(false)
  })

  it('the pick makes a delete_product entry the shared rules accept', () => {
    const pick = buildPick('8100000001', 'A0', rows, new Set(['1', '2']), 'exact')
    expect(pick.products.map((p) => p.productUri)).toEqual(['gms:100', 'gms:200'])
    expect(pick.srcLicenseOrderIds).toEqual(['LO-2', 'LO-1'])
    const e = emptyEntry('delete_product')
    Object.assign(e, { licenseType: 'normal_recover_usbkey', customerName: 'ACME', channelCustomerId: 'C', adminName: 'a', adminAccount: 'a', adminEmail: 'a@b.cn', adminCellNumber: '13912345678', branchCode: 'B', branchName: 'B', enterpriseGlobalId: 'E1' })
    e.assets[0]!.assetNos = [pick.assetNum]
    e.assets[0]!.products = pick.products
    const issues = checkOrderDraft(orderDraftSchema.parse({ channelOrderId: 'LD-1', entries: [e] }), 'DEMO')
    expect(issues.filter((i) => i.field.includes('products'))).toEqual([])
    // …and the same check finds a product the service did not name (no instance id to revoke by).
    e.assets[0]!.products = [{ ...pick.products[0]!, crmProductId: '' }]
    const missing = checkOrderDraft(orderDraftSchema.parse({ channelOrderId: 'LD-1', entries: [e] }), 'DEMO')
    expect(missing.map((i) => i.field)).toContain('orderList[0].assets[0].products[0].crmProductId')
  })
})
