/**
 * Asset numbers in real Chromium through browser mode: issue numbers (order operation 9) from the sandbox, see
 * their region, find them again after a restart, export them, and find the request in the journal.
 */
import { readFile } from 'node:fs/promises'
import { test, expect } from './fixtures'

test('issues asset numbers, keeps them across a restart, exports them, and journals the request', async ({ app, page }) => {
  await app.open(page)
  await page.getByTestId('nav-assets').click()
  await page.getByRole('tab', { name: 'Asset numbers' }).click()
  await expect(page.getByTestId('shellnums-empty')).toBeVisible()

  await page.getByTestId('shellnums-size').locator('input').fill('5')
  await page.getByTestId('shellnums-issue').click()
  await page.getByRole('button', { name: 'Get 5 numbers' }).click()
  const batch = page.getByTestId('shellnums-batch')
  await expect(batch).toContainText('5 numbers, issued')
  // The sandbox's counter starts at 8200000001; region 8 is domestic.
  await expect(batch.locator('.el-table-v2__row')).toHaveCount(5)
  await expect(batch.locator('.el-table-v2__row').first()).toContainText('8200000001')
  await expect(batch.locator('.el-table-v2__row').first()).toContainText('Domestic (8)')

  // Above the setting's limit, the form says so and nothing is sent.
  await page.getByTestId('shellnums-size').locator('input').fill('1001')
  await page.getByTestId('shellnums-size').locator('input').blur()
  await expect(page.getByTestId('shellnums-size').locator('input')).toHaveValue('1000')

  await app.restart()
  await app.open(page)
  await page.goto(`${app.origin}/#/assets/numbers`)
  await expect(page.getByTestId('shellnums-batches')).toContainText('5 numbers')
  await expect(page.getByTestId('shellnums-batch').locator('.el-table-v2__row').nth(4)).toContainText('8200000005')

  const download = page.waitForEvent('download')
  await page.getByTestId('shellnums-export-csv').click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^asset-numbers-\d{12}\.csv$/)
  const csv = await readFile((await file.path())!, 'utf8')
  expect(csv.split('\r\n').slice(0, 3)).toEqual(['\uFEFF#,Asset number,Region,Issued at,Connection', expect.stringMatching(/^1,8200000001,Domestic \(8\),.+,Sandbox$/), expect.stringMatching(/^2,8200000002,/)])

  await page.getByTestId('nav-journal').click()
  await expect(page.getByTestId('journal-row-operation').first()).toHaveText('Get asset numbers')
  await expect(page.getByTestId('journal-row-outcome').first()).toHaveText('Succeeded')
})
