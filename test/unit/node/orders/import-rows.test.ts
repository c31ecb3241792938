import { describe, expect, it } from 'vitest'
import { catalogSchema } from '@shared/orders/catalog'
import { checkOrderDraft } from '@shared/orders/draft'
import { LICENSE_TYPES, type LicenseType } from '@shared/api/orders'
import { IMPORT_FIELDS, guessMapping, orderTemplate, parseLicenseType, parseOrderType, rowsToOrder, type ImportTable } from '@shared/orders/import-rows'

const catalog = catalogSchema.parse({
  products: [
    { productUri: 'GMS-1001', productName: 'Cost Estimator', productType: 'tool', defaultNodeCount: 2 },
    { productUri: 'APP-2001', uriKind: 'appKey', productName: 'Cloud Pricing', productType: 'web' },
  ],
  packages: [
    { merchandiseNum: 'PKG-SUITE', merchandiseName: 'Suite', products: ['GMS-1001'], children: ['PKG-BASIC'] },
    { merchandiseNum: 'PKG-BASIC', merchandiseName: 'Basic', products: ['APP-2001'] },
  ],
})

let n = 0
const opts = (locale: 'en' | 'zh-CN') => ({ locale, nextId: () => `T-${++n}`, channelCode: 'DEMO', channelOrderId: 'LD-TEST-1' })

/** A table from the template's header (in a language) and rows given by field. */
function table(locale: 'en' | 'zh-CN', rows: Partial<Record<(typeof IMPORT_FIELDS)[number], string>>[]): ImportTable {
  const { columns, rows: examples } = orderTemplate(locale)
  const base = Object.fromEntries(IMPORT_FIELDS.map((f, i) => [f, examples[0]![i]!]))
  return {
    columns,
    rows: rows.map((r) => IMPORT_FIELDS.map((f) => r[f] ?? (f in r ? '' : (base[f] as string)))),
    lines: rows.map((_, i) => i + 2),
  }
}

describe('order import: headers and words', () => {
  it('maps the template headers in both languages, and usual variants', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const m = guessMapping(orderTemplate(locale).columns)
      IMPORT_FIELDS.forEach((f, i) => expect(m[f], `${locale} ${f}`).toBe(i))
    }
    const m = guessMapping(['Lock numbers', 'licenseType', '套餐', 'whatever', '管理员邮箱'])
    expect(m).toMatchObject({ assetNos: 0, licenseType: 1, packages: 2, adminEmail: 4, entry: -1 })
  })

  it('reads order types in words of either language', () => {
    expect(parseOrderType('新购')).toBe('new_buy')
    expect(parseOrderType('Delete asset')).toBe('delete_asset')
    expect(parseOrderType('删除产品')).toBe('delete_product')
    expect(parseOrderType('refund')).toBeNull()
  })

  it('reads license types by technical name, or by the words given for them', () => {
    expect(parseLicenseType(' Normal_Recover_Usbkey ')).toBe('normal_recover_usbkey')
    expect(parseLicenseType('单机锁（可充值）')).toBeNull()
    const names = Object.fromEntries(LICENSE_TYPES.map((t) => [t, t === 'normal_recover_usbkey' ? ['Stand-alone lock, refillable', '单机锁（可充值）'] : []])) as unknown as Record<LicenseType, string[]>
    expect(parseLicenseType('单机锁(可充值)', names)).toBe('normal_recover_usbkey')
    expect(parseLicenseType('stand-alone lock, refillable', names)).toBe('normal_recover_usbkey')
  })
})

