/**
 * The revoke preview (issue 33), as a user meets it: a loose revoke of GMS-1001 from the practice lock 8100000016
 * (docs/sandbox.md: GMS-1001 twice, with other limits) without a source order. Mark ready first shows what the
 * revoke removes, the warning first: both instances would go, from any order of the customer. The second Mark
 * ready marks it. In Chinese: the same warning and lines in Chinese.
 */
import type { Page } from '@playwright/test'
import { test, expect, invoke as api } from './fixtures'
import { DEMO_CUSTOMER } from './fixtures/customers'

const LOCK = '8100000016'

/** A loose products revoke of the lock's first product (GMS-1001), with the source order cleared. */
async function looseRevokeWithoutSource(page: Page): Promise<void> {
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
  await expect(page.getByTestId('pp-tick')).toHaveCount(3, { timeout: 60_000 })
  await page.getByTestId('pp-tick').first().click()
  await page.getByTestId('pp-add').click()
  await expect(page.getByTestId('product')).toHaveCount(1)
  // The picker offered the products' order as the source order; the user clears it.
  await page.getByTestId('entry-srcLicenseOrderId').click()
  await page.getByTestId('entry-srcLicenseOrderId').press('ControlOrMeta+a')
  await page.getByTestId('entry-srcLicenseOrderId').press('Delete')
  await expect(page.getByTestId('entry-srcLicenseOrderId')).toHaveValue('')
}

test('a loose revoke without a source order: Mark ready shows first that both GMS-1001 go, from any order', async ({ app, page }) => {
  test.setTimeout(120_000)
  await api(app, 'customers.save', { fields: DEMO_CUSTOMER })
  await app.open(page)
  await looseRevokeWithoutSource(page)
  await expect(page.getByTestId('issues-count')).toContainText('No issues')

  await page.getByTestId('mark-ready').click()
  await expect(page.getByTestId('review-page')).toBeVisible()
  const warning = page.getByTestId('review-page').getByTestId('revoke-warning-line')
  await expect(warning).toHaveCount(2)
  await expect(warning.first()).toContainText('No source order is given, so every order of the customer is searched')
  await expect(warning.first()).toContainText('GMS-1001')
  await expect(warning.first()).toContainText(`on ${LOCK} would be removed`)
  const lines = page.getByTestId('review-page').getByTestId('revoke-line')
  await expect(lines.filter({ hasText: /^Removes .*GMS-1001/ })).toHaveCount(2)
  await expect(lines.filter({ hasText: /^Keeps .*GMS-1004/ })).toHaveCount(1)
  await expect(page.getByTestId('ready-tag')).toHaveCount(0)

  // Seen: the second Mark ready marks it (the preview informs; it does not block).
  await page.getByTestId('mark-ready').click()
  await expect(page.getByTestId('ready-tag')).toBeVisible()
})

test.describe('in Chinese', () => {
  test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })

  test('the preview reads in Chinese', async ({ app, page }) => {
    test.setTimeout(120_000)
    await api(app, 'customers.save', { fields: DEMO_CUSTOMER })
    await app.open(page)
    await looseRevokeWithoutSource(page)
    await page.getByTestId('mode-review').click()
    const warning = page.getByTestId('review-page').getByTestId('revoke-warning-line')
    await expect(warning).toHaveCount(2)
    await expect(warning.first()).toContainText('未填写原授权订单号，将在该客户的所有订单中查找')
    await expect(page.getByTestId('review-page').getByTestId('revoke-line').filter({ hasText: /^保留授权订单 .* 的 .*GMS-1004/ })).toHaveCount(1)
  })
})
