/**
 * Lending in real Chromium through browser mode against the sandbox's demo data (docs/sandbox.md): an employee's
 * asset lent into a free borrowed lock and seen in the overview (in Chinese), and each refusal of the service from
 * a state that causes it, said in words with the next step at the part of the form it is about: the sandbox's
 * magic values where a state cannot be reached (33006 a cloud account without nodes, 33008 a disabled borrowed
 * lock, 33009 a lock whose lend always fails) and changes made meanwhile by another app (33018, 33007, 33003).
 */
import type { Page } from '@playwright/test'
import { test, expect, invoke, type AppProcess } from './fixtures'

const ZHANGSAN = 'M000000000000001'
const LISI = 'M000000000000002'
const WANGWU = 'M000000000000003'

async function assetId(app: AppProcess, memberGlobalId: string, num: string): Promise<string> {
  const h = await invoke<{ numbers: { assetNum: string; assetId: string }[] }>(app, 'holdings.ofMember', { memberGlobalId })
  return h.numbers.find((n) => n.assetNum === num)!.assetId
}

/** Opens the lend form and fills it: the employee (by account), one of their assets, a lock. */
async function fill(page: Page, account: string, asset: string, lock: string): Promise<void> {
  await page.getByTestId('lending-lend').click()
  const dialog = page.getByTestId('lend-dialog')
  // The employee is picked from a list the service fills as the account is typed: clicked once the list is the
  // answer to the whole account (a click on an earlier search's list could land as that list was replaced).
  const picker = dialog.getByTestId('lend-employee')
  await picker.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(account)
  await expect(picker).toHaveAttribute('data-list-for', account)
  await page.locator('.el-select-dropdown__item:visible', { hasText: account }).first().click()
  const row = dialog.getByTestId('lend-assets').locator('.el-table__row', { hasText: asset })
  await row.locator('.el-checkbox').click()
  await dialog.getByTestId('lend-lock').click()
  await page.locator('.el-select-dropdown__item:visible', { hasText: lock }).click()
  await expect(dialog.getByTestId('lend-summary')).toBeVisible()
}

async function refused(page: Page): Promise<string> {
  const dialog = page.getByTestId('lend-dialog')
  await dialog.getByTestId('lend-confirm').click()
  const error = dialog.getByTestId('lend-error')
  await expect(error).toBeVisible()
  const text = (await error.textContent()) ?? ''
  // Nothing moved: the form stays, to change and try again, or to clear.
  await page.getByTestId('lend-dialog').getByRole('button', { name: 'Clear the form' }).click()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  return text
}

test.describe('in Chinese', () => {
  test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })

  test('lends an employee’s asset into a free borrowed lock and sees it in the overview', async ({ app, page }) => {
    await app.open(page)
    await page.goto(`${app.origin}/#/members/lending`)
    const table = page.getByTestId('lending-table')
    await expect(page.getByTestId('lending-filter-free')).toContainText('空闲')
    await expect(table).toContainText('8100000055')
    await expect(table).toContainText('李四')

    await page.getByTestId('lend-into-8100000051').click()
    const dialog = page.getByTestId('lend-dialog')
    await expect(dialog).toContainText('将资产借入借用锁')
    await dialog.getByTestId('lend-employee').click()
    await page.keyboard.type('wangwu')
    await expect(dialog.getByTestId('lend-employee')).toHaveAttribute('data-list-for', 'wangwu')
    await page.locator('.el-select-dropdown__item:visible', { hasText: 'wangwu' }).click()
    // The products of an asset, on demand.
    const row = dialog.getByTestId('lend-assets').locator('.el-table__row', { hasText: '8100000045' })
    await row.locator('.el-table__expand-icon').click()
    await expect(dialog.getByTestId('asset-products').first()).toContainText('造价全家桶')
    await row.locator('.el-checkbox').click()
    await expect(dialog.getByTestId('lend-lock')).toContainText('8100000051')
    await expect(dialog.getByTestId('lend-summary')).toContainText('将 8100000045 借入 8100000051，借给 王五 (wangwu)')
    await dialog.getByTestId('lend-confirm').click()
    await expect(page.getByText('已将 8100000045 借入 8100000051，借给 王五 (wangwu)。')).toBeVisible()

    await expect(page.getByTestId('lock-assets-8100000051')).toHaveText('8100000045')
    await expect(page.getByTestId('lock-since-8100000051')).toHaveText(/\d{4}\/\d{1,2}\/\d{1,2}/)
    await expect(table.locator('.el-table__row', { hasText: '8100000051' })).toContainText('王五')
    await page.getByTestId('lending-filter-lent').click()
    await expect(table.locator('.el-table__row')).toHaveCount(2)
    await page.getByTestId('lending-search').fill('王五')
    await expect(table.locator('.el-table__row')).toHaveCount(1)
    // The service agrees.
    const locks = await invoke<{ locks: { assetNum: string; holder: string | null }[] }>(app, 'holdings.lentLocks', { refresh: true })
    expect(locks.locks.find((l) => l.assetNum === '8100000051')?.holder).toBe(WANGWU)
  })
})

test('each refusal of a lend is said in words with the next step, at what it is about', async ({ app, page }) => {
  await app.open(page)
  await page.goto(`${app.origin}/#/members/lending`)
  await expect(page.getByTestId('lending-table')).toContainText('8100000055')

  // 33006: wangwu's cloud account whose products have no nodes left (a magic value).
  await fill(page, 'wangwu', '8000033006', '8100000052')
  expect(await refused(page)).toContain('Not enough nodes: 8000033006 has no node left to lend. Choose another asset')

  // 33008: a disabled borrowed lock (a magic value).
  await fill(page, 'wangwu', '8100000045', '8000033008')
  expect(await refused(page)).toContain('Borrowed lock 8000033008 is in an abnormal state (disabled, or not a borrowed lock of this enterprise). Enable it in Locks')

  // 33009: a lock whose lend always fails (a magic value).
  await fill(page, 'wangwu', '8100000045', '8000033009')
  expect(await refused(page)).toContain('The lend request failed at the service; nothing was moved. Try again later')

  // 33018: the lock chosen was lent to 李四 by another app meanwhile.
  await fill(page, 'wangwu', '8100000045', '8100000053')
  await invoke(app, 'holdings.lend', { memberGlobalId: LISI, lockNum: '8100000053', assetIds: [await assetId(app, LISI, '8100000044')] })
  expect(await refused(page)).toContain('Borrowed lock 8100000053 is already lent to another employee. Choose a free lock')

  // 33007: the asset chosen was lent into another lock meanwhile.
  await fill(page, 'wangwu', '8100000045', '8100000054')
  await invoke(app, 'holdings.lend', { memberGlobalId: WANGWU, lockNum: '8100000052', assetIds: [await assetId(app, WANGWU, '8100000045')] })
  expect(await refused(page)).toContain('8100000045 is already lent into another borrowed lock')

  // 33003: the asset chosen was withdrawn from the employee meanwhile.
  await fill(page, 'zhangsan', '8100000041', '8100000054')
  await invoke(app, 'holdings.configure', { memberGlobalId: ZHANGSAN, add: [], del: ['8100000041'] })
  expect(await refused(page)).toContain('张三 (zhangsan) may not lend 8100000041: it is not (or no longer) theirs. Reload their assets')

  // None of these moved anything.
  const locks = await invoke<{ locks: { assetNum: string; holder: string | null }[] }>(app, 'holdings.lentLocks', { refresh: true })
  expect(locks.locks.find((l) => l.assetNum === '8100000054')?.holder ?? null).toBeNull()
})
