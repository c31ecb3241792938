/**
 * Keyboard shortcuts (issue 35), as a keyboard user meets them in browser mode: go to areas, search the screen, start
 * an order and advance it, all without the mouse; the list of shortcuts opens from its key and closes with Escape.
 * In Chinese: the list's words, axe-clean.
 */
import { test, expect } from './fixtures'
import { expectNoSeriousA11y } from './fixtures/a11y'
import { SHORTCUTS } from '../../src/shared/shortcuts'

test('areas, search, a new order and its next step, by the keys alone', async ({ app, page }) => {
  await app.open(page)
  await expect(page.getByTestId('nav-orders')).toBeVisible()
  await page.keyboard.press('Alt+Shift+3')
  await expect(page.getByTestId('customers-view')).toBeVisible()
  await expect(page).toHaveURL(/#\/customers/)
  await page.keyboard.press('Control+K')
  await expect(page.getByTestId('book-search')).toBeFocused()
  // A shortcut acts while typing in a field too.
  await page.keyboard.type('acme')
  await page.keyboard.press('Alt+Shift+7')
  await expect(page.getByTestId('journal-view')).toBeVisible()
  await page.keyboard.press('Alt+Shift+4')
  await expect(page.getByTestId('locks-view')).toBeVisible()

  await page.keyboard.press('Alt+Shift+N')
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  await expect(page).toHaveURL(/#\/orders\/draft\//)
  // A blank order shows nothing in red until asked; its next step (Mark ready) shows every issue.
  await expect(page.locator('[data-testid="order-wizard"] .el-form-item__error')).toHaveCount(0)
  await page.keyboard.press('Control+Enter')
  await expect(page.locator('[data-testid="order-wizard"] .el-form-item__error').first()).toBeVisible()

  // Tooltips name the keys.
  await expect(page.getByTestId('nav-orders')).toHaveAttribute('title', 'Orders (Alt+Shift+1)')
  await expect(page.getByTestId('nav-orders')).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+1')

  await page.keyboard.press('Control+/')
  const dialog = page.getByTestId('shortcuts-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('shortcut-row')).toHaveCount(SHORTCUTS.length)
  await expect(dialog.locator('[data-testid="shortcut-row"][data-id="go.members"]')).toContainText('Alt+Shift+6')
  // While the list is open the other keys wait: the dialog has the user's attention. Every address the page goes to
  // is recorded, and a later key shows the earlier one was handled (keys are handled in order).
  await page.evaluate(() => {
    const w = window as unknown as { __hashes: string[] }
    w.__hashes = []
    window.addEventListener('hashchange', () => w.__hashes.push(location.hash))
  })
  await page.keyboard.press('Alt+Shift+2')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.keyboard.press('Alt+Shift+7')
  await expect(page.getByTestId('journal-view')).toBeVisible()
  const hashes = await page.evaluate(() => (window as unknown as { __hashes: string[] }).__hashes)
  expect(hashes.some((h) => h.startsWith('#/drafts')), hashes.join(' ')).toBe(false)
})

test.describe('in Chinese', () => {
  test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })

  test('键盘快捷键: the list in Chinese, axe-clean', async ({ app, page }) => {
    await app.open(page)
    await expect(page.getByTestId('nav-drafts')).toHaveAttribute('title', '草稿（Alt+Shift+2）')
    await page.keyboard.press('Control+/')
    const dialog = page.getByTestId('shortcuts-dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('键盘快捷键')
    await expect(dialog.locator('[data-testid="shortcut-row"][data-id="newOrder"]')).toContainText('新建订单')
    await expectNoSeriousA11y(page, 'zh-CN shortcuts dialog')
  })
})
