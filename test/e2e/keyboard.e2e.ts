/**
 * Keyboard only, with visible focus (issue: usable by everyone): a lock disable prepared from a paste and run, and
 * the assets' virtual table read and opened, with nothing but the keys a keyboard user presses (Tab, Shift+Tab,
 * Enter, Escape, arrows, typing). Focus moves into a dialog when it opens and back to what opened it when it
 * closes; Escape closes; a field's error is tied to the field (aria-describedby) and announced (role="alert").
 */
import { test, expect } from './fixtures'
import { focused, tabTo } from './fixtures/focus'

test('a lock disable from a paste, by keyboard alone', async ({ app, page }) => {
  await app.open(page)
  await page.goto(`${app.origin}/#/locks`)
  await expect(page.getByTestId('locks-view')).toBeVisible()

  // The list: typed (as a paste lands) into the text box.
  expect((await tabTo(page, 'locks-text')).visible).toBe(true)
  await page.keyboard.type('8000000001\n8199990001')
  await expect(page.getByTestId('locks-to-send')).toHaveAttribute('data-count', '2')

  // The operator field emptied: its error is said at the field and tied to it.
  await tabTo(page, 'locks-operator')
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Backspace')
  await page.keyboard.press('Tab')
  await expect(page.locator('.el-form-item__error')).toBeVisible()
  const emptied = await tabTo(page, 'locks-operator', true)
  expect(emptied.describedBy).toBe('Enter the operator identity.')
  expect(emptied.invalid).toBe('true')
  await page.keyboard.type('demoadmin')
  await page.keyboard.press('Tab')
  await expect(page.locator('.el-form-item__error')).toHaveCount(0)

  // Review: the dialog takes the focus; Escape closes it and gives the focus back to the button.
  const review = await tabTo(page, 'locks-review')
  expect(review.visible).toBe(true)
  await page.keyboard.press('Enter')
  const dialog = page.getByTestId('lock-confirm')
  await expect(dialog).toBeVisible()
  await expect.poll(async () => (await focused(page)).inDialog).not.toBe('')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect.poll(async () => (await focused(page)).testId).toBe('locks-review')

  // Again, and this time confirmed from the keyboard: the run goes, its progress is announced politely.
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await expect.poll(async () => (await focused(page)).inDialog).not.toBe('')
  for (let i = 0; i < 10; i++) {
    const name = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
    if (/^Disable 2 locks$/.test(name)) break
    await page.keyboard.press('Tab')
  }
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Disable 2 locks')
  await page.keyboard.press('Enter')
  const run = page.getByTestId('bulk-run')
  await expect(run).toHaveAttribute('data-status', 'completed', { timeout: 60_000 })
  await expect(run.locator('.run__title')).toHaveAttribute('aria-live', 'polite')
  await expect(page.getByTestId('run-progress')).toHaveAttribute('aria-label', 'Progress of the run')
  await expect(page.getByTestId('run-results')).toContainText('8199990001')
})

test('the assets’ virtual table: reached, read row by row and opened by keyboard', async ({ app, page }) => {
  await app.open(page)
  await page.goto(`${app.origin}/#/assets/list`)
  await expect(page.getByTestId('assets-count')).toBeVisible({ timeout: 30_000 })
  const grid = page.getByTestId('assets-view').locator('[role="grid"]')
  await expect(grid.locator('[role="row"][aria-rowindex="2"]')).toBeVisible()

  // Tab reaches the table itself (one stop), its focus ring shows, arrows move the active row.
  for (let i = 0; i < 60 && !(await grid.evaluate((g) => g === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(grid).toBeFocused()
  expect((await focused(page)).visible).toBe(true)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  // The active row is named to a screen reader (aria-activedescendant) and is the third data row.
  const activeId = await grid.getAttribute('aria-activedescendant')
  expect(activeId).toBeTruthy()
  const active = page.locator(`[id="${activeId}"]`)
  await expect(active).toHaveAttribute('aria-rowindex', '4')
  const num = (await active.locator('[role="gridcell"]').first().textContent())?.trim() ?? ''

  // Enter opens the row's drawer, which takes the focus; Escape closes it and the focus is back on the table.
  await page.keyboard.press('Enter')
  const drawer = page.getByTestId('asset-drawer')
  await expect(drawer).toBeVisible()
  await expect.poll(async () => (await focused(page)).inDialog).not.toBe('')
  if (num) await expect(drawer).toContainText(num)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(grid).toBeFocused()
})
