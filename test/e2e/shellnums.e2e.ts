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

  await page.getByTestId('shellnums-size').fill('5')
  await expect(page.getByTestId('shellnums-issue')).toHaveText('Get 5 asset numbers')
  await page.getByTestId('shellnums-issue').click()
  await page.getByRole('button', { name: 'Get 5 numbers' }).click()
  const batch = page.getByTestId('shellnums-batch')
  await expect(batch).toContainText('5 numbers, issued')
  // The sandbox's counter starts at 8200000001; region 8 is domestic.
  await expect(batch.locator('.el-table-v2__row')).toHaveCount(5)
  await expect(batch.locator('.el-table-v2__row').first()).toContainText('8200000001')
  await expect(batch.locator('.el-table-v2__row').first()).toContainText('Domestic (8)')

  // Above the setting's limit, the field says so, keeps the number as typed, and nothing can be sent; the same
  // for an empty field, 0, a negative and a fraction (never rounded or clamped behind the user's back).
  const size = page.getByTestId('shellnums-size')
  const field = page.locator('.el-form-item', { has: size })
  await size.fill('100001')
  await expect(size).toHaveValue('100001')
  await expect(field).toContainText('At most 1,000 per request')
  await expect(page.getByTestId('shellnums-issue')).toBeDisabled()
  await expect(page.getByTestId('shellnums-issue')).toHaveText('Get asset numbers')
  for (const typed of ['0', '-5', '1.5']) {
    await size.fill(typed)
    await expect(size).toHaveValue(typed)
    await expect(field).toContainText('Enter a whole number from 1 to 1,000.')
    await expect(page.getByTestId('shellnums-issue')).toBeDisabled()
  }
  await size.fill('')
  await expect(field).toContainText('Enter how many numbers to get (1 to 1,000).')
  await expect(page.getByTestId('shellnums-issue')).toHaveText('Get asset numbers')
  await size.fill('1')
  await expect(page.getByTestId('shellnums-issue')).toHaveText('Get 1 asset number')

  await app.restart()
  await app.open(page)
  await page.goto(`${app.origin}/#/assets/numbers`)
  await expect(page.getByTestId('shellnums-batches')).toContainText('5 numbers')
  await expect(page.getByTestId('shellnums-batch').locator('.el-table-v2__row').nth(4)).toContainText('8200000005')

  const download = page.waitForEvent('download')
  await page.getByTestId('shellnums-export-csv').click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^asset-numbers-\d{8}-\d{4}\.csv$/)
  const csv = await readFile((await file.path())!, 'utf8')
  expect(csv.split('\r\n').slice(0, 3)).toEqual(['\uFEFF#,Asset number,Region,Issued at,Connection', expect.stringMatching(/^1,8200000001,Domestic \(8\),.+,Sandbox$/), expect.stringMatching(/^2,8200000002,/)])

  await page.getByTestId('nav-journal').click()
  await expect(page.getByTestId('journal-row-operation').first()).toHaveText('Get asset numbers')
  await expect(page.getByTestId('journal-row-outcome').first()).toHaveText('Succeeded')
})
