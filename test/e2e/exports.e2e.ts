/**
 * Exports of lists in real Chromium through browser mode: the asset numbers as the screen filters them, made by
 * the core and fetched once; an export's progress and its Cancel, which saves nothing (English and Chinese).
 * LICENSE_DESK_EXPORT_HOLD_ROWS makes an export stop after 50 rows until cancelled: the demo enterprise holds
 * 100 numbers, so the cancel lands mid-file whatever the machine's speed, and a list of fewer rows runs through.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect, chooseLanguage } from './fixtures'

test.use({ appEnv: { LICENSE_DESK_EXPORT_HOLD_ROWS: '50' } })

async function openNumbers(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/#/members/numbers`)
  await expect(page.getByTestId('numbers-count')).toHaveAttribute('data-total', '100')
  // Holders named: the export names them as the screen does.
  await expect(page.getByTestId('numbers-table')).toContainText('张三 (zhangsan)')
}

const exportsLeft = (dataDir: string) => (existsSync(join(dataDir, 'exports')) ? readdirSync(join(dataDir, 'exports')) : [])

test('the numbers shown are exported by the core and fetched once; a cancelled export shows its progress and saves nothing', async ({ app, page }, info) => {
  await app.open(page)
  await openNumbers(page, app.origin)
  await page.getByTestId('numbers-search').fill('李四')
  await expect(page.getByTestId('numbers-count')).toHaveAttribute('data-visible', '3')

  await page.getByTestId('numbers-export').click()
  const download = page.waitForEvent('download')
  await page.getByTestId('numbers-export-csv').click()
  const saved = join(info.outputDir, 'numbers.csv')
  await (await download).saveAs(saved)
  const lines = readFileSync(saved, 'utf8').trim().split('\r\n')
  expect(lines).toHaveLength(4)
  expect(lines.slice(1).every((l) => l.includes(',李四,lisi,'))).toBe(true)
  await expect.poll(() => exportsLeft(app.dataDir)).toEqual([])

  // All 100: the export stops at 50 until the Cancel.
  let downloads = 0
  page.on('download', () => downloads++)
  await page.getByTestId('numbers-search').fill('')
  await page.getByTestId('numbers-export').click()
  await page.getByTestId('numbers-export-xlsx').click()
  const panel = page.getByTestId('export-progress')
  await expect(panel).toContainText('Exporting to Excel')
  await expect(panel.getByTestId('export-progress-text')).toHaveText('50 of 100 rows written')
  await panel.getByTestId('export-cancel').click()
  await expect(page.getByText('Export cancelled. No file was saved.')).toBeVisible()
  await expect(panel).toHaveCount(0)
  expect(exportsLeft(app.dataDir)).toEqual([])
  expect(downloads).toBe(0)
})

test('in Chinese: an export’s progress and its Cancel', async ({ app, page }) => {
  await app.open(page)
  await chooseLanguage(page, 'zh-CN')
  await openNumbers(page, app.origin)
  await page.getByTestId('numbers-export').click()
  await page.getByTestId('numbers-export-csv').click()
  const panel = page.getByTestId('export-progress')
  await expect(panel).toContainText('正在导出为 CSV')
  await expect(panel.getByTestId('export-progress-text')).toHaveText('已写入 50 / 100 行')
  await panel.getByTestId('export-cancel').click()
  await expect(page.getByText('导出已取消，未保存任何文件。')).toBeVisible()
  expect(exportsLeft(app.dataDir)).toEqual([])
})
