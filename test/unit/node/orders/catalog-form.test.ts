import { describe, expect, it } from 'vitest'
import { catalogEditDraftSchema, emptyPackageForm, emptyProductForm, packageForm, packageFromForm, productForm, productFromForm } from '@shared/orders/catalog-form'
import { catalogPackageSchema, catalogProductSchema } from '@shared/orders/catalog'
import { catalogSheets, parseDateCell, formatDateCell, sectionOfHeader, sectionOfRow } from '@shared/orders/catalog-files'
import { splitSections } from '../../../../src/main/services/catalog/files'

let k = 0
const key = () => `k${++k}`

describe('the catalog edit form', () => {
  it('makes the product it shows, and back', () => {
    const p = catalogProductSchema.parse({ productUri: 'P-1', uriKind: 'appKey', productName: '产品', productType: 'web', defaultNodeCount: 4, trial: 1, features: [{ featureCode: 'F', trialEndDate: 1_700_000_000_000 }] })
    const r = productFromForm(productForm(p, key), 'en')
    expect(r.issues).toEqual({})
    expect(r.product).toEqual(p)
    const kept = catalogEditDraftSchema.parse({ open: 'product', product: productForm(p, key) })
    expect(productFromForm(kept.product, 'en').product).toEqual(p)
  })

  it('says each field’s problem in the user’s language', () => {
    const form = { ...emptyProductForm(), productUri: 'A B', defaultNodeCount: 'x', timeDurationExpression: '1y' }
    const en = productFromForm(form, 'en')
    expect(en.product).toBeNull()
    expect(en.issues).toEqual({
      productUri: 'Product URI may not contain spaces: "A B"',
      productName: 'Product name is required',
      productType: 'Product type is required',
      defaultNodeCount: 'Default nodes must be a whole number from 0 to 1000000: "x"',
      timeDurationExpression: 'Duration (y-m-d) must be years-months-days, e.g. 1-0-0 for one year: "1y"',
    })
    const zh = productFromForm(form, 'zh-CN')
    expect(zh.issues['productName']).toBe('产品名称不能为空')
    expect(zh.issues['productUri']).toBe('产品URI不能包含空格：“A B”')
    const withFeature = productFromForm({ ...emptyProductForm(), productUri: 'A', productName: 'a', productType: 't', features: [{ key: 'x', featureCode: '', featureName: '', featureValue: '', featureValueType: '', trial: false, trialEndDate: null }] }, 'en')
    expect(withFeature.issues).toEqual({ 'features.0.featureCode': 'Feature code is required' })
  })

  it('makes a package, keeping children written inside it, and refuses one that holds itself', () => {
    const k1 = catalogPackageSchema.parse({ merchandiseNum: 'K', merchandiseName: 'k', products: ['P'], children: ['C', { merchandiseNum: 'IN', merchandiseName: 'in' }] })
    expect(packageFromForm(packageForm(k1), 'en').package).toEqual(k1)
    const self = packageFromForm({ ...emptyPackageForm(), merchandiseNum: 'K', merchandiseName: 'k', children: ['K'] }, 'en')
    expect(self.package).toBeNull()
    expect(self.issues['children']).toBe('Package K contains itself (through K).')
  })
})

describe('catalog files', () => {
  it('finds the tables of a CSV by their bracket rows or, alone, by the header', () => {
    expect(sectionOfRow(['[套餐]', '', ''])).toBe('packages')
    expect(sectionOfRow(['【Products】'])).toBe('products')
    expect(sectionOfRow(['[Products]', 'x'])).toBeNull()
    expect(sectionOfHeader(['套餐编号', '套餐名称'])).toBe('packages')
    expect(sectionOfHeader(['productUri', 'featureCode'])).toBe('features')
    expect(sectionOfHeader(['Product URI', 'Product name'])).toBe('products')
    const t = splitSections([['Product URI', 'Product name'], ['A', 'a'], [''], ['[Packages]'], ['Package number'], ['K']])
    expect(t.map((x) => [x.section, x.lines])).toEqual([
      ['products', [1, 2, 3]],
      ['packages', [5, 6]],
    ])
  })

  it('reads and writes dates in China time', () => {
    const ms = parseDateCell('2025-12-31')!
    expect(ms).toBe(Date.UTC(2025, 11, 30, 16))
    expect(formatDateCell(ms)).toBe('2025-12-31')
    expect(parseDateCell('2025年2月3日')).toBe(Date.UTC(2025, 1, 2, 16))
    expect(parseDateCell('2025-02-30')).toBeNull()
    expect(parseDateCell('soon')).toBeNull()
  })

  it('writes headers in the user’s language', () => {
    const sheets = catalogSheets({ products: [catalogProductSchema.parse({ productUri: 'P', productName: 'p', productType: 't' })], packages: [] }, 'zh-CN')
    expect(sheets.map((s) => s.name)).toEqual(['产品', '功能', '套餐'])
    expect(sheets[0]!.columns.slice(0, 3)).toEqual(['产品URI', 'URI类型', '产品名称'])
    expect(sheets[0]!.rows[0]!.at(-1)).toBe('否')
  })
})
