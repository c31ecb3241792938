/**
 * A fresh install, in real Chromium through browser mode: the Sandbox book is empty, so the order wizard's customer
 * picker says so and what to do (find on the service, add a customer, add the Sandbox's demo customers); what is
 * typed is said to stay as the enterprise global ID. One click adds the demo customers, which the picker then
 * offers and which fill the entry. Customers › Bind starts with the connection's channel code. In Chinese: the
 * empty state's words, and the book's own empty state with the same action.
 */
import { SANDBOX_DEMO_CUSTOMERS } from '@shared/sandbox-demo'
import { test, expect, chooseLanguage } from './fixtures'
import { expectNoSeriousA11y } from './fixtures/a11y'

test('a fresh book: the picker says what to do, adds the Sandbox’s demo customers, and one fills the entry (English)', async ({ app, page }) => {
  test.setTimeout(90_000)
  await app.open(page)
  await page.getByTestId('nav-customers').click()
  await page.getByRole('tab', { name: 'Bind', exact: true }).click()
  await expect(page.getByTestId('bind-channelCode')).toHaveValue('DEMO')
  await expect(page.getByTestId('bind-channelCustomerId')).toHaveValue('')

  await page.getByTestId('nav-orders').click()
  await page.getByTestId('order-new').click()
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  const picker = page.getByTestId('entry-customer-picker')
  const hint = page.getByTestId('customer-picker-empty')
  await picker.click()
  await expect(hint).toContainText('Your customer book for this connection is empty.')
  await picker.fill('ACME')
  await expect(hint).toContainText('No customer in your book matches “ACME”. What you typed stays as the Enterprise global ID')
  await expect(hint.getByTestId('customer-picker-empty-find')).toBeVisible()
  await expect(hint.getByTestId('customer-picker-empty-add')).toBeVisible()

  await hint.getByTestId('add-sandbox-demo').click()
  await expect(page.getByText(`Added ${SANDBOX_DEMO_CUSTOMERS.length} demo customers of the Sandbox to the book.`)).toBeVisible()
  // The demo customers show at once as suggestions.
  const option = page.locator('.cp__popper [data-testid="customer-option"]')
  await expect(option).toHaveCount(SANDBOX_DEMO_CUSTOMERS.length)
  await expect(hint).toHaveCount(0)
  await picker.fill('上海分部')
  await expect(option).toHaveCount(1)
  await option.click()
  await expect(picker).toHaveValue('E000000000000001')
  await expect(page.getByTestId('entry-customerName')).toHaveValue('演示科技上海分部')
  await expect(page.getByTestId('entry-crmCustomerId')).toHaveValue('CRM-DEMO-0001-SH')
  await expect(page.getByTestId('entry-channelCustomerId')).toHaveValue('DEMO-0001-SH')

  // A revoke's asset picker names each asset's customer from the book, not by its id.
  await page.getByTestId('entry-add').click()
  await page.getByTestId('order-type-delete_asset').click()
  await page.getByTestId('license-type').click()
  await page.getByTestId('license-normal_recover_usbkey').click()
  await picker.fill('E000000000000001')
  const customers = page.getByTestId('anp-customer')
  await expect(customers.first()).toBeVisible({ timeout: 60_000 })
  await expect(customers.filter({ hasText: '演示科技有限公司' }).first()).toBeVisible()
  await expect(customers.filter({ hasText: /^C\d+$/ })).toHaveCount(0)

  // "Add a customer" keeps what was typed: it becomes the new customer's name in the book's dialog.
  await picker.fill('ZZZ Trading')
  await hint.getByTestId('customer-picker-empty-add').click()
  await expect(page.getByTestId('book-section')).toBeVisible()
  await expect(page.getByTestId('edit-customerName')).toHaveValue('ZZZ Trading')
  await page.keyboard.press('Escape')

  // Find on the service: each customer found is named from the book (order operation 3 gives no name).
  await page.getByRole('tab', { name: 'Find on the service', exact: true }).click()
  await page.getByTestId('find-all').click()
  await page.getByTestId('find-go').click()
  await expect(page.getByTestId('find-name')).toHaveText(['演示科技有限公司', '演示科技上海分部'])
})

test('in Chinese: the empty book says what to do, in the picker and in the book', async ({ app, page }) => {
  test.setTimeout(60_000)
  await app.open(page)
  await chooseLanguage(page, 'zh-CN')
  await page.getByTestId('nav-customers').click()
  await expect(page.getByTestId('book-empty')).toContainText('添加沙箱的演示客户')
  await page.getByTestId('nav-orders').click()
  await page.getByTestId('order-new').click()
  const picker = page.getByTestId('entry-customer-picker')
  const hint = page.getByTestId('customer-picker-empty')
  await picker.click()
  await expect(hint).toContainText('此连接的客户簿还是空的。')
  await picker.fill('某某公司')
  await expect(hint).toContainText('客户簿中没有与“某某公司”匹配的客户。您输入的内容将作为“企业全局 ID”保留')
  await expect(hint.getByTestId('add-sandbox-demo')).toHaveText('添加沙箱的演示客户')
  await expect(hint.getByTestId('customer-picker-empty-find')).toHaveText('在服务上查找…')
  await expectNoSeriousA11y(page, 'zh-CN customer picker, nothing in the book')
})
