/**
 * The product catalog and importing orders in real Chromium through browser mode. In English: the Sandbox
 * profile's catalog has the demo products; a product (named in Chinese) is added with a bad duration refused at
 * its field first; a package typed half-way survives a reload (kept as a draft) and is saved with a product and a
 * child package; the catalog is exported as CSV and a file with a bad row is refused whole with the row and the
 * reason. In Chinese: an Excel order file with good and bad rows goes through the Drafts area's Import orders
 * dialog: the bad rows are named with their reason, the good ones become one order draft with fresh instance ids.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import type { Catalog } from '@shared/orders/catalog'
import type { DraftMeta, Draft } from '@shared/ipc/channels/drafts'
import type { OrderDraft } from '@shared/orders/draft'
import { IMPORT_FIELDS, orderTemplate } from '@shared/orders/import-rows'
import { test, expect, draftText, invoke as api } from './fixtures'

/** The form item (label, input and message) of a field. */
const fieldItem = (page: Page, testId: string) => page.locator('.el-form-item', { has: page.getByTestId(testId) })

async function openCatalog(page: Page): Promise<void> {
  await page.getByTestId('nav-orders').click()
  await page.locator('#tab-catalog').click()
  await expect(page.getByTestId('catalog-panel')).toBeVisible()
}

/** Picks options of an Element Plus select by their visible text. */
async function pickOptions(page: Page, selectTestId: string, texts: string[]): Promise<void> {
  await page.getByTestId(selectTestId).click()
  for (const text of texts) await page.locator('.el-select-dropdown:visible .el-select-dropdown__item', { hasText: text }).first().click()
  await page.getByTestId('catalog-package-name').click()
}

