/**
 * The order wizard in real Chromium through browser mode, against the in-process sandbox: a new purchase with two
 * asset numbers allocated right in the wizard (order operation 9), its customer picked from the customer book, a
 * product typed and a two-level package tree; an issue shown at its field and jumped to from the issues list;
 * marked ready and reviewed in sentences with the request body. In Chinese: an order typed, the app restarted,
 * the order reopened from the start page with everything typed, its issues and its review in Chinese. Revokes: asset
 * numbers picked from the enterprise's asset list, an asset's products picked, sent in the revoke forms.
 */
import type { Page } from '@playwright/test'
import { test, expect, invoke as api, chooseLanguage } from './fixtures'
import { ACME } from './fixtures/customers'

/** The form item (label, input and message) around an input with this id. */
const item = (page: Page, id: string) => page.locator('.el-form-item', { has: page.locator(`#${id}`) })

async function chooseLicense(page: Page, type: string): Promise<void> {
  await page.getByTestId('license-type').click()
  await page.getByTestId(`license-${type}`).click()
}

test('a new purchase: allocated numbers, a customer from the book, a product and a two-level package tree, issues, ready, review', async ({ app, page }) => {
  test.setTimeout(180_000)
  await api(app, 'customers.save', { fields: ACME })
  await app.open(page)
  await expect(page.getByTestId('orders-view')).toBeVisible()
  await page.getByTestId('order-new').click()
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  await expect(page).toHaveURL(/#\/orders\/draft\//)
  await expect(page.getByTestId('order-channel-code')).toHaveText('DEMO')
  await expect(page.getByTestId('order-number')).toHaveValue(/^LD-\d{8}-\d{6}-[0-9A-Z]{4}$/)
  // A fresh entry: nothing is red before the user has been anywhere, but the count is whole.
  await expect(page.getByTestId('issues-count')).toHaveText(/^\d+ issues$/)
  await expect(page.locator('.ow__editor .el-form-item__error')).toHaveCount(0)
  await expect(page.getByTestId('issue-link')).toHaveCount(0)
  await expect(page.getByTestId('issues-hidden')).toContainText('more at fields not filled in yet')
  // A field left empty says so at the field, in words, once the user has been in it.
  await page.getByTestId('entry-customerName').focus()
  await page.getByTestId('entry-customerName').blur()
  await expect(item(page, 'of-entry-customerName')).toContainText('Customer name is required')

  await chooseLicense(page, 'normal_recover_usbkey')
  // The customer from the book fills every field; each stays editable.
  await page.getByTestId('entry-customer-picker').fill('ACME')
  await page.getByTestId('customer-option').first().click()
  await expect(page.getByTestId('entry-adminEmail')).toHaveValue('ann@acme.example')
  await expect(page.getByTestId('entry-address')).toHaveValue('No. 1 Test Road')
  await page.getByTestId('entry-branchName').fill('Shanghai East')

  // Two new numbers from the service, right in the asset group.
  await page.getByTestId('allocate-size').fill('2')
  await page.getByTestId('allocate').click()
  await page.getByRole('button', { name: 'Get 2 numbers' }).click()
  await expect(page.getByTestId('asset-numbers-count')).toContainText('2 numbers')
  await expect(page.getByTestId('asset-numbers-count')).toContainText('Domestic (8): 2')
  const numbers = (await page.getByTestId('asset-numbers').inputValue()).split('\n')
  expect(numbers).toHaveLength(2)
  for (const n of numbers) expect(n).toMatch(/^\d{10}$/)

  // A product typed by hand; its duration in any of its forms.
  await page.getByTestId('product-add').click()
  await page.getByTestId('product-name').fill('Cost Estimator 6')
  await page.getByTestId('product-uri').fill('GMS-1001')
  // The type from the suggestions offered (any other text would do too).
  await page.getByTestId('product-type').click()
  await page.locator('.el-autocomplete-suggestion li:visible', { hasText: /^tool$/ }).click()
  await expect(page.getByTestId('product-type')).toHaveValue('tool')
  // A node count is kept as typed: a negative one, or one beyond a 32-bit Integer, is an issue at its field.
  const nodes = page.locator('#of-entry-assets-0-products-0-limitConcurrent')
  await nodes.fill('-3')
  await nodes.press('Tab')
  await expect(item(page, 'of-entry-assets-0-products-0-limitConcurrent')).toContainText('Nodes must be at least 0')
  await expect(nodes).toHaveValue('-3')
  await nodes.fill('99999999999999')
  await nodes.press('Tab')
  await expect(item(page, 'of-entry-assets-0-products-0-limitConcurrent')).toContainText('Nodes must be at most 2147483647')
  await nodes.fill('5')
  await nodes.press('Tab')
  await expect(item(page, 'of-entry-assets-0-products-0-limitConcurrent')).not.toContainText('Nodes must')
  const expr = page.locator('#of-entry-assets-0-products-0-timeDurationExpression')
  // A malformed duration: the issue at its field, and in the list, which jumps to it.
  await expr.fill('2 years')
  await expect(item(page, 'of-entry-assets-0-products-0-timeDurationExpression')).toContainText('Duration (y-m-d) must have the form y-m-d')
  await page.getByTestId('product-name').focus()
  const link = page.getByTestId('issue-link').filter({ hasText: 'Duration (y-m-d)' })
  await expect(link).toContainText('Entry 1 › Asset group 1 › Product 1')
  await link.click()
  await expect(expr).toBeFocused()
  // From a closed product too: it opens (its fields mount in steps) and the field itself is focused.
  await page.getByTestId('product-toggle').first().click()
  await expect(expr).toHaveCount(0)
  await link.click()
  await expect(expr).toBeFocused()
  await expr.fill('2-0-0')
  await expect(page.locator('#of-entry-assets-0-products-0-timeUnitQuantity')).toHaveValue('2')

  // A package with a sub-package.
  await page.getByTestId('package-add').click()
  await page.getByTestId('package-num').fill('SUITE-1')
  await page.getByTestId('package-name').fill('Estimating Suite')
  await page.getByTestId('package-add-child').click()
  await page.getByTestId('package-num').nth(1).fill('ADDON-1')
  await page.getByTestId('package-name').nth(1).fill('Rebar Add-on')
  await expect(page.locator('#of-entry-assets-0-merchandises-0-children-0-parentMerchandiseNum')).toHaveValue('SUITE-1')

  // A clean check says what it knows, and what only the service can tell.
  await expect(page.getByTestId('issues-count')).toHaveText('No issues found by the checks made on this computer.')
  await expect(page.getByTestId('issues-service-only').locator('li')).toHaveText([
    'the customer and the enterprise exist and belong together;',
    'each asset number belongs to the enterprise (or is free to buy);',
    'the customer order number was not used before.',
  ])
  await expect(page.getByTestId('issues-service-only')).toContainText('Only the service can tell whether:')
  await expect(page.getByTestId('issues-panel')).not.toContainText('would accept')
  // A malformed e-mail address is a warning at its field: it does not block.
  await page.getByTestId('entry-adminEmail').fill('ann.acme.example')
  await expect(page.getByTestId('entry-adminEmail-warning')).toHaveText(
    'Administrator e-mail does not look like an e-mail address (name@example.com): "ann.acme.example". The service may still take it; check it.',
  )
  await expect(page.getByTestId('warnings-count')).toHaveText('1 warning (does not block sending)')
  await expect(page.getByTestId('issues-count')).toHaveText('No issues found by the checks made on this computer.')
  await page.getByTestId('entry-adminEmail').fill('ann@acme.example')
  await expect(page.getByTestId('warnings-count')).toHaveCount(0)
  await expect(page.getByTestId('save-state')).toHaveText('Saved on this computer')
  await page.getByTestId('mark-ready').click()
  await expect(page.getByTestId('ready-tag')).toBeVisible()

  await page.getByTestId('mode-review').click()
  await expect(page.getByTestId('review-sentence')).toHaveText(
    '2 stand-alone refillable locks for ACME Ltd: Cost Estimator 6, 5 nodes, 2 years; package Estimating Suite (package Rebar Add-on)',
  )
  await expect(page.getByTestId('review-locks')).toContainText('2')
  await expect(page.getByTestId('review-products')).toContainText('1')
  await expect(page.getByTestId('review-packages')).toContainText('2')
  await page.getByTestId('review-body-toggle').click()
  const body = JSON.parse(await page.getByTestId('review-body').innerText()) as { channelCode: string; orderList: { branchName: string; assets: { assetNos: string[] }[] }[] }
  expect(body.channelCode).toBe('DEMO')
  expect(body.orderList[0]!.branchName).toBe('Shanghai East')
  expect(body.orderList[0]!.assets[0]!.assetNos).toEqual(numbers)

  // Any edit takes the mark away until the user marks it again.
  await page.getByTestId('mode-edit').click()
  await page.getByTestId('entry-address').fill('No. 2 Test Road')
  await expect(page.getByTestId('ready-tag')).toHaveCount(0)
  await expect(page.getByTestId('mark-ready')).toBeEnabled()

  // Saved as a template, an order starts from it with a new number.
  await page.getByTestId('template-save-open').click()
  await page.getByTestId('template-name').fill('Annual refillable lock with Cost Estimator')
  await page.getByTestId('template-save').click()
  await expect(page.getByText('Template “Annual refillable lock with Cost Estimator” saved.')).toBeVisible()
  const first = page.url()
  await page.getByTestId('orders-start-page').click()
  await expect(page.getByTestId('start-template')).toContainText('Annual refillable lock with Cost Estimator')
  await page.getByTestId('start-from-template').click()
  await expect(page).not.toHaveURL(first)
  await expect(page.getByTestId('entry-address')).toHaveValue('No. 2 Test Road')
  await expect(page.getByTestId('issues-count')).toHaveText('No issues found by the checks made on this computer.')

  // Ready, submitted: the order goes to the outbox, and the Outbox tab shows it.
  const orderNo = await page.getByTestId('order-number').inputValue()
  await page.getByTestId('mark-ready').click()
  await page.getByTestId('submit').click()
  await expect(page).toHaveURL(/#\/orders\/history/)
  await expect(page.getByText(orderNo)).toBeVisible()
})

test('in Chinese: an order typed, the app restarted, the order reopened with everything typed', async ({ app, page }) => {
  test.setTimeout(180_000)
  await app.open(page)
  await chooseLanguage(page, 'zh-CN')
  await page.getByTestId('nav-orders').click()
  await page.getByTestId('order-new').click()
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  // Nothing red before the user has been anywhere; the count and the note say what waits.
  await expect(page.locator('.ow__editor .el-form-item__error')).toHaveCount(0)
  await expect(page.getByTestId('issues-hidden')).toContainText(/^另有 \d+ 个问题在尚未填写的字段。/)
  await page.getByTestId('entry-customerName').focus()
  await page.getByTestId('entry-customerName').blur()
  await expect(item(page, 'of-entry-customerName')).toContainText('客户名称不能为空')
  await chooseLicense(page, 'cloud_account')
  await page.getByTestId('entry-customerName').fill('上海测试科技有限公司')
  await page.getByTestId('order-type-delete_asset').click()
  await page.getByTestId('asset-numbers').fill('８１００００００１１\n8100000012')
  await expect(page.getByTestId('asset-numbers-count')).toContainText('2 个编号')
  // A cloud revoke names the order it revokes (entry rule 1), said in Chinese at its field once visited.
  await page.getByTestId('entry-srcLicenseOrderId').focus()
  await page.getByTestId('entry-srcLicenseOrderId').blur()
  await expect(item(page, 'of-entry-srcLicenseOrderId')).toContainText('原授权订单号不能为空')
  await page.getByTestId('order-number').fill('')
  await expect(item(page, 'of-channelOrderId')).toContainText('客户订单号不能为空')
  await page.getByTestId('order-number').fill('ORDER-ZH-1')
  await expect(page.getByTestId('save-state')).toHaveText('已保存在本机')

  await app.restart()
  await app.open(page)
  await expect(page.getByTestId('orders-start')).toBeVisible()
  await page.getByTestId('start-open').first().click()
  await expect(page.getByTestId('order-number')).toHaveValue('ORDER-ZH-1')
  await expect(page.getByTestId('entry-customerName')).toHaveValue('上海测试科技有限公司')
  await expect(page.getByTestId('asset-numbers')).toHaveValue('8100000011\n8100000012')
  // Reopened after working on it: every issue is shown at once.
  await expect(item(page, 'of-entry-srcLicenseOrderId')).toContainText('原授权订单号不能为空')
  await page.getByTestId('mode-review').click()
  await expect(page.getByTestId('review-sentence')).toHaveText('为 上海测试科技有限公司 退订 2 个云账号：8100000011，8100000012')
})

test('in Chinese: a lock number in two entries and the orders-per-batch setting are issues; a clean check says what only the service can tell', async ({ app, page }) => {
  test.setTimeout(180_000)
  await api(app, 'customers.save', { fields: ACME })
  await api(app, 'settings.update', { locale: 'zh-CN', limits: { maxOrdersPerBatch: 1 } })
  await app.open(page)
  await page.getByTestId('order-new').click()
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  await chooseLicense(page, 'normal_recover_usbkey')
  await page.getByTestId('entry-customer-picker').fill('ACME')
  await page.getByTestId('customer-option').first().click()
  await expect(page.getByTestId('entry-adminEmail')).toHaveValue('ann@acme.example')
  await page.getByTestId('asset-numbers').fill('8100000021')
  await page.getByTestId('product-add').click()
  await page.getByTestId('product-name').fill('计价软件')
  await page.getByTestId('product-uri').fill('GMS-1001')
  await page.getByTestId('product-type').fill('tool')
  await expect(page.getByTestId('issues-count')).toHaveText('本机检查未发现问题。')
  await expect(page.getByTestId('issues-service-only')).toContainText('以下情况只有服务能判断：')
  await expect(page.getByTestId('issues-service-only').locator('li')).toHaveText(['客户和企业是否存在，且客户属于该企业；', '每个资产编号是否属于该企业（或可以购买）；', '客户订单号此前是否未被使用。'])

  // A second entry with the same lock number: an issue at its asset numbers, naming where the first one is.
  await page.getByTestId('entry-add').click()
  await page.getByTestId('asset-numbers').fill('8100000022\n8100000021')
  await expect(item(page, 'of-entry-assets-0-assetNos')).toContainText('第 2 个资产编号重复：“8100000021”（首次出现在 条目 1 › 资产组 1 › 第 1 个资产编号）')
  // The setting is the wizard's limit too (submit checks the same): two entries are more than one.
  await expect(page.getByTestId('issue-link').filter({ hasText: '订单条目最多 1 项' })).toBeVisible()
  await expect(page.getByTestId('issues-service-only')).toHaveCount(0)
  // Ready with the second entry's fields not visited: refused, every issue shown, and Ready waits for them.
  await page.getByTestId('mark-ready').click()
  await expect(page.getByTestId('ready-tag')).toHaveCount(0)
  await expect(page.getByTestId('issues-hidden')).toHaveCount(0)
  await expect(item(page, 'of-entry-customerName')).toContainText('客户名称不能为空')
  await expect(page.getByTestId('mark-ready')).toBeDisabled()
})

test('revokes: asset numbers picked from the enterprise’s list, and an asset’s products picked to revoke', async ({ app, page }) => {
  test.setTimeout(180_000)
  await app.open(page)
  await page.getByTestId('order-new').click()
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  await page.getByTestId('order-type-delete_asset').click()
  await chooseLicense(page, 'normal_recover_usbkey')
  // An enterprise id typed (not in the book) is the value; its asset list is offered.
  await page.getByTestId('entry-customer-picker').fill('E000000000000001')
  const ticks = page.getByTestId('anp-tick')
  await expect(ticks.first()).toBeVisible({ timeout: 60_000 })
  const first = (await page.getByTestId('anp-num').nth(0).innerText()).trim()
  const second = (await page.getByTestId('anp-num').nth(1).innerText()).trim()
  await ticks.nth(0).click()
  await ticks.nth(1).click()
  await page.getByTestId('anp-add').click()
  await expect(page.getByTestId('asset-numbers')).toHaveValue(`${first}\n${second}`)
  // Typing still works beside the picker.
  await page.getByTestId('asset-numbers').fill(`${first}\n${second}\n8100000099`)
  await expect(page.getByTestId('asset-numbers-count')).toContainText('3 numbers')
  // The revoke form: no products, no purchase-only customer fields.
  await expect(page.getByTestId('product-add')).toHaveCount(0)
  await expect(page.getByTestId('entry-address')).toHaveCount(0)

  // A second entry revokes products of one asset.
  await page.getByTestId('entry-add').click()
  await page.getByTestId('order-type-delete_product').click()
  await chooseLicense(page, 'normal_recover_usbkey')
  await page.getByTestId('entry-customer-picker').fill('E000000000000001')
  await expect(page.getByTestId('anp-tick').first()).toBeVisible({ timeout: 60_000 })
  await page.getByTestId('anp-tick').first().click()
  await page.getByTestId('anp-add').click()
  await expect(page.getByTestId('pick-asset-num')).toHaveValue(first)
  await expect(page.getByTestId('pp-tick').first()).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('pp-table').locator('.el-loading-mask')).toBeHidden()
  await page.getByTestId('pp-tick').first().click()
  await expect(page.getByTestId('pp-picked')).toContainText('1 product')
  await page.getByTestId('pp-add').click()
  await expect(page.getByTestId('product')).toHaveCount(1)
  await expect(page.getByTestId('asset-numbers')).toHaveValue(first)
  await page.getByTestId('mode-review').click()
  const sentences = page.getByTestId('review-sentence')
  await expect(sentences.nth(0)).toContainText(`Revoke 3 stand-alone refillable locks of E000000000000001: ${first}, ${second}, 8100000099`)
  await expect(sentences.nth(1)).toContainText(`Revoke from 1 stand-alone refillable lock of E000000000000001 (${first}): `)
  await page.getByTestId('review-body-toggle').click()
  const body = JSON.parse(await page.getByTestId('review-body').innerText()) as { orderList: Record<string, unknown>[] }
  // Entry rules 2 to 4: the revoke forms carry only their fields.
  expect(body.orderList[0]!['address']).toBeUndefined()
  expect(body.orderList[0]!['assets']).toEqual([{ assetNos: [first, second, '8100000099'] }])
  const asset = (body.orderList[1]!['assets'] as Record<string, unknown>[])[0]!
  const product = (asset['products'] as Record<string, unknown>[])[0]!
  expect(Object.keys(product).sort()).toEqual(['crmProductId', 'limitConcurrent', 'limitEndDate', 'limitStartDate', 'productUri', 'strictMatchWhenDelete'].filter((k) => k in product).sort())
  expect(Object.keys(product)).not.toContain('productName')
  // The products' own license order id is offered, and taken for the entry's empty srcLicenseOrderId.
  expect(body.orderList[1]!['srcLicenseOrderId']).toMatch(/^LO\d+$/)
})

test('two tabs typing in one order: nothing is overwritten, the later save asks, and "keep both" keeps both', async ({ app, page, context }) => {
  test.setTimeout(120_000)
  await app.open(page)
  await page.getByTestId('order-new').click()
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  const draftUrl = page.url()
  const id = /#\/orders\/draft\/([^/?]+)/.exec(draftUrl)![1]!
  const other = await context.newPage()
  await app.open(other)
  await other.goto(draftUrl)
  await expect(other.getByTestId('order-wizard')).toBeVisible()

  // This tab's save is held on its way (a slow disk, a busy core) while the other tab types and saves.
  let release!: () => void
  const held = new Promise<void>((r) => (release = r))
  let holding = true
  // A typed entry goes as a part of the order (drafts.saveParts); a whole order as drafts.save: both are held.
  await page.route(/\/api\/invoke\/drafts\.save(Parts)?$/, async (route) => {
    if (holding) await held
    await route.continue()
  })
  await page.getByTestId('entry-customerName').fill('Typed in tab one')
  await other.getByTestId('entry-customerName').fill('Typed in tab two')
  await expect(other.getByTestId('save-state')).toHaveText('Saved on this computer')
  holding = false
  release()

  await expect(page.getByTestId('order-conflict')).toContainText('Nothing was overwritten')
  // The question stays in sight of the field being typed in.
  await expect(page.getByTestId('order-conflict')).toBeInViewport()
  await expect(page.getByTestId('save-state')).toHaveText('Not saved: changed in another window (see above)')
  const stored = await api<{ body: { entries: { customerName: string }[] } }>(app, 'drafts.get', { id })
  expect(stored.body.entries[0]!.customerName).toBe('Typed in tab two')
  await expect(page.getByTestId('entry-customerName')).toHaveValue('Typed in tab one')

  await page.getByTestId('conflict-both').click()
  await expect(page.getByTestId('order-conflict')).toHaveCount(0)
  await expect(page.getByTestId('entry-customerName')).toHaveValue('Typed in tab two')
  const list = await api<{ drafts: { id: string; name: string }[] }>(app, 'drafts.list', { kinds: ['orders.order'] })
  const mine = list.drafts.find((d) => d.name.endsWith('(my version)'))!
  const copy = await api<{ body: { entries: { customerName: string }[] } }>(app, 'drafts.get', { id: mine.id })
  expect(copy.body.entries[0]!.customerName).toBe('Typed in tab one')
  await other.close()
})
