/**
 * Settings → Connections in real Chromium against the real core (browser mode, private keyring): create a profile
 * with a secret through the UI and find it again after a restart, a refused save that keeps what was typed,
 * switching and deleting profiles, and the Sandbox's connection test.
 */
import type { Page } from '@playwright/test'
import { test, expect, invoke, chooseLanguage } from './fixtures'

const SECRET = 'e2e-order-secret-4711'

async function openConnections(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click()
  await page.getByRole('tab', { name: 'Connections' }).click()
  await expect(page.getByTestId('profiles-table')).toBeVisible()
}

/** The table row of a profile. */
function row(page: Page, name: string) {
  return page.getByTestId('profiles-table').locator('tr', { has: page.getByTestId(`profile-row-${name}`) })
}

test('a profile created with a secret through the UI is there after a restart, the secret shown as set', async ({ app, page }) => {
  await app.open(page)
  await openConnections(page)
  await page.getByTestId('profile-add').click()
  const dialog = page.getByTestId('profile-dialog')
  await expect(dialog).toBeVisible()
  // Keyboard-friendly: the cursor starts in the first field.
  await expect(dialog.getByLabel('Name')).toBeFocused()
  await dialog.getByLabel('Name').fill('E2E Branch')
  await dialog.getByLabel('Service address').fill('https://licensing.example.com')
  await dialog.getByLabel('Order-group app key').fill('e2e-order-app')
  await dialog.getByLabel('Order-group app secret').fill(SECRET)
  // Enter in a field submits the form.
  await dialog.getByLabel('Order-group app key').press('Enter')
  await expect(dialog).toBeHidden()

  await expect(row(page, 'E2E Branch')).toBeVisible()
  await expect(row(page, 'E2E Branch').getByTestId('secret-flag-orderAppSecret')).toHaveAttribute('data-set', 'true')
  await expect(row(page, 'E2E Branch').getByTestId('secret-flag-memberAppSecret')).toHaveAttribute('data-set', 'false')

  await app.restart()
  await app.open(page)
  await openConnections(page)
  const again = row(page, 'E2E Branch')
  await expect(again).toBeVisible()
  await expect(again).toContainText('https://licensing.example.com')
  await expect(again.getByTestId('secret-flag-orderAppSecret')).toHaveAttribute('data-set', 'true')
  await expect(again.getByTestId('secret-flag-memberAppSecret')).toHaveAttribute('data-set', 'false')

  // The edit form shows the secret as set, never its value.
  await page.getByTestId('edit-E2E Branch').click()
  await expect(dialog.getByTestId('secret-state-orderAppSecret')).toHaveText(/Set/)
  await expect(dialog.getByTestId('secret-state-memberAppSecret')).toHaveText(/Not set/)
  await expect(dialog.getByLabel('Order-group app key')).toHaveValue('e2e-order-app')
  expect(await page.content()).not.toContain(SECRET)
})

test('a refused save keeps the dialog open with everything typed, and says why on the field', async ({ app, page }) => {
  await app.open(page)
  await openConnections(page)
  await page.getByTestId('profile-add').click()
  const dialog = page.getByTestId('profile-dialog')
  // The built-in profile already has this name: the core refuses it.
  await dialog.getByLabel('Name').fill('Sandbox')
  await dialog.getByLabel('Service address').fill('https://licensing.example.com')
  await dialog.getByLabel('User login').fill('branch-admin')
  await dialog.getByLabel('User password').fill('typed-password')
  await page.getByTestId('profile-save').click()

  await expect(page.getByTestId('profile-save-error')).toContainText('Not saved. Everything you typed is still here.')
  await expect(dialog).toContainText('Already exists: Sandbox')
  await expect(dialog.getByLabel('Name')).toHaveValue('Sandbox')
  await expect(dialog.getByLabel('User login')).toHaveValue('branch-admin')
  await expect(dialog.getByLabel('User password')).toHaveValue('typed-password')

  // Fix the name and save: the rest was kept.
  await dialog.getByLabel('Name').fill('Branch')
  await page.getByTestId('profile-save').click()
  await expect(dialog).toBeHidden()
  await expect(row(page, 'Branch').getByTestId('secret-flag-userPassword')).toHaveAttribute('data-set', 'true')
})

test('an invalid address is caught in the form, in the user language, before anything is sent', async ({ app, page }) => {
  await app.open(page)
  await openConnections(page)
  await page.getByTestId('profile-add').click()
  const dialog = page.getByTestId('profile-dialog')
  await dialog.getByLabel('Name').fill('Typo')
  await dialog.getByLabel('Service address').fill('licensing.example.com')
  await page.getByTestId('profile-save').click()
  await expect(dialog).toContainText('Enter an address starting with http:// or https://.')
  // Closing with unsaved changes asks first; keeping them keeps the dialog.
  await page.keyboard.press('Escape')
  await expect(page.getByText('Close the form and lose what you typed?')).toBeVisible()
  await page.getByRole('button', { name: 'Keep editing' }).click()
  // Let the first question finish closing, or its fading copy and the next one would both be on the page.
  await expect(page.getByText('Close the form and lose what you typed?')).toBeHidden()
  await expect(dialog.getByLabel('Service address')).toHaveValue('licensing.example.com')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Discard changes' }).click()
  await expect(dialog).toBeHidden()
  await expect(row(page, 'Typo')).toHaveCount(0)
})

