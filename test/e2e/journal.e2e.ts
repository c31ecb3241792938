/**
 * The Journal screen in real Chromium through browser mode: writes made through the app (a lock run, asset
 * numbers) listed newest first, filtered by operation, outcome and text, the detail drawer (request without
 * secrets, g_nonce, times, outcome), and export as CSV and JSON.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { test, expect, invoke as api, chooseLanguage } from './fixtures'
import { expectNoSeriousA11y } from './fixtures/a11y'

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  await page.keyboard.press('Escape')
}

test('lists, filters, details and exports what the app sent', async ({ app, page }) => {
  await app.open(page)
  await page.getByTestId('nav-journal').click()
  await expect(page.getByTestId('journal-empty')).toBeVisible()

  // Writes through the app: 3 asset numbers, and a lock run of 2 locks (one refused by the sandbox's magic lock).
  const shell = await api<{ numbers: string[] }>(app, 'shellnums.issue', { size: 3 })
  expect(shell.numbers).toHaveLength(3)
  const job = await api<{ id: string }>(app, 'bulk.start', { kind: 'locks.disable', items: ['8100000002', '8000000003'] })
  await expect.poll(async () => (await api<{ job: { status: string } }>(app, 'bulk.get', { id: job.id, limit: 1 })).job.status).toBe('completed')

  await page.getByTestId('journal-refresh').click()
  await expect(page.getByTestId('journal-total')).toHaveText('2 entries')
  await expect(page.getByTestId('journal-row-operation')).toHaveText(['Disable locks', 'Get asset numbers'])
  await expect(page.getByTestId('journal-row-outcome')).toHaveText(['Succeeded', 'Succeeded'])

  await pick(page, 'journal-operation', 'Get asset numbers')
  await expect(page.getByTestId('journal-row-operation')).toHaveText(['Get asset numbers'])
  await pick(page, 'journal-outcome', 'Unknown')
  await expect(page.getByTestId('journal-empty')).toContainText('No entry matches')
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page.getByTestId('journal-total')).toHaveText('2 entries')
  await page.getByTestId('journal-search').fill('8000000003')
  await expect(page.getByTestId('journal-row-operation')).toHaveText(['Disable locks'])

  await page.getByTestId('journal-row-operation').first().click()
  const drawer = page.getByTestId('journal-drawer')
  await expect(drawer).toContainText('POST /order/api/order/v1/asset/lock')
  await expect(drawer.getByTestId('journal-nonce')).toHaveText(/\S{8,}/)
  await expect(drawer.getByTestId('journal-body')).toContainText('"operatorIdentity": "demoadmin"')
  await expect(drawer.getByTestId('journal-body')).toContainText('8000000003')
  await expect(drawer.getByTestId('journal-summary')).toHaveText('2 locks: 1 disabled, 1 failed')
  await page.keyboard.press('Escape')

  // Every asset number issued is in its entry: found by the number, shown in the drawer.
  await page.getByTestId('journal-search').fill(shell.numbers[1]!)
  await expect(page.getByTestId('journal-row-operation')).toHaveText(['Get asset numbers'])
  await expect(page.getByTestId('journal-row-summary')).toHaveText(['3 asset numbers issued'])
  await page.getByTestId('journal-row-operation').first().click()
  await expect(drawer.getByTestId('journal-shell-numbers')).toHaveText(shell.numbers.join('\n'))
  await page.keyboard.press('Escape')
  // A search is at most 200 characters: the field stops there and says so (never a raw validation text), and a
  // longer paste is refused at the field.
  await page.getByTestId('journal-search').fill('8'.repeat(250))
  await expect(page.getByTestId('journal-search')).toHaveValue('8'.repeat(200))
  await expect(page.getByTestId('journal-search-limit')).toHaveText('At most 200 characters.')
  await expect(page.getByTestId('journal-view')).not.toContainText('Too big')
  await page.getByTestId('journal-search').fill('')
  await expect(page.getByTestId('journal-search-limit')).toHaveCount(0)

  const csvDownload = page.waitForEvent('download')
  await page.getByTestId('journal-export').click()
  await page.getByTestId('journal-export-csv').click()
  const csv = await readFile((await (await csvDownload).path())!, 'utf8')
  expect(csv).toContain('lockAssets')
  expect(csv).toContain('getShellNums')
  for (const n of shell.numbers) expect(csv).toContain(n)
  expect(csv).not.toMatch(/demo-order-secret|Demo@12345/)

  const jsonDownload = page.waitForEvent('download')
  await page.getByTestId('journal-export').click()
  await page.getByTestId('journal-export-json').click()
  const json = JSON.parse(await readFile((await (await jsonDownload).path())!, 'utf8')) as { operation: string; shellNumbers?: string[] }[]
  expect(json.find((e) => e.operation === 'getShellNums')?.shellNumbers).toEqual(shell.numbers)

  // The results in the user's language: the same entries in Chinese.
  await chooseLanguage(page, 'zh-CN')
  await page.getByTestId('nav-journal').click()
  await expect(page.getByTestId('journal-row-summary')).toHaveText(['2 个锁：1 个已禁用，1 个操作失败', '已发放 3 个资产编号'])
})

test('a bulk run of several calls is one row that opens to list its calls', async ({ app, page }) => {
  // Two locks a call: a run of 5 locks is 3 calls, listed as one run (none of these locks exists in the sandbox).
  await api(app, 'settings.update', { bulk: { lockChunkSize: 2 } })
  const items = ['8199000001', '8199000002', '8199000003', '8199000004', '8199000005']
  const job = await api<{ id: string }>(app, 'bulk.start', { kind: 'locks.disable', items })
  await expect.poll(async () => (await api<{ job: { status: string } }>(app, 'bulk.get', { id: job.id, limit: 1 })).job.status).toBe('completed')
  await api(app, 'shellnums.issue', { size: 1 })

  await app.open(page)
  await page.getByTestId('nav-journal').click()
  await expect(page.getByTestId('journal-total')).toHaveText('2 entries')
  await expect(page.getByTestId('journal-run-operation')).toHaveText(['Disable locks'])
  await expect(page.getByTestId('journal-run-calls')).toHaveText(['bulk run, 3 calls'])
  await expect(page.getByTestId('journal-run-outcome')).toHaveText(['Succeeded'])
  await expect(page.getByTestId('journal-run-summary')).toHaveText(['5 locks: 5 do not exist'])
  await expect(page.getByTestId('journal-row-operation')).toHaveText(['Get asset numbers'])
  await expect(page.getByTestId('journal-call-operation')).toHaveCount(0)

  const toggle = page.getByTestId('journal-run-toggle')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByTestId('journal-call-operation')).toHaveCount(3)
  await expectNoSeriousA11y(page, 'journal with a run opened')
  // The calls may go at once, so their order among themselves is not fixed.
  await expect(page.getByTestId('journal-call-operation')).toHaveCount(3)
  expect((await page.getByTestId('journal-call-operation').allTextContents()).sort()).toEqual(['Disable locks · part 1', 'Disable locks · part 2', 'Disable locks · part 3'])
  expect((await page.getByTestId('journal-call-summary').allTextContents()).sort()).toEqual(['1 lock: 1 does not exist', '2 locks: 2 do not exist', '2 locks: 2 do not exist'])
  await page.getByTestId('journal-call-operation').filter({ hasText: 'part 1' }).click()
  const drawer = page.getByTestId('journal-drawer')
  await expect(drawer.getByTestId('journal-body')).toContainText('8199000001')
  await page.keyboard.press('Escape')
  await toggle.click()
  await expect(page.getByTestId('journal-call-operation')).toHaveCount(0)

  await chooseLanguage(page, 'zh-CN')
  await page.getByTestId('nav-journal').click()
  await expect(page.getByTestId('journal-run-calls')).toHaveText(['批量任务，共 3 次调用'])
  await expect(page.getByTestId('journal-run-summary')).toHaveText(['5 个锁：5 个不存在'])
})