test('add a product and a package, export, and refuse a file with a bad row (English)', async ({ app, page }, info) => {
  test.setTimeout(180_000)
  await api(app, 'settings.update', { locale: 'en' })
  await app.open(page)
  await openCatalog(page)
  const products = page.getByTestId('catalog-products')
  await expect(products).toContainText('GMS-1001')
  await expect(products).toContainText('云计价 Cloud Pricing')
  await expect(page.getByTestId('catalog-packages')).toContainText('PKG-SUITE')

  // A product, its name in Chinese; a duration the service would refuse is said at its field first.
  await page.getByTestId('catalog-add-product').click()
  await page.getByTestId('catalog-product-uri').fill('E2E-CN-1')
  await page.getByTestId('catalog-product-name').fill('造价云 加密狗版')
  await page.locator('[data-testid="catalog-product-type"] input, input[data-testid="catalog-product-type"]').first().fill('tool')
  await page.getByTestId('catalog-product-nodes').fill('3')
  await page.getByTestId('catalog-product-duration').fill('1 year')
  await expect(fieldItem(page, 'catalog-product-duration')).toContainText('Duration (y-m-d) must be years-months-days, e.g. 1-0-0 for one year: "1 year"')
  await page.getByTestId('catalog-dialog-save').click()
  await expect(page.getByTestId('catalog-dialog')).toBeVisible()
  await page.getByTestId('catalog-product-duration').fill('2-0-0')
  await page.getByTestId('catalog-feature-add').click()
  await page.getByTestId('catalog-feature-0-code').fill('EXPORT')
  await page.getByTestId('catalog-feature-0-name').fill('导出')
  await page.getByTestId('catalog-dialog-save').click()
  await expect(page.getByTestId('catalog-dialog')).toBeHidden()
  await expect(products).toContainText('造价云 加密狗版')

  // A package typed half-way comes back after a reload (the dialog is kept as a draft).
  await page.getByTestId('catalog-add-package').click()
  await page.getByTestId('catalog-package-num').fill('E2E-PKG')
  await page.getByTestId('catalog-package-name').fill('Enterprise pack')
  await expect.poll(() => draftText(app, 'form:catalog.edit')).toContain('Enterprise pack')
  await page.reload()
  await expect(page.getByTestId('catalog-dialog')).toBeVisible()
  await expect(page.getByTestId('catalog-package-num')).toHaveValue('E2E-PKG')
  await expect(page.getByTestId('catalog-package-name')).toHaveValue('Enterprise pack')
  await pickOptions(page, 'catalog-package-products', ['造价云 加密狗版'])
  await pickOptions(page, 'catalog-package-children', ['基础包 Basic Pack'])
  await page.getByTestId('catalog-dialog-save').click()
  await expect(page.getByTestId('catalog-dialog')).toBeHidden()
  await expect(page.getByTestId('catalog-packages')).toContainText('E2E-PKG')
  const catalog = await api<Catalog>(app, 'catalog.get', {})
  expect(catalog.packages.find((k) => k.merchandiseNum === 'E2E-PKG')).toMatchObject({ products: ['E2E-CN-1'], children: ['PKG-BASIC'] })
  expect(catalog.products.find((p) => p.productUri === 'E2E-CN-1')).toMatchObject({ defaultNodeCount: 3, timeDurationExpression: '2-0-0', features: [{ featureCode: 'EXPORT', featureName: '导出' }] })

  // Search by a word of a Chinese name.
  await page.getByTestId('catalog-search').fill('加密狗')
  await expect(products.locator('.el-table__body tr')).toHaveCount(1)
  await page.getByTestId('catalog-search').fill('')

  // Export as CSV: three sections, what was added in it.
  await page.getByTestId('catalog-export').click()
  const download = page.waitForEvent('download')
  await page.getByTestId('catalog-export-csv').click()
  const saved = join(info.outputDir, 'catalog.csv')
  await (await download).saveAs(saved)
  const csv = readFileSync(saved, 'utf8')
  expect(csv).toContain('[Products]')
  expect(csv).toContain('[Packages]')
  expect(csv).toContain('E2E-CN-1,gmsPid,造价云 加密狗版,tool,3,year,1,2-0-0,No')
  expect(csv).toContain('造价云 加密狗版')
  expect(csv).toContain('E2E-PKG,Enterprise pack,1-0-0,E2E-CN-1,PKG-BASIC')

  // A file with a bad row: refused whole, with the row and the reason; nothing imported.
  const bad = ['[Products]', 'Product URI,Product name,Product type,Default nodes', 'E2E-NEW-1,New one,tool,1', 'E2E-NEW-2,Bad one,tool,many'].join('\r\n')
  await page.getByTestId('catalog-import-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad, 'utf8') })
  const result = page.getByTestId('catalog-import-result')
  await expect(result).toContainText('bad.csv was not imported: 1 problems')
  await expect(page.getByTestId('catalog-import-issues')).toContainText('Default nodes must be a whole number from 0 to 1000000: "many"')
  await expect(page.getByTestId('catalog-import-issues').locator('.el-table__body tr').first()).toContainText('4')
  await expect(products).not.toContainText('E2E-NEW-1')

  // The exported file goes back in unchanged.
  await page.getByTestId('catalog-import-file').setInputFiles(saved)
  await expect(result).toContainText('catalog.csv: 0 added, 0 updated, 10 unchanged.')
})

test('in Chinese: an Excel order file with good and bad rows becomes one order draft of the good entries', async ({ app, page }, info) => {
  test.setTimeout(180_000)
  await api(app, 'settings.update', { locale: 'zh-CN', orders: { instanceIdPrefix: 'E2E' } })
  const { columns, rows } = orderTemplate('zh-CN')
  const base = Object.fromEntries(IMPORT_FIELDS.map((f, i) => [f, rows[0]![i]!]))
  const row = (v: Record<string, string>) => IMPORT_FIELDS.map((f) => v[f] ?? base[f]!)
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('订单')
  sheet.addRow(columns)
  sheet.addRow(row({ entry: 'A', assetNos: '8100000001', products: 'GMS-1001', packages: 'PKG-SUITE', nodes: '2' }))
  sheet.addRow(row({ entry: 'A', assetNos: '8100000002', products: 'APP-2001', packages: '', nodes: '' }))
  sheet.addRow(row({ entry: 'B', assetNos: '8100000003', products: 'NO-SUCH', packages: '' }))
  sheet.addRow(row({ entry: 'C', assetNos: '8100000004', limitEndDate: '明年', products: 'GMS-1002', packages: '' }))
  mkdirSync(info.outputDir, { recursive: true })
  const file = join(info.outputDir, '订单.xlsx')
  await book.xlsx.writeFile(file)

  await app.open(page)
  await page.getByTestId('nav-drafts').click()
  await page.getByTestId('drafts-import-orders').click()
  const dialog = page.getByTestId('import-orders-dialog')
  await expect(dialog).toBeVisible()
  await page.getByTestId('order-import-file').setInputFiles(file)
  await expect(dialog).toContainText('订单.xlsx：4 行')
  await page.getByTestId('order-import-check').click()
  await expect(page.getByTestId('order-import-summary')).toContainText('4 行组成 3 个条目；其中 1 个条目的 2 行可以导入。')
  const issues = page.getByTestId('order-import-issues')
  await expect(issues).toContainText('产品：目录中没有产品“NO-SUCH”')
  await expect(issues).toContainText('结束日期必须是日期，例如 2025-12-31：“明年”')
  await expect(issues.locator('.el-table__body tr')).toHaveCount(2)
  await page.getByTestId('order-import-create').click()
  await expect(dialog).toBeHidden()

  const list = await api<{ drafts: DraftMeta[] }>(app, 'drafts.list', { kinds: ['orders.order'] })
  const meta = list.drafts.find((d) => d.name === '从 订单.xlsx 导入')
  expect(meta).toBeDefined()
  const draft = await api<Draft>(app, 'drafts.get', { id: meta!.id })
  const body = draft.body as OrderDraft
  expect(body.entries).toHaveLength(1)
  const [g1, g2] = body.entries[0]!.assets
  expect(g1!.assetNos).toEqual(['8100000001'])
  expect(g1!.products[0]).toMatchObject({ productUri: 'GMS-1001', limitConcurrent: 2 })
  expect(g1!.merchandises[0]!.children[0]!.merchandiseNum).toBe('PKG-BASIC')
  expect(g2!.products[0]).toMatchObject({ productUri: 'APP-2001', appKey: 'APP-2001' })
  const ids = [g1!.products[0]!.crmProductId, g1!.merchandises[0]!.crmProductId, g2!.products[0]!.crmProductId]
  for (const id of ids) expect(id).toMatch(/^E2E-/)
  expect(new Set(ids).size).toBe(3)

  // The draft opens in the wizard; its product picker adds a package tree from the catalog and a typed product.
  await expect(page.getByTestId('asset-group').first()).toBeVisible()
  const picker = page.getByTestId('product-picker').first()
  await picker.getByTestId('product-picker-search').click()
  await page.keyboard.type('基础')
  await page.getByTestId('product-picker-package-PKG-BASIC').click()
  await picker.getByTestId('product-picker-typed').click()
  await expect
    .poll(async () => {
      const g = ((await api<Draft>(app, 'drafts.get', { id: meta!.id })).body as OrderDraft).entries[0]!.assets[0]!
      return [g.merchandises.map((m) => m.merchandiseNum), g.products.length]
    })
    .toEqual([['PKG-SUITE', 'PKG-BASIC'], 2])
  const group = ((await api<Draft>(app, 'drafts.get', { id: meta!.id })).body as OrderDraft).entries[0]!.assets[0]!
  const basic = group.merchandises[1]!
  expect(basic.crmProductId).toMatch(/^E2E-/)
  expect(basic.products.map((p) => [p.productUri, p.parentCrmProductId])).toEqual([
    ['GMS-1002', basic.crmProductId],
    ['APP-2001', basic.crmProductId],
  ])
  expect(group.products[1]!.crmProductId).toMatch(/^E2E-/)
  expect(group.products[1]!.productUri).toBe('')
})
