/**
 * Asset numbers in real Chromium through browser mode against the sandbox's demo data (docs/sandbox.md): giving a
 * demo employee two free numbers and taking one back from the Members drawer (one call); a refusal shown at the
 * number it is about; a move whose second step fails, said precisely; the table of every number; a bulk file of
 * 100 rows with bad rows, checked, sent one call per employee, with results per row and the failures exported.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { HOLDING_DRAFT_IDS } from '@shared/ipc/channels/holdings'
import { test, expect, draftText, invoke, type AppProcess } from './fixtures'

interface Holdings {
  numbers: { assetNum: string }[]
}
const held = async (app: AppProcess, memberGlobalId: string): Promise<string[]> =>
  (await invoke<Holdings>(app, 'holdings.ofMember', { memberGlobalId, refresh: true })).numbers.map((n) => n.assetNum).sort()

const WANGWU = 'M000000000000003'
const LISI = 'M000000000000002'

/** Picks free numbers in the picker of a section, by a search and then by their numbers. */
async function pickFree(page: Page, section: ReturnType<Page['getByTestId']>, search: string, numbers: string[]): Promise<void> {
  const picker = section.getByTestId('free-number-picker')
  await picker.click()
  await page.keyboard.type(search)
  // The list is filled by a search as the text is typed (the first one on opening): clicked once it shows the
  // answer to the whole text, not an earlier list that a later answer replaces under the click.
  await expect(picker).toHaveAttribute('data-list-for', search)
  for (const n of numbers) await page.locator('.el-select-dropdown__item:visible', { hasText: n }).click()
  // Escape clears the search, then closes the list (a click beside it could land on the list itself, which may
  // open upwards over the section's heading: it did in a run).
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(page.locator('.el-select-dropdown:visible')).toHaveCount(0)
}

async function openEmployee(page: Page, account: string): Promise<void> {
  await page.getByTestId('nav-members').click()
  await page.getByTestId('member-search').fill(account)
  await page.getByTestId('member-table').getByText(account, { exact: true }).click()
  await expect(page.getByTestId('member-drawer')).toBeVisible()
}

test('gives a demo employee two free numbers and takes one back, in one call from the Members drawer', async ({ app, page }) => {
  await app.open(page)
  await openEmployee(page, 'wangwu')
  const section = page.getByTestId('member-drawer').getByTestId('member-holdings')
  await expect(section.getByTestId('held-8100000045')).toBeVisible()
  await expect(section.getByTestId('held-8000033006')).toBeVisible()

  // Two free numbers from the picker (searched by number), and 8100000045 ticked to take back.
  await pickFree(page, section, '810000000', ['8100000002', '8100000003'])
  await section.getByTestId('withdraw-8100000045').click()
  await expect(section.getByTestId('member-holdings-pending')).toHaveText('To send: give 2, take back 1')
  await section.getByTestId('member-holdings-apply').click()

  await expect(page.getByText('王五 (wangwu): gave 2, took back 1.')).toBeVisible()
  await expect(section.getByTestId('held-8100000002')).toBeVisible()
  await expect(section.getByTestId('held-8100000003')).toBeVisible()
  await expect(section.getByTestId('held-8100000045')).toHaveCount(0)
  await expect(section.getByTestId('member-holdings-pending')).toHaveText('Pick numbers to give, or tick numbers to take back.')
  const now = await held(app, WANGWU)
  expect(now).toEqual(expect.arrayContaining(['8100000002', '8100000003']))
  expect(now).not.toContain('8100000045')
})

test('a refusal is said at the number it is about; picks survive a reload', async ({ app, page }) => {
  await app.open(page)
  await openEmployee(page, 'lisi')
  const section = page.getByTestId('member-drawer').getByTestId('member-holdings')
  await pickFree(page, section, '8100000004', ['8100000004'])
  await section.getByTestId('withdraw-8100000044').click()
  await expect(section.getByTestId('member-holdings-pending')).toHaveText('To send: give 1, take back 1')
  await expect.poll(() => draftText(app, HOLDING_DRAFT_IDS.assign)).toContain('8100000044')

  // A reload: the picks come back.
  await page.reload()
  await openEmployee(page, 'lisi')
  await expect(section.getByTestId('member-holdings-pending')).toHaveText('To send: give 1, take back 1')

  // Meanwhile another app gives 8100000004 to 张三: the call is refused, at that number, and nothing is done.
  await invoke(app, 'holdings.configure', { memberGlobalId: 'M000000000000001', add: ['8100000004'], del: [] })
  await section.getByTestId('member-holdings-apply').click()
  await expect(section.getByTestId('problem-8100000004')).toContainText('8100000004 is already given to someone else')
  await expect(section.getByTestId('problem-8100000004')).toContainText('withdraw it from them first, or use Move')
  expect(await held(app, LISI)).toContain('8100000044')
})

