/**
 * Renewals (issue 33), as a user meets them: Orders → Renewals, read the book's enterprises, see the demo
 * enterprise's expiring products (the sandbox's renewal-practice lock 8100000017: three products ending 10, 20 and
 * 45 days after the sandbox started, docs/sandbox.md), renew one into an order draft (opened in the wizard) and
 * find it in Drafts. In Chinese: the screen's words; three products of the lock ticked, renewed, the order marked
 * ready and submitted, and after reading again they are gone from the list.
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
  // The reading is a bulk job: its run state in the runs' words, finished.
  await expect(page.getByTestId('renewals-status')).toHaveAttribute('data-state', 'completed')
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

  test('续费到期: three products of one customer renewed and submitted leave the list', async ({ app, page }) => {
    test.setTimeout(60_000)
    await api(app, 'customers.save', { fields: DEMO_CUSTOMER })
    await app.open(page)
    await openRenewals(page)
    await expect(page.locator('#tab-renewals')).toHaveText('续费到期')
    await expect(page.getByTestId('renewals-read-at')).toContainText('读取时间')
    const lockRows = page.locator(`[data-testid="renewals-row"][data-asset="${LOCK}"]`)
    await expect(lockRows).toHaveCount(3)
    for (let i = 0; i < 3; i++) await lockRows.nth(i).getByTestId('renewals-tick').click()
    await expect(page.getByTestId('renewals-renew-selected')).toHaveText('续费所选（3）')
    await page.getByTestId('renewals-renew-selected').click()
    await expect(page.getByTestId('order-wizard')).toBeVisible()
    await expect(page.getByTestId('product')).toHaveCount(3)

    // Checked like any order: no issue; marked ready and submitted, it is done.
    await expect(page.getByTestId('issues-count')).toContainText('本机检查未发现问题')
    await page.getByTestId('mark-ready').click()
    await page.getByTestId('submit').click()
    await expect(page).toHaveURL(/#\/orders\/history/)
    const first = page.getByTestId('history-table').locator('.el-table__body tr').first()
    await expect(first.getByTestId('order-state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 })

    // Read again: the three renewed products are gone; the login lock's own date is still there.
    await page.locator('#tab-renewals').click()
    await page.getByTestId('renewals-read').click()
    await expect(lockRows).toHaveCount(0, { timeout: 30_000 })
    await expect(page.locator('[data-testid="renewals-row"][data-asset="8100000019"]')).toHaveCount(1)
  })
})