describe('order import: rows to an order', () => {
  for (const locale of ['en', 'zh-CN'] as const) {
    it(`groups good rows into entries that pass the shared rules (${locale} headers)`, () => {
      const t = table(locale, [
        { entry: 'A', assetNos: '8100000001; 8100000002', products: 'GMS-1001', packages: 'PKG-SUITE', nodes: '5' },
        { entry: 'A', assetNos: '8100000003', products: 'APP-2001', packages: '', nodes: '' },
        { entry: 'B', orderType: locale === 'zh-CN' ? '删除资产' : 'delete_asset', assetNos: '8100000009', products: '', nodes: '' },
      ])
      const r = rowsToOrder(t, guessMapping(t.columns), catalog, opts(locale))
      expect(r.issues).toEqual([])
      expect(r).toMatchObject({ rows: 3, goodRows: 3 })
      expect(r.entries.map((e) => [e.key, e.lines, e.orderType, e.ok])).toEqual([
        ['A', [2, 3], 'new_buy', true],
        ['B', [4], 'delete_asset', true],
      ])
      const [a, b] = r.draft.entries
      expect(a!.assets).toHaveLength(2)
      expect(a!.assets[0]!.products[0]).toMatchObject({ productUri: 'GMS-1001', limitConcurrent: 5, catalogRef: 'GMS-1001' })
      expect(a!.assets[0]!.merchandises[0]!.children[0]!.merchandiseNum).toBe('PKG-BASIC')
      expect(a!.assets[1]!.products[0]).toMatchObject({ productUri: 'APP-2001', appKey: 'APP-2001', limitConcurrent: 1 })
      expect(a!.assets[0]!.limitStartDate).toBe(Date.UTC(2025, 0, 1) - 8 * 3_600_000)
      expect(b!.assets[0]!.assetNos).toEqual(['8100000009'])
      expect(checkOrderDraft(r.draft, 'DEMO')).toEqual([])
    })
  }

  it('groups rows without an entry column by their entry fields', () => {
    const t = table('en', [{ entry: '' }, { entry: '', assetNos: '8100000005' }, { entry: '', customerName: 'Other Ltd', assetNos: '8100000006' }])
    const r = rowsToOrder(t, guessMapping(t.columns), catalog, opts('en'))
    expect(r.entries.map((e) => e.lines)).toEqual([[2, 3], [4]])
  })

  it('names each bad row, column and reason in English, and leaves out its whole entry', () => {
    const t = table('en', [
      { entry: 'A', products: 'NOPE-1' },
      { entry: 'A', assetNos: '8100000007', limitEndDate: '31/12/2025' },
      { entry: 'B', orderType: 'refund', assetNos: '8100000008' },
      { entry: 'C', adminEmail: '', assetNos: '8100000010' },
      { entry: 'D', assetNos: '8100000011', licenseType: 'usb' },
      { entry: 'E', assetNos: '8100000012' },
    ])
    const r = rowsToOrder(t, guessMapping(t.columns), catalog, opts('en'))
    const msg = (line: number) => r.issues.filter((i) => i.line === line).map((i) => `${i.column ?? ''}: ${i.message}`)
    expect(msg(2)).toEqual(['Products: Products: the catalog has no product "NOPE-1"'])
    expect(msg(3)).toEqual(['End date: End date must be a date such as 2025-12-31: "31/12/2025"'])
    expect(msg(4)).toEqual(['Order type: Order type must be new_buy, delete_asset or delete_product (新购, 删除资产, 删除产品): "refund"'])
    expect(msg(5)).toEqual(['Administrator e-mail: Administrator e-mail is required'])
    expect(msg(6)[0]).toContain('License type must be one of the 14 license types')
    expect(msg(7)).toEqual([])
    expect(r.entries.map((e) => e.ok)).toEqual([false, false, false, false, true])
    expect(r.draft.entries).toHaveLength(1)
    expect(r.goodRows).toBe(1)
    expect(r.draft.entries[0]!.assets[0]!.assetNos).toEqual(['8100000012'])
  })

  it('a lock number in two entries (or two rows of one) is an issue at the later row, naming the line of the first', () => {
    for (const [locale, said] of [['en', 'repeats "8100000021" (first at line 2)'], ['zh-CN', '重复：“8100000021”（首次出现在 第 2 行）']] as const) {
      const t = table(locale, [{ entry: 'A', assetNos: '8100000021' }, { entry: 'A', assetNos: '8100000023' }, { entry: 'B', assetNos: '8100000022; 8100000021' }])
      const r = rowsToOrder(t, guessMapping(t.columns), catalog, opts(locale))
      const at4 = r.issues.filter((i) => i.line === 4).map((i) => i.message)
      expect(at4).toHaveLength(1)
      expect(at4[0]).toContain(said)
      expect(r.issues.filter((i) => i.line === 2)).toEqual([])
    }
  })

  it('says it in Chinese for a Chinese user, with the file’s own headers', () => {
    const t = table('zh-CN', [
      { entry: '1', assetNos: '81000 00001', borrowedUsbKey: '也许' },
      { entry: '1', assetNos: '8100000002', customerName: '另一个客户' },
      { entry: '2', assetNos: '8100000003', packages: '无此包' },
    ])
    const r = rowsToOrder(t, guessMapping(t.columns), catalog, opts('zh-CN'))
    const msg = (line: number) => r.issues.filter((i) => i.line === line).map((i) => i.message)
    expect(msg(2)).toEqual(['资产编号：“81000 00001”不是资产编号（1 到 64 个可见字符，不含空格）', '借用锁必须是“是”或“否”（Yes 或 No）：“也许”'])
    expect(msg(3)).toEqual(['客户名称与同一条目第 2 行不同：“另一个客户”'])
    expect(msg(4)).toEqual(['产品包：目录中没有产品包“无此包”'])
    expect(r.draft.entries).toEqual([])
  })

  it('keeps what a revoke of products needs: instance ids, nodes, strict matching', () => {
    const t = table('en', [
      { entry: 'R', orderType: 'delete_product', licenseType: 'cloud_account', srcLicenseOrderId: 'LO-1', assetNos: '8100000041', products: 'GMS-1001; APP-2001', instanceIds: 'I-1; I-2', nodes: '1', strictMatchWhenDelete: 'Yes' },
      { entry: 'S', orderType: 'delete_product', assetNos: '8100000042', products: 'GMS-1001', instanceIds: 'I-1; I-2' },
    ])
    const r = rowsToOrder(t, guessMapping(t.columns), catalog, opts('en'))
    expect(r.draft.entries).toHaveLength(1)
    expect(r.draft.entries[0]!.assets[0]!.products.map((p) => [p.productUri, p.crmProductId, p.limitConcurrent, p.strictMatchWhenDelete])).toEqual([
      ['GMS-1001', 'I-1', 1, true],
      ['APP-2001', 'I-2', 1, true],
    ])
    expect(r.issues.map((i) => [i.line, i.column])).toEqual([[3, 'Instance IDs']])
  })
})