test('a move whose second step fails says the number is withdrawn and not yet given, and offers both ways on', async ({ app, page }) => {
  await app.open(page)
  await openEmployee(page, 'zhangsan')
  const section = page.getByTestId('member-drawer').getByTestId('member-holdings')
  await section.getByTestId('move-8100000001').click()
  const dialog = page.getByTestId('move-dialog')
  await expect(dialog).toContainText('If the second step fails, the number stays withdrawn (free)')
  await dialog.getByTestId('move-to').click()
  await page.keyboard.type('magic60023')
  await expect(dialog.getByTestId('move-to')).toHaveAttribute('data-list-for', 'magic60023')
  await page.locator('.el-select-dropdown__item:visible', { hasText: 'magic60023' }).click()
  await dialog.getByTestId('move-confirm').click()
  const outcome = dialog.getByTestId('move-outcome')
  await expect(outcome).toContainText('Withdrawn from 张三 (zhangsan), not yet given to 重复匹配 (magic60023)')
  await expect(outcome).toContainText('matches several employees')
  await expect(outcome).toContainText('8100000001 is free now')
  await dialog.getByTestId('move-give-back').click()
  await expect(page.getByText('8100000001 given back to 张三 (zhangsan).')).toBeVisible()
  expect(await held(app, 'M000000000000001')).toContain('8100000001')
})

test('the table of asset numbers: holders by name, state filters with counts, search, a holder’s numbers', async ({ app, page }) => {
  await app.open(page)
  await page.goto(`${app.origin}/#/members/numbers`)
  const count = page.getByTestId('numbers-count')
  await expect(count).toHaveAttribute('data-total', '100')
  await expect(page.getByTestId('numbers-table')).toContainText('张三 (zhangsan)')
  await page.getByTestId('numbers-state-lent').click()
  await expect(count).toHaveAttribute('data-visible', '2')
  await expect(page.getByTestId('numbers-table')).toContainText('Lent into a borrowed lock')
  await expect(page.getByTestId('numbers-table')).toContainText('Borrowed lock · lent')
  await page.getByTestId('numbers-state-all').click()
  await page.getByTestId('numbers-search').fill('李四')
  await expect(count).toHaveAttribute('data-visible', '3')
  await page.getByTestId('numbers-table').getByText('8100000044').click()
  await expect(page.getByTestId('holdings-drawer').getByTestId('held-8100000042')).toBeVisible()
})

