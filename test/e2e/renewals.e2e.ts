/**
 * Renewals (issue 33), as a user meets them: Orders → Renewals, read the book's enterprises, see the demo
 * enterprise's expiring products (the sandbox's renewal-practice lock 8100000017: three products ending 10, 20 and
 * 45 days after the sandbox started, docs/sandbox.md), renew one into an order draft (opened in the wizard) and
 * find it in Drafts. In Chinese: the screen's words, two ticked rows renewed together.
 */
import type { Page } from '@playwright/test'
import { test, expect, invoke as api } from './fixtures'
import { DEMO_CUSTOMER } from './fixtures/customers'

const LOCK = '8100000017'

async function openRenewals(page: Page): Promise<void> {
  await page.getByTestId('nav-orders').click()
  await page.locator('#tab-renewals').click()
  await expect(page.getByTestId('renewals-view')).toBeVisible()
  await expect(page.getByTestId('renewals-never')).toBeVisible()
  await page.getByTestId('renewals-read').click()
  await expect(page.getByTestId('renewals-read-at')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('renewals-status')).toHaveAttribute('data-state', 'done')
}

test('Renewals lists the demo enterprise\'s expiring products; Renew makes a draft found in Drafts', async ({ app, page }) => {
  test.setTimeout(60_000)
  await api(app, 'customers.save', { fields: DEMO_CUSTOMER })
  await app.open(page)
  await openRenewals(page)
  await expect(page.getByTestId('renewals-read-at')).toContainText('UTC+08:00')

  const lockRows = page.locator(`[data-testid="renewals-row"][data-asset="${LOCK}"]`)
  await expect(lockRows).toHaveCount(3)
  await expect(lockRows.first()).toContainText('E2E Demo Customer')
  await expect(lockRows.first()).toHaveAttribute('data-product', 'GMS-1001')
  await expect(page.locator('[data-testid="renewals-customer"][data-name="E2E Demo Customer"]')).toBeVisible()
  await expect(page.getByTestId('renewals-chart')).toBeVisible()

  // Showing one customer only keeps the lock's rows.
  await page.locator('[data-testid="renewals-customer"][data-name="E2E Demo Customer"]').click()
  await expect(lockRows).toHaveCount(3)

  await lockRows.first().getByTestId('renewals-renew-row').click()
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  await expect(page.getByTestId('product')).toHaveCount(1)

  await page.getByTestId('nav-drafts').click()
  await expect(page.getByTestId('draft-name').filter({ hasText: 'Renewal: E2E Demo Customer (1)' })).toHaveCount(1)
})

test.describe('in Chinese', () => {
  test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })

  test('续费到期: two ticked rows renewed into one draft', async ({ app, page }) => {
    test.setTimeout(60_000)
    await api(app, 'customers.save', { fields: DEMO_CUSTOMER })
    await app.open(page)
    await openRenewals(page)
    await expect(page.locator('#tab-renewals')).toHaveText('续费到期')
    await expect(page.getByTestId('renewals-read-at')).toContainText('读取时间')
    const lockRows = page.locator(`[data-testid="renewals-row"][data-asset="${LOCK}"]`)
    await expect(lockRows).toHaveCount(3)
    await lockRows.nth(0).getByTestId('renewals-tick').click()
    await lockRows.nth(1).getByTestId('renewals-tick').click()
    await expect(page.getByTestId('renewals-renew-selected')).toHaveText('续费所选（2）')
    await page.getByTestId('renewals-renew-selected').click()
    await expect(page.getByTestId('order-wizard')).toBeVisible()
    await expect(page.getByTestId('product')).toHaveCount(2)
    await page.getByTestId('nav-drafts').click()
    await expect(page.getByTestId('draft-name').filter({ hasText: 'Renewal: E2E Demo Customer (2)' })).toHaveCount(1)
  })
})
