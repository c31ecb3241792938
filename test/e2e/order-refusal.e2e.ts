/**
 * An order the service refuses, in real Chromium through browser mode against the in-process sandbox: the history
 * drawer shows what was sent as sent (products "Bearer Edition", "Token Manager", "Password Vault", package
 * "基础包 Basic Pack": no word taken for a credential) and the refusal at its field in words, never a JSON path;
 * "Open the draft" brings the draft back with the refusal at its field and first in the issues, Ready off, still so
 * after a restart, until the field changes (then it goes and is submitted) or, in Chinese, the refusal is dismissed
 * knowingly.
 */
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { NAMES, PACKAGE, UNKNOWN_CUSTOMER, refusedOrder } from './fixtures/refused-order'

const historyRow = (page: Page, n: string) => page.getByTestId('history-table').locator('.el-table__body tr', { hasText: n })
/** The form item (label, input and message) around an input with this id. */
const item = (page: Page, id: string) => page.locator('.el-form-item', { has: page.locator(`#${id}`) })

test('a refused order: sent as sent, the refusal at its field in words, kept across a restart until the field changes', async ({ app, page }) => {
  test.setTimeout(180_000)
  const { draftId, number } = await refusedOrder(app)
  await app.open(page)
  await page.goto(`${app.origin}/#/orders/history`)
  await historyRow(page, number).click()
  const drawer = page.getByTestId('order-drawer')
  // What was sent, as sent: ordinary names are not taken for credentials.
  const sent = drawer.getByTestId('od-entry')
  for (const name of NAMES) await expect(sent).toContainText(name)
  await expect(sent).toContainText(PACKAGE)
  await drawer.getByTestId('od-exact').click()
  for (const name of [...NAMES, PACKAGE]) await expect(drawer.getByTestId('od-body')).toContainText(`"${name}"`)
  await expect(drawer).not.toContainText('[redacted]')
  // The refusal in words: where, and the message naming the field as the screen does.
  await expect(drawer.getByTestId('od-refusal-place')).toHaveText('At: Entry 1 › Customer ID')
  await expect(drawer.getByTestId('od-refusal-text')).toContainText('Entry 1 › Customer ID')
  await expect(drawer.getByTestId('od-refusal-text')).not.toContainText('orderList')

  // "Open the draft": back in the wizard with the message at its field, first in the issues, Ready off.
  await drawer.getByTestId('od-open-draft').click()
  await expect(page).toHaveURL(new RegExp(`#/orders/draft/${draftId}`))
  await expect(page.getByTestId('order-refusal-place')).toHaveText('At: Entry 1 › Customer ID')
  await expect(page.getByTestId('order-refusal-text')).not.toContainText('orderList')
  await expect(item(page, 'of-entry-customerId')).toContainText('Parameter validation error')
  await expect(page.getByTestId('issue-link').first()).toContainText('Entry 1 › Customer ID')
  await expect(page.getByTestId('issues-count')).toHaveText('1 issue')
  await expect(page.getByTestId('mark-ready')).toBeDisabled()
  await expect(page.getByTestId('submit')).toHaveCount(0)

  // Still so after a restart: the refusal is kept with the draft.
  await app.restart()
  await app.open(page)
  await page.goto(`${app.origin}/#/orders/draft/${draftId}`)
  await expect(page.getByTestId('order-refusal-place')).toHaveText('At: Entry 1 › Customer ID')
  await expect(page.getByTestId('mark-ready')).toBeDisabled()

  // Another field changed: still refused. The field it names changed: the refusal goes, and the order can go.
  await page.getByTestId('entry-branchName').fill('Beijing North')
  await expect(page.getByTestId('order-refusal')).toBeVisible()
  await page.getByTestId('entry-customerId').fill('C000000000000001')
  await expect(page.getByTestId('order-refusal')).toHaveCount(0)
  await expect(page.getByTestId('issues-count')).toContainText('No issues')
  await page.getByTestId('mark-ready').click()
  await page.getByTestId('submit').click()
  await expect(page).toHaveURL(/#\/orders\/history/)
  await expect(historyRow(page, number).first().getByTestId('order-state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 })
})

test.describe('in Chinese', () => {
  test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })

  test('the refusal in Chinese words at its field, and dismissed knowingly', async ({ app, page }) => {
    test.setTimeout(120_000)
    const { draftId, number } = await refusedOrder(app)
    await app.open(page)
    await page.goto(`${app.origin}/#/orders/history`)
    await historyRow(page, number).click()
    const drawer = page.getByTestId('order-drawer')
    await expect(drawer.getByTestId('od-entry')).toContainText(PACKAGE)
    await expect(drawer.getByTestId('od-entry')).toContainText('Bearer Edition')
    await expect(drawer.getByTestId('od-refusal-place')).toHaveText('位置：条目 1 › 客户 ID')
    await drawer.getByTestId('od-open-draft').click()
    await expect(page).toHaveURL(new RegExp(`#/orders/draft/${draftId}`))
    await expect(page.getByTestId('order-refusal')).toContainText('服务拒绝了此订单，未做任何处理。')
    await expect(page.getByTestId('order-refusal-place')).toHaveText('位置：条目 1 › 客户 ID')
    await expect(item(page, 'of-entry-customerId')).toContainText('参数校验错误')
    await expect(page.getByTestId('mark-ready')).toBeDisabled()
    // Dismissed knowingly (asked first): Ready comes back with the order unchanged.
    await page.getByTestId('order-refusal-dismiss').click()
    await page.locator('.el-message-box').getByRole('button', { name: '忽略', exact: true }).click()
    await expect(page.getByTestId('order-refusal')).toHaveCount(0)
    await expect(page.getByTestId('mark-ready')).toBeEnabled()
    await expect(page.getByTestId('entry-customerId')).toHaveValue(UNKNOWN_CUSTOMER)
  })
})
