import { describe, expect, it } from 'vitest'
import {
  CatalogRefError,
  catalogPackageSchema,
  catalogProblems,
  catalogProductSchema,
  catalogSchema,
  merchandiseFromCatalog,
  packageProductUris,
  productFromCatalog,
  type Catalog,
} from '@shared/orders/catalog'
import { DEFAULT_INSTANCE_ID_PREFIX, instanceIdGenerator, newInstanceId } from '@shared/orders/instance-ids'
import { checkOrderDraft, emptyEntry, emptyOrderDraft, productDraftSchema, merchandiseDraftSchema, type MerchandiseDraft } from '@shared/orders/draft'
import { DEFAULT_SETTINGS, applySettingsPatch, settingsPatchSchema } from '@shared/settings'

function seqIds(): () => string {
  let n = 0
  return () => `ID${++n}`
}

const catalog: Catalog = catalogSchema.parse({
  products: [
    { productUri: 'GMS-1001', uriKind: 'gmsPid', productName: '计价软件 Cost Estimator 6', productType: 'tool', defaultNodeCount: 3, features: [{ featureCode: 'F1', featureName: 'Export', featureValue: 'on', featureValueType: 'bool' }] },
    { productUri: 'GMS-1002', productName: 'Quantity Takeoff', productType: 'tool' },
    { productUri: 'APP-2001', uriKind: 'appKey', productName: 'Cloud Pricing', productType: 'web', timeUnit: 'month', timeUnitQuantity: 6, timeDurationExpression: '0-6-0' },
  ],
  packages: [
    { merchandiseNum: 'PKG-SUITE', merchandiseName: 'Cost Suite', children: ['PKG-BASIC', { merchandiseNum: 'PKG-INLINE', merchandiseName: 'Inline', products: ['APP-2001'] }], products: ['GMS-1001'] },
    { merchandiseNum: 'PKG-BASIC', merchandiseName: '基础包 Basic Pack', products: ['GMS-1002', 'APP-2001'] },
  ],
})

describe('catalog schemas', () => {
  it('fills defaults and refuses what the service cannot take', () => {
    const p = catalogProductSchema.parse({ productUri: 'X-1', productName: 'X', productType: 'tool' })
    expect(p).toMatchObject({ uriKind: 'gmsPid', defaultNodeCount: 1, timeUnit: 'year', timeUnitQuantity: 1, timeDurationExpression: '1-0-0', trial: 0, features: [] })
    expect(catalogProductSchema.safeParse({ productUri: 'has space', productName: 'X', productType: 't' }).success).toBe(false)
    expect(catalogProductSchema.safeParse({ productUri: 'X', productName: '', productType: 't' }).success).toBe(false)
    expect(catalogProductSchema.safeParse({ productUri: 'X', productName: 'X', productType: 't', timeDurationExpression: '1 year' }).success).toBe(false)
    expect(catalogProductSchema.safeParse({ productUri: 'X', productName: 'X' }).success).toBe(false)
    expect(catalogProductSchema.safeParse({ productUri: 'X'.repeat(201), productName: 'X', productType: 't' }).success).toBe(false)
    expect(catalogPackageSchema.safeParse({ merchandiseNum: 'P', merchandiseName: 'P', products: Array(501).fill('A') }).success).toBe(false)
  })

  it('finds unknown references, repeats, loops and trees too deep', () => {
    expect(catalogProblems(catalog)).toEqual([])
    const bad = catalogSchema.parse({
      products: [{ productUri: 'A', productName: 'a', productType: 't' }, { productUri: 'A', productName: 'again', productType: 't' }],
      packages: [
        { merchandiseNum: 'K1', merchandiseName: 'k1', children: ['K2', 'NOPE'], products: ['A', 'MISSING'] },
        { merchandiseNum: 'K2', merchandiseName: 'k2', children: ['K1'] },
      ],
    })
    const problems = catalogProblems(bad)
    expect(problems).toContainEqual({ kind: 'product', ref: 'A', code: 'duplicate' })
    expect(problems).toContainEqual({ kind: 'package', ref: 'K1', code: 'unknownProduct', value: 'MISSING' })
    expect(problems).toContainEqual({ kind: 'package', ref: 'K1', code: 'unknownPackage', value: 'NOPE' })
    expect(problems).toContainEqual({ kind: 'package', ref: 'K1', code: 'cycle', value: 'K1' })
    const chain = Array.from({ length: 10 }, (_, i) => ({ merchandiseNum: `C${i}`, merchandiseName: `c${i}`, children: i < 9 ? [`C${i + 1}`] : [] }))
    expect(catalogProblems(catalogSchema.parse({ packages: chain }))).toContainEqual({ kind: 'package', ref: 'C0', code: 'tooDeep' })
  })
})

describe('productFromCatalog', () => {
  it('makes a draft product with a fresh id, the catalog values and the URI as gmsPid or appKey', () => {
    const next = seqIds()
    const p = productFromCatalog(catalog.products[0]!, next)
    expect(productDraftSchema.parse(p)).toEqual(p)
    expect(p).toMatchObject({ crmProductId: 'ID1', parentCrmProductId: '', productUri: 'GMS-1001', gmsPid: 'GMS-1001', appKey: '', productType: 'tool', limitConcurrent: 3, catalogRef: 'GMS-1001' })
    expect(p.productFeatures).toHaveLength(1)
    expect(p.productFeatures[0]).toMatchObject({ featureCode: 'F1', featureValue: 'on', trial: 0, trialEndDate: 0 })
    const app = productFromCatalog(catalog.products[2]!, next, 'PARENT')
    expect(app).toMatchObject({ crmProductId: 'ID2', parentCrmProductId: 'PARENT', gmsPid: '', appKey: 'APP-2001', timeUnit: 'month', timeUnitQuantity: 6, timeDurationExpression: '0-6-0' })
  })
})

