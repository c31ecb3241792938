/**
 * Asset lookup in real Chromium through browser mode against the sandbox's demo data (docs/sandbox.md): a cloud
 * account held by 张三 with its products and package tree, a disabled lock, a lent lock, a number nobody knows;
 * an asset of another enterprise opened from the Assets drawer (found there; what the connection's login cannot
 * see said in words); and the same screen in Chinese.
 */
import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'

async function lookUp(page: Page, num: string): Promise<void> {
  await page.getByTestId('lookup-input').fill(num)
  await page.getByTestId('lookup-go').click()
}

test('looks up an asset: type, lock state, holder, products and packages, lending', async ({ app, page }) => {
  await app.open(page)
  await page.getByTestId('nav-assets').click()
  await page.getByRole('tab', { name: 'Lookup' }).click()
  await expect(page.getByTestId('lookup-view')).toContainText('Type an asset number')

  await lookUp(page, '8100000041')
  const result = page.getByTestId('lookup-result')
  await expect(result).toBeVisible()
  await expect(page.getByTestId('lookup-type')).toHaveText('Cloud account')
  await expect(page.getByTestId('lookup-type-text')).toHaveText('Cloud account (cloud_account)')
  await expect(page.getByTestId('lookup-locked-text')).toHaveText('No')
  await expect(page.getByTestId('lookup-holder')).toContainText('张三 (zhangsan)')
  await expect(page.getByTestId('lookup-holder')).toContainText('M000000000000001')
  await expect(page.getByTestId('lookup-lent')).toHaveText('No')
  const products = page.getByTestId('lookup-products')
  await expect(products.getByTestId('lookup-package').first()).toContainText('Cost Suite')
  await expect(products.getByTestId('lookup-package').nth(1)).toContainText('Basic Pack')
  await expect(products.getByTestId('lookup-product')).toHaveCount(4)
  await expect(page).toHaveURL(/#\/assets\/lookup\?num=8100000041$/)

  // Read as the Locks screen reads a number: full-width digits folded, spaces and quotes around dropped.
  await lookUp(page, '  ８１００００００１３ ')
  await expect(page.getByTestId('lookup-input')).toHaveValue('8100000013')
  await expect(page).toHaveURL(/#\/assets\/lookup\?num=8100000013$/)
  await expect(page.getByTestId('lookup-type')).toHaveText('Stand-alone lock, refillable')
  // What cannot be an asset number is said at the field, in words, and nothing is sent.
  await lookUp(page, '8100 000013')
  await expect(page.getByTestId('lookup-view')).toContainText('An asset number has no spaces inside: type one number.')
  await lookUp(page, 'x'.repeat(65))
  await expect(page.getByTestId('lookup-view')).toContainText('An asset number has at most 64 characters.')
  await expect(page.getByTestId('lookup-view')).not.toContainText('Too big')
  await expect(page).toHaveURL(/#\/assets\/lookup\?num=8100000013$/)

  // A disabled lock (the demo's 8100000013) and a lent lock (8100000055, lent to 李四).
  await lookUp(page, '8100000013')
  await expect(page.getByTestId('lookup-type')).toHaveText('Stand-alone lock, refillable')
  await expect(page.getByTestId('lookup-locked-text')).toHaveText('Yes: locked (disabled)')
  await expect(page.getByTestId('lookup-holder')).toHaveText('Not assigned to an employee')

  await lookUp(page, '8100000055')
  await expect(page.getByTestId('lookup-lent')).toHaveText('This is a lent lock, lent to 李四 (lisi)')

  // Nobody has this number.
  await lookUp(page, '8199999999')
  await expect(page.getByTestId('lookup-not-found')).toContainText('No asset 8199999999')
  await expect(page.getByTestId('lookup-result')).toHaveCount(0)
})

test("the Assets drawer looks up an asset of another enterprise there, and says what the connection's login cannot see", async ({ app, page }) => {
  await app.open(page)
  await page.getByTestId('nav-assets').click()
  // The second enterprise's assets (docs/sandbox.md): the connection's login, demoadmin, belongs to the first.
  const picker = page.getByTestId('assets-enterprise')
  await picker.fill('E000000000000002')
  await picker.press('Escape')
  await picker.press('Enter')
  await expect(page.getByTestId('assets-loaded')).toContainText('E000000000000002')
  await page.getByTestId('assets-search').fill('8100000106')
  await expect(page.getByTestId('assets-count')).toHaveAttribute('data-visible', '1')
  await page.locator('[data-testid="assets-table"] [role="row"][aria-rowindex="2"]').click()
  await page.getByTestId('asset-drawer').getByTestId('asset-drawer-lookup').click()

  await expect(page).toHaveURL(/#\/assets\/lookup\?num=8100000106&enterprise=E000000000000002$/)
  await expect(page.getByTestId('lookup-result')).toContainText('8100000106')
  await expect(page.getByTestId('lookup-type')).toHaveText('Cloud account')
  await expect(page.getByTestId('lookup-not-found')).toHaveCount(0)
  await expect(page.getByTestId('lookup-enterprise')).toHaveValue('E000000000000002')
  const failed = page.getByTestId('lookup-source-failed')
  await expect(failed.first()).toContainText("The connection's employee login demoadmin belongs to enterprise E000000000000001")
  await expect(page.getByTestId('lookup-view')).not.toContainText('token')
  await expect(page.getByTestId('lookup-view')).not.toContainText('Asset number not found')
})

test.describe('in Chinese', () => {
  test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })

  test('shows the lookup in Chinese', async ({ app, page }) => {
    await app.open(page)
    await page.goto(`${app.origin}/#/assets/lookup?num=8100000041`)
    await expect(page.getByTestId('lookup-type')).toHaveText('云账号')
    await expect(page.getByTestId('lookup-locked-text')).toHaveText('否')
    await expect(page.getByTestId('lookup-holder')).toContainText('张三 (zhangsan)')
    await expect(page.getByTestId('lookup-products')).toContainText('产品和商品包')
  })

  test('another enterprise, as the Assets drawer opens it: the asset found, and what the login cannot see in words', async ({ app, page }) => {
    await app.open(page)
    await page.goto(`${app.origin}/#/assets/lookup?num=8100000106&enterprise=E000000000000002`)
    await expect(page.getByTestId('lookup-type')).toHaveText('云账号')
    await expect(page.getByTestId('lookup-source-failed').first()).toContainText('该连接的员工账号 demoadmin 属于企业 E000000000000001')
    await expect(page.getByTestId('lookup-view')).not.toContainText('令牌')
  })
})
