/**
 * The order wizard as a new user meets it, at 1366x820, in English and Chinese: the Edit/Review switch says which
 * one is open (pressed and filled); an issue under its field never runs into the label below; "Type a product" is
 * not cut off; a group with only a package says that products inside packages do not count. And an order prepared
 * and submitted with the keyboard alone (visible focus at each stop), then its history drawer checked by axe (and a
 * submitted order's drawer in Chinese).
 */
import type { Page } from '@playwright/test'
import type { BatchOrderBody } from '@shared/api/orders'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import type { OrderRecord } from '@shared/ipc/channels/orders'
import { draftFromBody } from '@shared/orders/refund'
import { test, expect, invoke } from './fixtures'
import { expectNoSeriousA11y } from './fixtures/a11y'
import { DEMO_CUSTOMER } from './fixtures/customers'
import { tabTo } from './fixtures/focus'

test.use({ viewport: { width: 1366, height: 820 } })

type Box = { x: number; y: number; width: number; height: number }
const inside = (inner: Box, outer: Box): boolean =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5

/**
 * Every issue shown under a field in the editor that meets a label or another field: "issue × what it meets". The
 * issue's box is its text's, as it is drawn (a line box per line).
 */
async function issuesOverlapping(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    const meets = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    const errors = [...document.querySelectorAll<HTMLElement>('.ow__editor .el-form-item__error')].filter((e) => e.getClientRects().length > 0)
    const others = [...document.querySelectorAll<HTMLElement>('.ow__editor .el-form-item__label, .ow__editor .el-form-item')]
    for (const e of errors) {
      const r = e.getBoundingClientRect()
      const own = e.closest('.el-form-item')
      for (const o of others) {
        if (o === own || o.contains(own) || own?.contains(o)) continue
        const b = o.getBoundingClientRect()
        if (b.width > 0 && b.height > 0 && meets(r, b)) out.push(`${e.textContent?.trim()} × ${o.textContent?.trim().slice(0, 40)}`)
      }
    }
    return out
  })
}

/** The label of the next field on a line below this one (what its issue, if it ran over, would run into). */
async function nextLabelBelow(page: Page, inputId: string): Promise<Box | null> {
  return page.evaluate((id) => {
    const item = document.getElementById(id)?.closest('.el-form-item')
    if (!item) return null
    const top = item.getBoundingClientRect().top
    const label = [...document.querySelectorAll<HTMLElement>('.ow__editor .el-form-item__label')].find(
      (l) => item.compareDocumentPosition(l) & Node.DOCUMENT_POSITION_FOLLOWING && !item.contains(l) && l.getBoundingClientRect().top > top + 1,
    )
    const b = label?.getBoundingClientRect()
    return b ? { x: b.x, y: b.y, width: b.width, height: b.height } : null
  }, inputId)
}

