/**
 * Offboarding in real Chromium through browser mode against the sandbox's demo enterprise: three people (one
 * picked, two pasted by name and account) checked (numbers with products, lisi's lent lock), confirmed with the
 * count, run (numbers withdrawn, then the accounts deleted), and the reclaim report: the seven numbers free again,
 * the Excel file, the link that hands them to the planner. Once in Chinese, keeping the accounts.
 */
import type { Page } from '@playwright/test'
import { test, expect, invoke, type AppProcess } from './fixtures'

const FREED = ['8100000001', '8100000041', '8100000042', '8100000043', '8100000044', '8100000045', '8000033006']

async function freeNow(app: AppProcess): Promise<string[]> {
  const free = await invoke<{ numbers: { assetNum: string }[] }>(app, 'holdings.free', { search: '', limit: 500 })
  return free.numbers.map((n) => n.assetNum)
}

/** The plan of zhangsan (picked), 李四 and wangwu (pasted). */
async function checkThree(page: Page, app: AppProcess): Promise<void> {
  await page.goto(`${app.origin}/#/members/offboard`)
  await expect(page.getByTestId('offboard-view')).toBeVisible()
  // The picker lists what the service finds as the account is typed: picked again until the person shows.
  await expect(async () => {
    await page.getByTestId('offboard-picker').click()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('zhangsan')
    await page.locator('.el-select-dropdown__item:visible', { hasText: 'zhangsan' }).first().click({ timeout: 5_000 })
    await expect(page.getByTestId('offboard-picked')).toContainText('zhangsan', { timeout: 5_000 })
  }).toPass({ timeout: 30_000 })
  await page.getByTestId('offboard-paste').fill('李四\nwangwu\nnobody-here')
}

test('offboards three people of the demo enterprise and frees their numbers', async ({ app, page }) => {
  await app.open(page)
  await checkThree(page, app)
  await page.getByTestId('offboard-then-delete').click()
  await page.getByTestId('offboard-check').click()

  await expect(page.getByTestId('offboard-counts')).toHaveText('3 people, 7 numbers to withdraw, 1 lent locks holding their entitlements')
  await expect(page.getByTestId('offboard-problems')).toContainText('Line 3: “nobody-here” names no employee.')
  const plan = page.getByTestId('offboard-plan')
  await expect(plan.getByTestId('offboard-number')).toHaveCount(7)
  await expect(plan.getByTestId('offboard-lock')).toContainText('8100000055')
  await expect(plan).toContainText('Withdraw numbers → Delete account')

  await page.getByTestId('offboard-start').click()
  await page.locator('.el-message-box').getByRole('button', { name: 'Offboard 3 people' }).click()

  await expect(page.getByTestId('offboard-summary')).toHaveText('3 of 3 people done; 7 numbers free again; 0 lent locks to check.', { timeout: 60_000 })
  const freed = page.getByTestId('offboard-freed')
  for (const n of FREED) await expect(freed).toContainText(n)
  expect((await freeNow(app)).filter((n) => FREED.includes(n)).sort()).toEqual([...FREED].sort())

  const download = page.waitForEvent('download')
  await page.getByTestId('offboard-download').click()
  expect((await download).suggestedFilename()).toMatch(/^Offboarding reclaim report.*\.xlsx$/)

  // The freed numbers go to the planner in its query (the planner reads `free`); followed when the planner is there.
  const link = page.getByTestId('offboard-planner-link')
  const href = await link.getAttribute('data-href')
  expect(href).toMatch(/^\/members\/planner\?free=/)
  expect(decodeURIComponent(href!.split('free=')[1]!).split(',').sort()).toEqual([...FREED].sort())
  if (await link.isEnabled()) {
    await link.click()
    await expect(page).toHaveURL(/#\/members\/planner\?free=/)
  }
})

test.describe('in Chinese', () => {
  test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })

  test('offboards three people, keeping their accounts', async ({ app, page }) => {
    await app.open(page)
    await checkThree(page, app)
    await page.getByTestId('offboard-check').click()
    await expect(page.getByTestId('offboard-counts')).toHaveText('3 人，收回 7 个编号，1 个借用锁持有其授权')
    await expect(page.getByTestId('offboard-problems')).toContainText('第 3 行：“nobody-here” 找不到员工。')
    await expect(page.getByTestId('offboard-plan')).toContainText('收回编号')
    await page.getByTestId('offboard-start').click()
    await page.locator('.el-message-box').getByRole('button', { name: '为 3 人办理离职' }).click()
    await expect(page.getByTestId('offboard-summary')).toHaveText('3 人中 3 人完成；7 个编号已空闲；1 个借用锁需处理。', { timeout: 60_000 })
    // lisi keeps the account, and the lock lent to them still holds an entitlement: to check.
    await expect(page.getByTestId('offboard-attention')).toContainText('8100000055')
    expect((await freeNow(app)).filter((n) => FREED.includes(n)).sort()).toEqual([...FREED].sort())
  })
})
