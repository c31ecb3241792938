/**
 * The Customers area in real Chromium through browser mode, against the in-process sandbox: find the demo
 * customer, bind a new one (a bad mobile refused at its field first) and find it on the service, create an
 * industry customer and see its members, update it from the book, then pick customers in the Assets screen and
 * see their assets listed. In Chinese: a half-typed bind form survives a restart, and the service's 13004 shows at
 * the field it names; the profile's enterprise is picked from the book.
 */
import type { Page } from '@playwright/test'
import type { CustomerRecord } from '@shared/ipc/channels/customers'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import { startSandbox } from '../../src/sandbox/index'
import { test, expect, invoke as api, chooseLanguage } from './fixtures'

async function tab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click()
}

async function fill(page: Page, prefix: string, values: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(values)) await page.getByTestId(`${prefix}-${field}`).fill(value)
}

/** The form item (label, input and message) of a field. */
const fieldItem = (page: Page, testId: string) => page.locator('.el-form-item', { has: page.getByTestId(testId) })

test('find, bind, create, update, and pick customers in the Assets screen (English)', async ({ app, page }) => {
  test.setTimeout(180_000)
  await app.open(page)
  await page.getByTestId('nav-customers').click()
  await expect(page.getByTestId('customers-view')).toBeVisible()
  await expect(page.getByTestId('book-empty')).toContainText('No customers yet')

  // Find: the connection's channel customer is filled in; all customers of its enterprise.
  await tab(page, 'Find on the service')
  await expect(page.getByTestId('find-channelCode')).toHaveValue('DEMO')
  await expect(page.getByTestId('find-channelCustomerId')).toHaveValue('DEMO-0001')
  await page.getByTestId('find-all').click()
  await page.getByTestId('find-go').click()
  const found = page.getByTestId('find-results').locator('.el-table__body tr')
  await expect(found).toHaveCount(2)
  await expect(found.nth(0)).toContainText('C000000000000001')
  await expect(found.nth(0)).toContainText('E000000000000001')
  await expect(found.nth(0).getByTestId('find-default')).toHaveText('Yes')
  await expect(found.nth(1)).toContainText('DEMO-0001-SH')
  await expect(found.nth(1).getByTestId('find-default')).toHaveText('No')

  // Bind: a wrong mobile is refused at its field as it is typed, before anything is sent.
  await tab(page, 'Bind')
  await fill(page, 'bind', { channelCode: 'E2E', channelCustomerId: 'E2E-0001', customerName: 'E2E Trading', branchName: 'Shanghai', enterpriseName: 'E2E Enterprise Ltd', passwordMobile: '12345' })
  await expect(fieldItem(page, 'bind-passwordMobile')).toContainText('Purchaser mobile must be a mainland China mobile number')
  await page.getByTestId('bind-send').click()
  await expect(page.getByTestId('bind-done')).toHaveCount(0)
  await page.getByTestId('bind-passwordMobile').fill('139 1234 5678')
  await expect(fieldItem(page, 'bind-passwordMobile')).not.toContainText('must be')
  await page.getByTestId('bind-send').click()
  await expect(page.getByTestId('bind-done')).toHaveText('Bound')
  await expect(page.getByTestId('bind-result-channelCustomerId')).toHaveText('E2E-0001')
  const enterprise = (await page.getByTestId('bind-result-enterpriseGlobalId').textContent())!.trim()
  expect(enterprise).toMatch(/^E\d{15}$/)

  // …and the service finds it afterwards.
  await tab(page, 'Find on the service')
  await fill(page, 'find', { channelCode: 'E2E', channelCustomerId: 'E2E-0001' })
  await page.getByTestId('find-default-only').click()
  await page.getByTestId('find-go').click()
  await expect(found).toHaveCount(1)
  await expect(found.nth(0)).toContainText('E2E Enterprise Ltd')
  await expect(found.nth(0)).toContainText(enterprise)

  // Create an industry customer: the new enterprise and the member created with it.
  await tab(page, 'Create industry customer')
  await fill(page, 'create', { crmCustomerId: 'CRM-E2E-1', customerName: 'E2E Design Institute', branchName: 'Beijing', address: 'No. 1 Test Road' })
  await page.getByTestId('create-send').click()
  await expect(page.getByTestId('create-done')).toContainText('Created enterprise E')
  const created = (await page.getByTestId('create-result-enterprise').textContent())!.trim()
  const members = page.getByTestId('create-members').locator('.el-table__body tr')
  await expect(members).toHaveCount(1)
  await expect(members.getByTestId('create-member-identity')).toHaveText(/^admin@e\d{7}$/)
  await expect(members.getByTestId('create-member-id')).toHaveText(/^M\d{15}$/)

  // The book has all of them; update the created one on the service from its row.
  await tab(page, 'Customer book')
  await expect(page.getByTestId('book-total')).toHaveText('4 customers')
  await page.getByTestId('book-search').fill('design')
  const rows = page.getByTestId('book-table').locator('.el-table__body tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.getByTestId('book-row-source')).toHaveText('Created')
  await rows.getByTestId('book-more').click()
  await page.getByTestId('book-update').last().click()
  await expect(page.getByTestId('update-crmCustomerId')).toHaveValue('CRM-E2E-1')
  await page.getByTestId('update-customerName').fill('E2E Design Institute (renamed)')
  await page.getByTestId('update-send').click()
  await expect(page.getByTestId('update-done')).toContainText('1 customer(s) of the book follow')
  await tab(page, 'Customer book')
  await expect(rows.getByTestId('book-row-name')).toHaveText('E2E Design Institute (renamed)')

  // Pick the demo customer in the Assets screen: its 100 assets are listed.
  await page.getByTestId('nav-assets').click()
  const picker = page.getByTestId('assets-enterprise')
  await picker.fill('DEMO-0001')
  const options = page.locator('.cp__popper [data-testid="customer-option"]')
  await expect(options).toHaveCount(2)
  await options.filter({ hasText: 'Default' }).click()
  await expect(picker).toHaveValue('E000000000000001')
  await expect(page.getByTestId('assets-count')).toHaveAttribute('data-total', '100')
  const listed = await api<{ enterpriseGlobalId: string; count: number }>(app, 'assets.list', { enterpriseGlobalId: 'E000000000000001' })
  expect(listed.count).toBe(100)

  // The created customer, found by its new name: its enterprise, with no assets yet.
  await picker.fill('renamed')
  await expect(options).toHaveCount(1)
  await options.first().click()
  await expect(picker).toHaveValue(created)
  await expect(page.getByTestId('assets-count')).toHaveAttribute('data-total', '0')
  await expect(page.getByTestId('customer-picker-label')).toHaveText('E2E Design Institute (renamed)')

  // Typing an id still works: Enter loads that enterprise.
  await picker.fill(enterprise)
  await picker.press('Escape')
  await picker.press('Enter')
  await expect(page.getByTestId('assets-loaded')).toContainText(enterprise)
})

test('in Chinese: a half-typed bind survives a restart, the service’s 13004 lands at its field, and the profile’s enterprise is picked from the book', async ({ app, page }) => {
  test.setTimeout(180_000)
  await app.open(page)
  await chooseLanguage(page, 'zh-CN')
  await page.getByTestId('nav-customers').click()
  await tab(page, '绑定')
  await fill(page, 'bind', { channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', customerName: '半截客户', passwordMobile: '1380013' })
  await expect(fieldItem(page, 'bind-passwordMobile')).toContainText('购买人手机号必须是中国大陆手机号')
  await expect(page.getByTestId('form-save-state').first()).toHaveText('已保存在本机')

  await app.restart()
  await app.open(page)
  await page.getByTestId('nav-customers').click()
  await tab(page, '绑定')
  await expect(page.getByTestId('bind-customerName')).toHaveValue('半截客户')
  await expect(page.getByTestId('bind-passwordMobile')).toHaveValue('1380013')
  await expect(fieldItem(page, 'bind-passwordMobile')).toContainText('购买人手机号必须是中国大陆手机号')

  // Finish it: the service refuses the channel customer already bound, at that field, in Chinese.
  await fill(page, 'bind', { branchName: '上海分公司', enterpriseName: '半截企业', passwordMobile: '13800138000' })
  await page.getByTestId('bind-send').click()
  await expect(fieldItem(page, 'bind-channelCustomerId')).toContainText('“DEMO/DEMO-0001”已存在')
  // Nothing typed is lost to the refusal.
  await expect(page.getByTestId('bind-customerName')).toHaveValue('半截客户')
  await page.getByTestId('bind-channelCustomerId').fill('DEMO-E2E-9')
  await expect(fieldItem(page, 'bind-channelCustomerId')).not.toContainText('已存在')
  await page.getByTestId('bind-send').click()
  await expect(page.getByTestId('bind-done')).toHaveText('已绑定')
  const book = await api<{ customers: CustomerRecord[] }>(app, 'customers.search', { query: 'DEMO-E2E-9' })
  expect(book.customers.map((c) => [c.customerName, c.source])).toEqual([['半截客户', 'bound']])

  // The profile's enterprise worked on, picked from the book: the channel customer comes with it.
  await page.getByTestId('nav-settings').click()
  await page.getByRole('tab', { name: '连接' }).click()
  await page.getByTestId('profiles-table').locator('.el-table__body tr').first().getByRole('button', { name: '编辑' }).click()
  const dialog = page.getByTestId('profile-dialog')
  await dialog.getByTestId('field-enterpriseGlobalId').fill('半截')
  await page.locator('.cp__popper [data-testid="customer-option"]').first().click()
  await expect(dialog.getByTestId('field-enterpriseGlobalId')).toHaveValue(book.customers[0]!.enterpriseGlobalId!)
  await expect(dialog.getByTestId('field-channelCustomerId')).toHaveValue('DEMO-E2E-9')
})

test('a bind whose answer is lost is read back: the screen says bound once, and the service has exactly one', async ({ app, page }) => {
  test.setTimeout(120_000)
  // A sandbox of the test's own, so its faults can be set: it drops the bind's answer after doing the work.
  const sandbox = await startSandbox({ port: 0 })
  try {
    const profile = await api<ProfileView>(app, 'profiles.create', {
      fields: { name: 'Faulty line', baseUrl: sandbox.url, orderAppKey: SANDBOX_DEMO.orderApp.clientId, channelCode: 'DEMO', channelCustomerId: 'DEMO-0001' },
      secrets: { orderAppSecret: SANDBOX_DEMO.orderApp.clientSecret },
    })
    await api(app, 'profiles.activate', { id: profile.id })
    await app.open(page)
    await page.getByTestId('nav-customers').click()
    await tab(page, 'Bind')
    await fill(page, 'bind', { channelCode: 'E2E', channelCustomerId: 'LOST-1', customerName: 'Lost Answer Ltd', branchName: 'Hangzhou', enterpriseName: 'Lost Answer Enterprise', passwordMobile: '13912345678' })
    sandbox.queueFault({ kind: 'dropAfterWork', operation: 'bindEnterprise' })
    await page.getByTestId('bind-send').click()
    await expect(page.getByTestId('bind-done')).toContainText('the app checked on the service: the customer is there, bound once')
    await expect(page.getByTestId('bind-result-channelCustomerId')).toHaveText('LOST-1')
    // Sent once, done once: the read-back found it, nothing was sent again.
    expect(sandbox.stats().creates.received['bindEnterprise']?.['E2E/LOST-1']).toBe(1)
    expect(sandbox.stats().creates.applied['bindEnterprise']?.['E2E/LOST-1']).toBe(1)
    const found = await api<{ customers: CustomerRecord[] }>(app, 'customers.find', { channelCode: 'E2E', channelCustomerId: 'LOST-1', defaultCustomer: 'N' })
    expect(found.customers).toHaveLength(1)
  } finally {
    await sandbox.close()
  }
})