test('switching the active profile in the header is remembered, and the sandbox indicator follows it', async ({ app, page }) => {
  await app.open(page)
  await expect(page.getByTestId('sandbox-indicator')).toBeVisible()
  await openConnections(page)
  await page.getByTestId('profile-add').click()
  const dialog = page.getByTestId('profile-dialog')
  await dialog.getByLabel('Name').fill('Head office')
  await dialog.getByLabel('Service address').fill('https://licensing.example.com')
  await page.getByTestId('profile-save').click()
  await expect(dialog).toBeHidden()

  await page.getByTestId('profile-switcher').click()
  await page.getByRole('option', { name: 'Head office' }).click()
  await expect(page.getByTestId('sandbox-indicator')).toBeHidden()
  await expect(row(page, 'Head office').getByTestId('active-tag')).toBeVisible()

  await app.restart()
  await app.open(page)
  await expect(page.getByTestId('profile-switcher')).toContainText('Head office')
  await expect(page.getByTestId('sandbox-indicator')).toBeHidden()
})

test('deleting asks first; the built-in Sandbox cannot be deleted', async ({ app, page }) => {
  await app.open(page)
  await openConnections(page)
  await expect(row(page, 'Sandbox').getByRole('button', { name: 'Delete' })).toBeDisabled()
  await page.getByTestId('profile-add').click()
  const dialog = page.getByTestId('profile-dialog')
  await dialog.getByLabel('Name').fill('Short-lived')
  await dialog.getByLabel('Service address').fill('https://licensing.example.com')
  await dialog.getByLabel('Order-group app secret').fill('gone-soon')
  await page.getByTestId('profile-save').click()
  await expect(dialog).toBeHidden()

  await page.getByTestId('delete-Short-lived').click()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(row(page, 'Short-lived')).toBeVisible()
  await page.getByTestId('delete-Short-lived').click()
  await expect(page.getByText('Delete the profile “Short-lived” and its stored secrets?')).toBeVisible()
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click()
  await expect(row(page, 'Short-lived')).toHaveCount(0)

  await app.restart()
  await app.open(page)
  await openConnections(page)
  await expect(row(page, 'Sandbox')).toBeVisible()
  await expect(row(page, 'Short-lived')).toHaveCount(0)
})

test("the Sandbox profile's connection test succeeds for both groups", async ({ app, page }) => {
  await app.open(page)
  await openConnections(page)
  await page.getByTestId('test-Sandbox').click()
  const dialog = page.getByTestId('test-dialog')
  await expect(dialog.getByTestId('test-summary')).toBeVisible({ timeout: 60_000 })
  for (const group of ['order', 'member']) {
    for (const step of ['token', 'read']) {
      await expect(dialog.getByTestId(`test-${group}-${step}`), `${group} ${step}`).toHaveAttribute('data-status', 'ok')
    }
  }
  await expect(dialog.getByTestId('test-summary')).toContainText('Both groups work.')
  await expect(dialog.getByTestId('test-order-token')).toContainText(/\d+ ms/)
})

test('Settings → General offers the limits and bulk settings with their bounds and defaults, refused at the field when out of bounds', async ({ app, page }) => {
  await app.open(page)
  await page.getByTestId('nav-settings').click()
  const limits = page.getByTestId('settings-limits')
  await expect(limits).toContainText('Lock numbers per call')
  await expect(limits).toContainText('From 1 to 5,000; default 100')
  await expect(limits).toContainText('Asset numbers per call')
  // The one deadline of a call, with its bounds (1 s to 2 min) and default (30 s).
  await expect(limits).toContainText('Deadline of one call')
  await expect(limits).toContainText('From 1,000 to 120,000 ms; default 30,000')
  await expect(page.getByTestId('setting-bulk-callDeadlineMs')).toHaveValue('30000')
  const chunk = page.getByTestId('setting-bulk-lockChunkSize')
  await expect(chunk).toHaveValue('100')
  const field = page.locator('.el-form-item', { has: chunk })

  // Out of bounds: said at the field, kept as typed, not saved.
  await chunk.fill('6000')
  await chunk.blur()
  await expect(field).toContainText('At most 5,000.')
  await expect(chunk).toHaveValue('6000')
  expect((await invoke<{ bulk: { lockChunkSize: number } }>(app, 'settings.get', {})).bulk.lockChunkSize).toBe(100)

  // In bounds: saved when the field is left; the default is one click away.
  await chunk.fill('50')
  await chunk.blur()
  await expect.poll(async () => (await invoke<{ bulk: { lockChunkSize: number } }>(app, 'settings.get', {})).bulk.lockChunkSize).toBe(50)
  await page.getByTestId('setting-bulk-lockChunkSize-default').click()
  await expect.poll(async () => (await invoke<{ bulk: { lockChunkSize: number } }>(app, 'settings.get', {})).bulk.lockChunkSize).toBe(100)
  await expect(chunk).toHaveValue('100')

  // The Asset numbers screen follows the setting.
  const shells = page.getByTestId('setting-limits-maxShellNumsPerCall')
  await shells.fill('20')
  await shells.blur()
  await expect.poll(async () => (await invoke<{ limits: { maxShellNumsPerCall: number } }>(app, 'settings.get', {})).limits.maxShellNumsPerCall).toBe(20)
  await page.goto(`${app.origin}/#/assets/numbers`)
  await page.getByTestId('shellnums-size').fill('21')
  await expect(page.getByTestId('shellnums-view')).toContainText('At most 20 per request')

  // In Chinese.
  await chooseLanguage(page, 'zh-CN')
  await expect(page.getByTestId('settings-limits')).toContainText('每次调用的锁号数')
  await expect(page.getByTestId('settings-limits')).toContainText('1 到 5,000；默认 100')
  await expect(page.getByTestId('settings-limits')).toContainText('单次调用时限')
})

