/**
 * Accessibility of every screen and of the dialogs and drawers a user opens, in English and in Chinese: axe-core
 * (WCAG 2.2 AA rule set) finds no critical or serious violation (test/e2e/fixtures/a11y.ts; the counts per screen
 * are in the test's annotations, and printed with A11Y_REPORT=1). One app per test, several screens per test.
 */
import { writeFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { test, expect, invoke, type AppHandle } from './fixtures'
import { expectNoSeriousA11y } from './fixtures/a11y'
import { ACME } from './fixtures/customers'

test.use({ viewport: { width: 1366, height: 820 } })
// Each test has its own app and data folder: both workers can take them (a long file otherwise keeps one busy alone).
test.describe.configure({ mode: 'parallel' })

/** Opens a screen by its address and waits for what shows it is there. */
async function visit(app: AppHandle, page: Page, path: string, ready: string): Promise<void> {
  await page.goto(`${app.origin}/#${path}`)
  await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 30_000 })
}

for (const lang of ['en', 'zh-CN'] as const) {
  test.describe(`in ${lang}`, () => {
    if (lang === 'zh-CN') test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })
    const at = (label: string) => `${lang} ${label}`

    test('orders, drafts and customers', async ({ app, page }) => {
      await invoke(app, 'customers.save', { fields: ACME })
      await app.open(page)
      await visit(app, page, '/orders', 'order-new')
      await expectNoSeriousA11y(page, at('orders start'))
      await page.getByTestId('order-new').click()
      await expect(page.getByTestId('order-wizard')).toBeVisible()
      await expectNoSeriousA11y(page, at('order wizard with an entry'))
      await page.getByTestId('entry-customer-picker').fill('A')
      await expect(page.getByTestId('customer-option').first()).toBeVisible()
      await expectNoSeriousA11y(page, at('customer picker open'))
      await page.keyboard.press('Escape')
      await page.getByTestId('mode-review').click()
      await expect(page.getByTestId('review-body-toggle')).toBeVisible()
      await expectNoSeriousA11y(page, at('order review'))
      await visit(app, page, '/orders/history', 'orders-history')
      await expectNoSeriousA11y(page, at('orders history'))
      await visit(app, page, '/orders/catalog', 'catalog-panel')
      await expectNoSeriousA11y(page, at('orders catalog'))
      await visit(app, page, '/drafts', 'drafts-view')
      await expectNoSeriousA11y(page, at('drafts'))
      for (const section of ['book', 'find', 'bind', 'create', 'update']) {
        await page.goto(`${app.origin}/#/customers/${section}`)
        await expect(page.locator('.el-tabs__item.is-active')).toBeVisible()
        await expectNoSeriousA11y(page, at(`customers ${section}`))
      }
    })

    test('locks, assets, journal and settings', async ({ app, page }) => {
      await app.open(page)
      await visit(app, page, '/locks', 'locks-view')
      await expectNoSeriousA11y(page, at('locks'))
      await page.getByTestId('locks-text').fill('8000000001\n8199990001')
      await expect(page.getByTestId('locks-to-send')).toHaveAttribute('data-count', '2')
      await page.getByTestId('locks-review').click()
      const confirm = page.getByTestId('lock-confirm')
      await expect(confirm).toBeVisible()
      await expectNoSeriousA11y(page, at('lock confirm'))
      await confirm.getByRole('button', { name: /2/ }).click()
      await expect(page.getByTestId('bulk-run')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 })
      await expectNoSeriousA11y(page, at('lock run results'))
      await visit(app, page, '/assets/list', 'assets-count')
      await expectNoSeriousA11y(page, at('assets list'))
      await visit(app, page, '/assets/numbers', 'shellnums-view')
      await expectNoSeriousA11y(page, at('assets numbers'))
      await visit(app, page, '/assets/lookup', 'lookup-view')
      await expectNoSeriousA11y(page, at('assets lookup'))
      await visit(app, page, '/journal', 'journal-view')
      await expectNoSeriousA11y(page, at('journal'))
      await visit(app, page, '/settings/general', 'language-en')
      await expectNoSeriousA11y(page, at('settings general'))
      await visit(app, page, '/settings/connections', 'profiles-table')
      await expectNoSeriousA11y(page, at('settings connections'))
      await page.getByTestId('profile-add').click()
      await expect(page.getByTestId('profile-dialog')).toBeVisible()
      await expectNoSeriousA11y(page, at('profile dialog'))
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('profile-dialog')).toBeHidden()
      await page.locator('[data-testid^="test-"]').first().click()
      await expect(page.locator('.el-dialog:visible')).toBeVisible()
      await expectNoSeriousA11y(page, at('connection test dialog'))
    })

    test('members, import and lending', async ({ app, page }) => {
      await app.open(page)
      await visit(app, page, '/members/list', 'member-row-account')
      await expectNoSeriousA11y(page, at('members list'))
      await page.getByTestId('member-row-account').first().click()
      await expect(page.getByTestId('member-drawer-account')).toBeVisible()
      await expectNoSeriousA11y(page, at('member drawer'))
      await page.keyboard.press('Escape')
      await visit(app, page, '/members/import', 'import-step-file')
      await expectNoSeriousA11y(page, at('import file step'))
      const file = test.info().outputPath('staff.csv')
      writeFileSync(file, 'userName,password,name,remark,mobile\na11yuser1,Start#2024,Ann,,13800000001\nbad user,Start#2024,Bob,,13800000002\n')
      await page.getByTestId('import-file-input').setInputFiles(file)
      await expect(page.getByTestId('import-step-columns')).toBeVisible()
      await expectNoSeriousA11y(page, at('import columns step'))
      await page.getByTestId('import-to-check').click()
      await expect(page.getByTestId('import-count-rows')).toHaveText('2', { timeout: 60_000 })
      await expectNoSeriousA11y(page, at('import check step'))
      await visit(app, page, '/members/numbers', 'asset-numbers-view')
      await expectNoSeriousA11y(page, at('members asset numbers'))
      await visit(app, page, '/members/assign', 'bulk-assign-view')
      await expectNoSeriousA11y(page, at('members bulk assign'))
      await visit(app, page, '/members/lending', 'lending-table')
      await expect(page.getByTestId('lending-table')).toContainText('8100000055')
      await expectNoSeriousA11y(page, at('lending'))
      await page.getByTestId('lending-lend').click()
      await expect(page.getByTestId('lend-dialog')).toBeVisible()
      await expectNoSeriousA11y(page, at('lend dialog'))
    })
  })
}