for (const lang of ['en', 'zh-CN'] as const) {
  test.describe(`in ${lang}`, () => {
    if (lang === 'zh-CN') test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })
    const words =
      lang === 'en'
        ? { packageHint: 'Products inside packages do not count for this', productsEmpty: 'Products must not be empty', expr: 'must have the form y-m-d' }
        : { packageHint: '产品包里的产品不算在内', productsEmpty: '产品至少需要一项', expr: '必须是 年-月-日 形式' }

    test('the switch says what is open; issues keep to their fields; nothing cut off; a package alone is explained', async ({ app, page }) => {
      await app.open(page)
      await page.getByTestId('order-new').click()
      await expect(page.getByTestId('order-wizard')).toBeVisible()

      // Edit/Review: the open one pressed and filled, the other not; switching moves both.
      const edit = page.getByTestId('mode-edit')
      const review = page.getByTestId('mode-review')
      await expect(page.getByTestId('wizard-mode')).toHaveAttribute('role', 'group')
      await expect(edit).toHaveAttribute('aria-pressed', 'true')
      await expect(review).toHaveAttribute('aria-pressed', 'false')
      const fill = (l: typeof edit) => l.evaluate((el) => getComputedStyle(el).backgroundColor)
      expect(await fill(edit)).not.toBe(await fill(review))

      // Every issue shown (Ready), a package picked from the catalog and nothing else: the group says why
      // "Products must not be empty" still holds.
      await page.getByTestId('mark-ready').click()
      await expect(page.getByTestId('issue-link').first()).toBeVisible()
      await expect(page.getByTestId('package-products-hint')).toHaveCount(0)
      await page.getByTestId('product-picker-search').click()
      await page.getByTestId('product-picker-package-PKG-BASIC').click()
      await expect(page.getByTestId('package')).toHaveCount(1)
      await expect(page.getByTestId('asset-group')).toContainText(words.productsEmpty)
      await expect(page.getByTestId('package-products-hint')).toContainText(words.packageHint)

      // "Type a product" (and the search beside it) inside the asset group's card.
      const card = (await page.getByTestId('asset-group').boundingBox())!
      for (const id of ['product-picker-typed', 'product-picker-search', 'product-add']) {
        const b = (await page.getByTestId(id).boundingBox())!
        expect(inside(b, card), `${id} ${JSON.stringify(b)} inside the card ${JSON.stringify(card)}`).toBe(true)
      }
      // A product of the group's own: the hint has done its work.
      await page.getByTestId('product-picker-typed').click()
      await expect(page.getByTestId('package-products-hint')).toHaveCount(0)

      // A long issue (two lines and more in a narrow field) under the duration: clear of the label below it.
      await page.getByTestId('product-toggle').first().click()
      const expr = page.locator('#of-entry-assets-0-products-0-timeDurationExpression')
      await expr.fill('2 years and a bit')
      const exprItem = page.locator('.el-form-item', { has: expr })
      const error = exprItem.locator('.el-form-item__error')
      await expect(error).toContainText(words.expr)
      // Measured once it has finished appearing (it zooms in from no height).
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
      const errorBox = (await error.boundingBox())!
      expect(errorBox.height, 'the issue wraps to several lines').toBeGreaterThan(30)
      const label = await nextLabelBelow(page, 'of-entry-assets-0-products-0-timeDurationExpression')
      expect(label).not.toBeNull()
      expect(errorBox.y + errorBox.height, 'the issue ends above the next label').toBeLessThanOrEqual(label!.y + 0.5)
      // And no issue anywhere in the editor meets a label or another field.
      expect(await issuesOverlapping(page)).toEqual([])
      await expectNoSeriousA11y(page, `${lang} order wizard with issues shown`)

      await review.click()
      await expect(review).toHaveAttribute('aria-pressed', 'true')
      await expect(edit).toHaveAttribute('aria-pressed', 'false')
      // (Pressed and under the pointer it keeps its colours: a11y.e2e.ts checks the review as a click leaves it.)
      expect(await fill(review)).not.toBe(await fill(edit))
    })
  })
}

/** A lock number nobody bought yet in this app's sandbox. */
const freshLock = (): string => `87${String(Date.now()).slice(-8)}`