test('a half-filled New profile dialog comes back after a reload (secrets aside), and a long address stays inside it', async ({ app, page }) => {
  await app.open(page)
  await openConnections(page)
  await page.getByTestId('profile-add').click()
  const dialog = page.getByTestId('profile-dialog')
  await dialog.getByTestId('field-name').fill('Half done')
  const longAddress = `https://${'very-long-subdomain-'.repeat(12)}example.com/licensing/api`
  await dialog.getByTestId('field-baseUrl').fill(longAddress)
  await dialog.locator('[data-testid="secret-orderAppSecret"] input').fill(SECRET)
  // Nothing runs out of the dialog: the token endpoint's hint repeats the long address, wrapped inside.
  const inside = await dialog.locator('.el-dialog__body').evaluate((body) => {
    const edge = body.getBoundingClientRect().right
    return [...body.querySelectorAll('.profile-form__hint')].every((hint) => hint.getBoundingClientRect().right <= edge)
  })
  expect(inside).toBe(true)
  await expect(dialog.locator('.profile-form__hint', { hasText: 'example.com/licensing/api/oauth/token' })).toBeVisible()

  await page.reload()
  await expect(page.getByTestId('profile-dialog')).toBeVisible()
  await expect(page.getByTestId('profile-restored')).toBeVisible()
  await expect(page.getByTestId('field-name')).toHaveValue('Half done')
  await expect(page.getByTestId('field-baseUrl')).toHaveValue(longAddress)
  await expect(page.locator('[data-testid="secret-orderAppSecret"] input')).toHaveValue('')
  const draft = await invoke<{ body: unknown }>(app, 'drafts.get', { id: 'form:profile' })
  expect(JSON.stringify(draft.body)).not.toContain(SECRET)
})

test('plain http:// to another machine needs the unencrypted switch, then the list warns; the Kind column is whole in both languages', async ({ app, page }) => {
  await app.open(page)
  await openConnections(page)
  await page.getByTestId('profile-add').click()
  const dialog = page.getByTestId('profile-dialog')
  await dialog.getByLabel('Name').fill('Branch LAN')
  await dialog.getByLabel('Service address').fill('http://192.0.2.10:8080')
  await page.getByTestId('profile-save').click()
  await expect(dialog).toContainText('the credentials would cross the network unencrypted')
  await expect(page.getByTestId('insecure-warning')).toHaveCount(0)
  await page.getByTestId('field-allowInsecureHttp').click()
  await expect(page.getByTestId('insecure-warning')).toContainText('travel unencrypted')
  await page.getByTestId('profile-save').click()
  await expect(dialog).toBeHidden()
  await expect(row(page, 'Branch LAN').getByTestId('profile-insecure-Branch LAN')).toHaveText('Unencrypted')

  // The Kind header is not cut off (it was, in both languages).
  const kindHeader = page.getByTestId('profiles-table').locator('th .cell', { hasText: /^Kind$/ })
  const whole = () => kindHeader.evaluate((el) => el.scrollWidth <= el.clientWidth)
  expect(await whole()).toBe(true)
  await page.getByTestId('nav-settings').click()
  await page.getByRole('tab', { name: 'General' }).click()
  await page.getByTestId('language-zh-CN').click()
  await page.getByRole('tab', { name: '连接' }).click()
  await expect(row(page, 'Branch LAN').getByTestId('profile-insecure-Branch LAN')).toHaveText('未加密')
  const kindZh = page.getByTestId('profiles-table').locator('th .cell', { hasText: '类型' })
  expect(await kindZh.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
})