test('a bulk file of 100 rows with bad rows: checked, one call per employee, a result per row, failures exported', async ({ app, page }, info) => {
  const people = ['zhangsan', 'lisi', 'wangwu']
  const free = (await invoke<{ numbers: { assetNum: string }[] }>(app, 'holdings.free', { search: '', limit: 90 })).numbers.map((n) => n.assetNum)
  expect(free.length).toBeGreaterThanOrEqual(60)
  const lines = ['account,asset number,action']
  for (let i = 0; i < 60; i++) lines.push(`${people[i % 3]},${free[i]},assign`)
  // 40 bad rows: unknown people, unknown numbers, a borrowed lock, held by someone else, a bad action, repeats.
  for (let i = 0; i < 10; i++) lines.push(`ghost${i},${free[60 + (i % 5)]},assign`)
  for (let i = 0; i < 10; i++) lines.push(`lisi,819999${String(i).padStart(4, '0')},assign`)
  for (let i = 0; i < 5; i++) lines.push(`wangwu,810000005${1 + (i % 4)},assign`)
  for (let i = 0; i < 5; i++) lines.push(`wangwu,8100000041,assign`)
  for (let i = 0; i < 5; i++) lines.push(`zhangsan,${free[i * 3]},lend`)
  for (let i = 0; i < 5; i++) lines.push(`zhangsan,${free[i * 3]},assign`)
  expect(lines.length).toBe(101)
  mkdirSync(info.outputDir, { recursive: true })
  const file = join(info.outputDir, 'assign.csv')
  writeFileSync(file, lines.join('\n'))

  await app.open(page)
  await page.goto(`${app.origin}/#/members/assign`)
  await page.getByTestId('bulk-file').setInputFiles(file)
  await expect(page.getByTestId('bulk-row-count')).toHaveText('100 row(s)')
  await page.getByTestId('bulk-check').click()
  await expect(page.getByTestId('bulk-check-summary')).toContainText('60 row(s) to send, in 3 call(s)')
  await expect(page.getByTestId('bulk-check-summary')).toContainText('40 not sent')
  await page.getByTestId('bulk-check-filter-notSent').click()
  await expect(page.getByTestId('bulk-check-step')).toContainText('The enterprise has no employee “ghost0”')
  await page.getByTestId('bulk-send').click()

  const results = page.getByTestId('bulk-results')
  await expect(page.getByTestId('bulk-results-filter-done')).toContainText('Done (60)', { timeout: 30_000 })
  await expect(page.getByTestId('bulk-results-filter-notSent')).toContainText('Not sent (40)')
  await page.getByTestId('bulk-results-filter-problems').click()
  await expect(results).toContainText('The enterprise has no employee “ghost0”')
  await expect(page.getByTestId('bulk-retry')).toHaveText('Retry 0 row(s)')
  const done = await held(app, 'M000000000000003')
  expect(done).toEqual(expect.arrayContaining([free[2], free[5], free[59]]))

  // The rows that did not go, as CSV: one per bad row, with the reason.
  await page.getByTestId('bulk-export').click()
  const download = page.waitForEvent('download')
  await page.getByTestId('bulk-export-failed-csv').click()
  const saved = join(info.outputDir, 'failures.csv')
  await (await download).saveAs(saved)
  const csv = readFileSync(saved, 'utf8').trim().split(/\r?\n/)
  expect(csv).toHaveLength(41)
  expect(csv[0]).toContain('Line')
  expect(csv.some((l) => l.includes('ghost3') && l.includes('Not sent'))).toBe(true)
  expect(csv.filter((l) => l.includes('8100000041 is held by 张三 (zhangsan)'))).toHaveLength(1)
  expect(csv.filter((l) => l.includes('Repeats line'))).toHaveLength(9)
  expect(csv.filter((l) => l.includes('is a borrowed lock'))).toHaveLength(5)

  // A reload shows the same results (the work is kept in the draft store).
  await page.reload()
  await expect(page.getByTestId('bulk-results-filter-done')).toContainText('Done (60)')
})

test.describe('a table of several windows (500 numbers: the page holds the rows near the view only)', () => {
  test.use({ appEnv: { LICENSE_DESK_SANDBOX_SCALE: '5' } })

  interface Table {
    count: number
    assetNum: string[]
    holder: number[]
  }

  test('scrolled to the end shows the last rows; a filter and a sort give their rows from the core; a far row opens', async ({ app, page }) => {
    const t = await invoke<Table>(app, 'holdings.numbers', {})
    expect(t.count).toBeGreaterThan(400)
    await app.open(page)
    await page.goto(`${app.origin}/#/members/numbers`)
    const count = page.getByTestId('numbers-count')
    const table = page.getByTestId('numbers-table')
    await expect(count).toHaveAttribute('data-total', String(t.count))
    await expect(table.locator('[aria-rowindex="2"]')).toContainText(t.assetNum[0]!)
    const toEnd = () => table.locator('[role="grid"]').evaluate((el) => el.scrollTo(0, el.scrollHeight))
    const lastRow = (n: number) => table.locator(`[aria-rowindex="${n + 1}"]`)

    await toEnd()
    await expect(lastRow(t.count)).toContainText(t.assetNum[t.count - 1]!)

    // Free numbers only: the core's count, and the last free number at the end.
    const free = t.assetNum.filter((_, i) => t.holder[i]! < 0)
    await page.getByTestId('numbers-state-free').click()
    await expect(count).toHaveAttribute('data-visible', String(free.length))
    await expect(table.locator('[aria-rowindex="2"]')).toContainText(free[0]!)
    await toEnd()
    await expect(lastRow(free.length)).toContainText(free[free.length - 1]!)

    // Sorted by number, descending: the smallest free number last; a click on it offers to give it.
    await table.getByRole('button', { name: 'Asset number' }).click()
    await table.getByRole('button', { name: 'Asset number' }).click()
    const sorted = [...free].sort().reverse()
    await expect(table.locator('[aria-rowindex="2"]')).toContainText(sorted[0]!)
    await toEnd()
    await expect(lastRow(sorted.length)).toContainText(sorted[sorted.length - 1]!)
    await lastRow(sorted.length).getByText(sorted[sorted.length - 1]!).click()
    await expect(page.getByRole('dialog')).toContainText(sorted[sorted.length - 1]!)
  })
})