describe('merchandiseFromCatalog', () => {
  it('builds the whole tree with fresh ids, each child and product pointing at its package', () => {
    const tree = merchandiseFromCatalog(catalog.packages[0]!, catalog, instanceIdGenerator('T'))
    expect(merchandiseDraftSchema.parse(tree)).toEqual(tree)
    expect(tree).toMatchObject({ merchandiseNum: 'PKG-SUITE', parentCrmProductId: '', parentMerchandiseNum: '', catalogRef: 'PKG-SUITE' })
    expect(tree.products.map((p) => p.productUri)).toEqual(['GMS-1001'])
    expect(tree.products[0]!.parentCrmProductId).toBe(tree.crmProductId)
    const [basic, inline] = tree.children as [MerchandiseDraft, MerchandiseDraft]
    expect(basic).toMatchObject({ merchandiseNum: 'PKG-BASIC', merchandiseName: '基础包 Basic Pack', parentCrmProductId: tree.crmProductId, parentMerchandiseNum: 'PKG-SUITE' })
    expect(basic.products.map((p) => [p.productUri, p.parentCrmProductId])).toEqual([
      ['GMS-1002', basic.crmProductId],
      ['APP-2001', basic.crmProductId],
    ])
    expect(inline).toMatchObject({ merchandiseNum: 'PKG-INLINE', parentMerchandiseNum: 'PKG-SUITE', parentCrmProductId: tree.crmProductId })
    const ids: string[] = []
    const walk = (m: MerchandiseDraft): void => {
      ids.push(m.crmProductId, ...m.products.map((p) => p.crmProductId))
      m.children.forEach(walk)
    }
    walk(tree)
    expect(ids).toHaveLength(7)
    expect(new Set(ids).size).toBe(7)
    expect(ids.every((id) => id.startsWith('T-'))).toBe(true)
  })

  it('hangs under a given parent', () => {
    const m = merchandiseFromCatalog(catalog.packages[1]!, catalog, seqIds(), { crmProductId: 'UP', merchandiseNum: 'PKG-UP' })
    expect(m).toMatchObject({ crmProductId: 'ID1', parentCrmProductId: 'UP', parentMerchandiseNum: 'PKG-UP' })
  })

  it('refuses a reference the catalog lacks and a package that contains itself', () => {
    const broken = catalogSchema.parse({ packages: [{ merchandiseNum: 'K', merchandiseName: 'k', products: ['NOPE'] }] })
    expect(() => merchandiseFromCatalog(broken.packages[0]!, broken, seqIds())).toThrow(CatalogRefError)
    const loop = catalogSchema.parse({ packages: [{ merchandiseNum: 'K', merchandiseName: 'k', children: ['K'] }] })
    expect(() => merchandiseFromCatalog(loop.packages[0]!, loop, seqIds())).toThrow(CatalogRefError)
  })

  it('lists the products a package brings', () => {
    expect(packageProductUris(catalog.packages[0]!, catalog)).toEqual(['GMS-1001', 'GMS-1002', 'APP-2001'])
  })

  it('gives an order the shared rules accept for the products and packages', () => {
    const draft = emptyOrderDraft('LD-1')
    const entry = emptyEntry('new_buy')
    Object.assign(entry, {
      customerName: 'ACME', channelCustomerId: 'C1', adminName: 'a', adminAccount: 'a', adminEmail: 'a@b.c', adminCellNumber: '13800000000',
      branchCode: 'B', branchName: 'B', enterpriseGlobalId: 'E1', licenseType: 'cloud_account', customerId: 'c', crmCustomerId: 'crm', passwordMobile: '13800000000', address: 'x',
    })
    const next = instanceIdGenerator()
    entry.assets[0]!.assetNos = ['8100000041']
    entry.assets[0]!.products = [productFromCatalog(catalog.products[0]!, next)]
    entry.assets[0]!.merchandises = [merchandiseFromCatalog(catalog.packages[0]!, catalog, next)]
    draft.entries = [entry]
    expect(checkOrderDraft(draft, 'DEMO')).toEqual([])
  })
})

describe('instance ids', () => {
  it('are unique, carry the prefix, and fall back to the default for a bad one', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => newInstanceId('ACME')))
    expect(ids.size).toBe(5000)
    for (const id of ids) expect(id).toMatch(/^ACME-[0-9A-Z]+-[0-9A-Z]{8}$/)
    expect(newInstanceId()).toMatch(new RegExp(`^${DEFAULT_INSTANCE_ID_PREFIX}-`))
    expect(newInstanceId('bad prefix')).toMatch(/^LD-/)
  })

  it('take their prefix from the settings, checked', () => {
    expect(DEFAULT_SETTINGS.orders.instanceIdPrefix).toBe('LD')
    const patch = settingsPatchSchema.parse({ orders: { instanceIdPrefix: 'BR01' } })
    expect(applySettingsPatch(DEFAULT_SETTINGS, patch).orders.instanceIdPrefix).toBe('BR01')
    expect(settingsPatchSchema.safeParse({ orders: { instanceIdPrefix: 'a b' } }).success).toBe(false)
    expect(settingsPatchSchema.safeParse({ orders: { other: 1 } }).success).toBe(false)
  })
})