test('an order prepared and submitted with the keyboard alone; its history drawer has no serious axe finding', async ({ app, page }) => {
  await invoke(app, 'customers.save', { fields: DEMO_CUSTOMER })
  await app.open(page)
  await page.goto(`${app.origin}/#/orders`)
  await expect(page.getByTestId('order-new')).toBeVisible()

  // Each stop shows where the focus is.
  const stop = async (testId: string, back = false) => {
    const f = await tabTo(page, testId, back)
    expect(f.visible, `focus visible on ${testId}`).toBe(true)
  }
  await stop('order-new')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  const number = await page.getByTestId('order-number').inputValue()

  // The license type: typed into the list, the first match taken.
  await stop('license-type')
  await page.keyboard.type('normal_recover_usbkey')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('license-type')).toContainText('normal_recover_usbkey')

  // The customer from the book: typed, the suggestion taken with the arrows and Enter.
  await stop('entry-customer-picker')
  await page.keyboard.type(DEMO_CUSTOMER.customerName.slice(0, 8))
  // The arrows act on the list found for what was typed, not on the recent customers shown at focus.
  await expect(page.locator('.cp', { has: page.getByTestId('entry-customer-picker') })).toHaveAttribute('data-suggestions-for', DEMO_CUSTOMER.customerName.slice(0, 8))
  await expect(page.getByTestId('customer-option').first()).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('entry-adminEmail')).toHaveValue(DEMO_CUSTOMER.adminEmail)

  await stop('asset-numbers')
  await page.keyboard.type(freshLock())
  await expect(page.getByTestId('asset-numbers-count')).toContainText('1 number')

  // A product from the catalog: searched, taken with the arrows and Enter.
  await stop('product-picker-search')
  await page.keyboard.type('GMS-1001')
  await expect(page.getByTestId('product-picker-product-GMS-1001')).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('product')).toHaveCount(1)
  await expect(page.getByTestId('issues-count')).toHaveText('No issues found by the checks made on this computer.')

  // Ready, then Submit, from the bar above.
  await stop('mark-ready', true)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('ready-tag')).toBeVisible()
  // Ready gives way to Submit, the next stop from where the focus was.
  await stop('submit')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#\/orders\/history/)
  const row = page.getByTestId('history-table').locator('.el-table__body tr', { hasText: number })
  await expect(row.first().getByTestId('order-state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 })

  await row.first().click()
  await expect(page.getByTestId('order-drawer')).toBeVisible()
  await expectNoSeriousA11y(page, 'en order history drawer')
})

test.describe('in zh-CN', () => {
  test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })

  test('a submitted order’s history drawer has no serious axe finding', async ({ app, page }) => {
    const number = `E2E-DRAWER-${Date.now()}`
    const c = DEMO_CUSTOMER
    const product = {
      crmProductId: `P-${number}`,
      parentCrmProductId: '',
      productUri: 'GMS-1001',
      productName: 'Cost Estimator',
      productType: 'tool',
      limitConcurrent: 1,
      limitTimeDuration: 0,
      strictMatchWhenDelete: false,
      trial: 0 as const,
      trialEndDate: 0,
      timeUnit: 'year',
      timeUnitQuantity: 1,
      timeDurationExpression: '1-0-0',
      productFeatures: [],
    }
    const body: BatchOrderBody = {
      channelCode: c.channelCode,
      channelOrderId: number,
      syncMode: 'sync',
      orderList: [
        {
          sequence: 1,
          customerId: c.customerId,
          crmCustomerId: c.crmCustomerId,
          customerName: c.customerName,
          channelCustomerId: c.channelCustomerId,
          adminName: c.adminName,
          adminAccount: c.adminAccount,
          adminEmail: c.adminEmail,
          adminCellNumber: c.adminCellNumber,
          passwordMobile: c.passwordMobile,
          address: c.address,
          customerType: 'company',
          branchCode: c.branchCode,
          branchName: c.branchName,
          enterpriseGlobalId: c.enterpriseGlobalId,
          licenseType: 'normal_recover_usbkey',
          orderType: 'new_buy',
          assets: [{ assetNos: [freshLock()], products: [product] }],
        },
      ],
    }
    const d = await invoke<DraftMeta>(app, 'drafts.save', { kind: 'orders.order', profileId: 'sandbox', name: number, body: { ...draftFromBody(body, number), ready: true }, baseRevision: 0 })
    const o = await invoke<OrderRecord>(app, 'orders.submit', { draftId: d.id, baseRevision: d.revision })
    await expect.poll(async () => (await invoke<OrderRecord>(app, 'orders.get', { id: o.id })).state, { timeout: 30_000 }).toBe('done')
    await app.open(page)
    await page.goto(`${app.origin}/#/orders/history`)
    await page.getByTestId('history-table').locator('.el-table__body tr', { hasText: number }).first().click()
    await expect(page.getByTestId('order-drawer')).toBeVisible()
    await expectNoSeriousA11y(page, 'zh-CN order history drawer')
  })
})
