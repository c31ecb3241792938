/**
 * A products refund practised on the Sandbox's demo data, in real Chromium through browser mode: the practice lock
 * 8100000015 (docs/sandbox.md) picked from the enterprise's asset list ("Add the picked number" fills Asset
 * numbers, as for a whole-lock refund), one of its products picked, the order marked ready, submitted, done, and
 * the product gone from the lock. In Chinese: the same picking, the number in the box, the review in Chinese.
 */
import type { Page } from '@playwright/test'
import type { AssetLookup } from '@shared/ipc/channels/lookup'
import { test, expect, invoke as api, type AppHandle } from './fixtures'
import { DEMO_CUSTOMER } from './fixtures/customers'

const LOCK = '8100000015'

const productsOn = async (app: AppHandle): Promise<number> =>
  (await api<AssetLookup>(app, 'lookup.asset', { assetNum: LOCK })).products.data?.productInstanceList?.length ?? 0

/** A products refund of the practice lock, up to its products ticked. */
async function pickLockAndProduct(page: Page): Promise<void> {
  await page.getByTestId('order-new').click()
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  await page.getByTestId('order-type-delete_product').click()
  await page.getByTestId('license-type').click()
  await page.getByTestId('license-normal_recover_usbkey').click()
  await page.getByTestId('entry-customer-picker').fill('E2E Demo')
  await page.getByTestId('customer-option').first().click()
  await page.getByTestId('anp-search').fill(LOCK)
  await expect(page.getByTestId('anp-num')).toHaveText([LOCK], { timeout: 60_000 })
  await page.getByTestId('anp-tick').first().click()
  await page.getByTestId('anp-add').click()
  // The picked number is in Asset numbers, and its products are read.
  await expect(page.getByTestId('asset-numbers')).toHaveValue(LOCK)
  await expect(page.getByTestId('pick-asset-num')).toHaveValue(LOCK)
  await expect(page.getByTestId('pp-tick')).toHaveCount(3, { timeout: 60_000 })
  await page.getByTestId('pp-tick').first().click()
  await page.getByTestId('pp-add').click()
  await expect(page.getByTestId('product')).toHaveCount(1)
  await expect(page.getByTestId('asset-numbers')).toHaveValue(LOCK)
}

test('a products refund on the demo practice lock can be finished: picked, ready, submitted, the product gone', async ({ app, page }) => {
  test.setTimeout(180_000)
  await api(app, 'customers.save', { fields: DEMO_CUSTOMER })
  await app.open(page)
  expect(await productsOn(app)).toBe(3)
  await pickLockAndProduct(page)
  await expect(page.getByTestId('issues-count')).toContainText('No issues')
  // The first Mark ready shows what the revoke removes (the review page); the second marks it.
  await page.getByTestId('mark-ready').click()
  await expect(page.getByTestId('review-page').getByTestId('revoke-line').first()).toBeVisible()
  await page.getByTestId('mark-ready').click()
  await page.getByTestId('submit').click()
  await expect(page).toHaveURL(/#\/orders\/history/)
  const row = page.getByTestId('history-table').locator('.el-table__body tr', { hasText: 'Revoke products' })
  await expect(row.first().getByTestId('order-state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 })
  expect(await productsOn(app)).toBe(2)
})

test.describe('in Chinese', () => {
  test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })

  test('the picked lock fills Asset numbers, and the refund reads in Chinese', async ({ app, page }) => {
    test.setTimeout(120_000)
    await api(app, 'customers.save', { fields: DEMO_CUSTOMER })
    await app.open(page)
    await pickLockAndProduct(page)
    await expect(page.getByTestId('issues-count')).toContainText('本机检查未发现问题')
    await page.getByTestId('mode-review').click()
    await expect(page.getByTestId('review-sentence').first()).toContainText(LOCK)
    await expect(page.getByTestId('review-sentence').first()).toContainText('退订')
  })
})
