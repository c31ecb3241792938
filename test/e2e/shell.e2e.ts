/**
 * The shell in real Chromium through browser mode: navigation to every area (Orders first), the language switch
 * (our texts, Element Plus's own texts and <html lang>, kept across a restart), the system language, the page
 * without a valid access key, the banner when the core goes away, and the banner without a system keychain.
 */
import { BUILT_AREAS } from '../../src/renderer/router/area-names'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { test, expect, draftText, chooseLanguage } from './fixtures'
import { BROWSER_ENTRY } from './fixtures/app-process'

test('every area is reachable from the navigation, none says "coming soon"; a new user lands on Orders', async ({ app, page }) => {
  await app.open(page)
  await expect(page.getByTestId('orders-view')).toBeVisible()
  await expect(page).toHaveURL(/#\/orders/)
  for (const area of BUILT_AREAS) {
    await page.getByTestId(`nav-${area}`).click()
    await expect(page.getByTestId(`${area}-view`)).toBeVisible()
    await expect(page.getByText('Coming soon')).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`#/${area}`))
  }
})

test('the navigation collapses to icons and stays so after a reload', async ({ app, page }) => {
  await app.open(page)
  await page.getByRole('button', { name: 'Collapse navigation' }).click()
  await expect(page.locator('.el-menu--collapse')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Expand navigation' })).toBeVisible()
  await expect(page.locator('.el-menu--collapse')).toBeVisible()
})

test('the profile switcher loads after the first paint: meanwhile a box of its size names the profile, and the select takes its place', async ({ app, page }) => {
  // The switcher's chunk is held until the placeholder has been looked at.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/ProfileSwitcher-[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await app.open(page)
  const loading = page.getByTestId('profile-switcher-loading')
  await expect(loading).toHaveText('Sandbox')
  await expect(page.getByTestId('profile-switcher')).toHaveCount(0)
  const box = await loading.boundingBox()
  release()
  const switcher = page.locator('.profile-switcher')
  await expect(switcher).toBeVisible()
  await expect(loading).toHaveCount(0)
  await expect(switcher).toContainText('Sandbox')
  // The select takes the placeholder's place exactly (the header's other items keep theirs).
  expect(await switcher.boundingBox()).toEqual(box)
})

test('switching to 中文 changes the shell and Element Plus at once, and survives a restart', async ({ app, page }) => {
  await app.open(page)
  await expect(page.getByTestId('nav-orders')).toHaveText('Orders')
  await chooseLanguage(page, 'zh-CN')

  await expect(page.getByTestId('nav-orders')).toHaveText('订单')
  await expect(page.getByTestId('nav-settings')).toHaveText('设置')
  await expect(page.getByTestId('sandbox-indicator')).toContainText('沙箱：练习数据')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')

  // Element Plus's own texts come from its locale: the dialog's close button.
  await page.getByRole('tab', { name: '连接' }).click()
  await page.getByTestId('profile-add').click()
  const dialog = page.getByTestId('profile-dialog')
  await expect(dialog.getByRole('button', { name: '关闭此对话框' })).toBeVisible()
  await expect(dialog.getByLabel('服务地址')).toBeVisible()
  await dialog.getByRole('button', { name: '关闭此对话框' }).click()
  await expect(dialog).toBeHidden()

  await app.restart()
  await app.open(page)
  await expect(page.getByTestId('nav-orders')).toHaveText('订单')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await expect(page.getByTestId('orders-view')).toContainText('订单')
  await expect(page.getByText('即将推出')).toHaveCount(0)

  await chooseLanguage(page, 'en')
  await expect(page.getByTestId('nav-orders')).toHaveText('Orders')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test.describe('with a Chinese system language', () => {
  test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })

  test('"follow the system" shows Chinese until English is chosen', async ({ app, page }) => {
    await app.open(page)
    await expect(page.getByTestId('nav-orders')).toHaveText('订单')
    await page.getByTestId('nav-settings').click()
    await expect(page.getByTestId('language-system')).toContainText('简体中文')
    await page.getByTestId('language-en').click()
    await expect(page.getByTestId('nav-orders')).toHaveText('Orders')
  })
})

test('a page without a valid access key explains how to get in, and never shows the app', async ({ app, browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${app.origin}/`)
  await expect(page.getByRole('heading', { name: 'This page is not connected to License Desk' })).toBeVisible()
  await expect(page.getByText('Find the address License Desk printed when it started')).toBeVisible()
  await expect(page.getByTestId('nav-orders')).toHaveCount(0)
  // The address pasted into this same tab (only the hash changes: the page is not loaded again) connects it.
  await page.goto(app.url)
  await expect(page.getByTestId('nav-orders')).toBeVisible()
  await expect(page).not.toHaveURL(/token=/)

  // A wrong token given to the tab replaces the good one (the tab starts again with it) and is refused.
  await page.goto(`${app.origin}/#token=not-the-token`)
  await expect(page.getByRole('heading', { name: 'This page is not connected to License Desk' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'This page is not connected to License Desk' })).toBeVisible()
  await context.close()
})

test('after a restart the open tab says, in the chosen language, how to reconnect, and the new address reconnects it', async ({ app, page }) => {
  await app.open(page)
  await chooseLanguage(page, 'zh-CN')
  await expect(page.getByTestId('nav-orders')).toHaveText('订单')

  // The app restarts on the same port (same page origin): the tab's kept access key is no longer valid.
  await app.restart({ samePort: true })
  await page.reload()
  const gate = page.getByTestId('unauthorized')
  await expect(gate.getByRole('heading', { name: '此页面未连接到 License Desk' })).toBeVisible()
  await expect(gate).toContainText('粘贴到此标签页的地址栏')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')

  // The newly printed address pasted into this tab (a hash change only) connects it, without a new tab.
  await page.goto(app.url)
  await expect(page.getByTestId('nav-orders')).toHaveText('订单')
  await expect(gate).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('nav-orders')).toHaveText('订单')
})

test('when the core stops, the banner says how to reconnect this tab; what is typed meanwhile is kept when it does', async ({ app, page }) => {
  await app.open(page)
  await page.getByTestId('nav-locks').click()
  await page.getByTestId('locks-text').fill('8100000002')
  await expect(page.getByTestId('core-down-banner')).toHaveCount(0)
  const banner = page.getByTestId('core-down-banner')
  await app.stop()
  await expect(banner).toContainText("License Desk's core is not running", { timeout: 30_000 })
  await expect(banner).toContainText("paste the address it prints into this tab's address bar")
  await expect(banner).not.toContainText('reload this page')

  // Typed while nothing answers: it cannot be saved in the core.
  await page.getByTestId('locks-text').fill('8100000002\n8100000003')
  await page.getByTestId('locks-operator').fill('typed@while.down')
  // Started again, browser mode comes back on its port (the tab's origin), so the new address reconnects this tab.
  const port = app.port
  await app.restart()
  expect(app.port).toBe(port)
  await page.goto(app.url)
  await expect(page.getByTestId('nav-orders')).toBeVisible()
  await expect(banner).toHaveCount(0)
  await page.getByTestId('nav-locks').click()
  await expect(page.getByTestId('locks-text')).toHaveValue('8100000002\n8100000003')
  await expect(page.getByTestId('locks-operator')).toHaveValue('typed@while.down')
  // And it reaches the core: a later start shows it too.
  await expect.poll(() => draftText(app, 'locks')).toContain('typed@while.down')

  // In Chinese too.
  await chooseLanguage(page, 'zh-CN')
  await expect(page.getByTestId('nav-orders')).toHaveText('订单')
  await app.stop()
  await expect(banner).toContainText('License Desk 核心未在运行', { timeout: 30_000 })
  await expect(banner).toContainText('将其输出的地址粘贴到此标签页的地址栏')
})

test.describe('without a system keychain', () => {
  test.use({ appEnv: { DBUS_SESSION_BUS_ADDRESS: '' } })

  test('a banner says secrets are kept for this session only', async ({ app, page }) => {
    await app.open(page)
    await expect(page.getByTestId('keychain-banner')).toContainText('No system keychain: secrets are kept for this session only.')
    // Whole, with its second line (the page below shrinks, not the banner: it was cut in half once).
    await page.getByTestId('nav-orders').click()
    await expect(page.getByTestId('keychain-banner')).toContainText('Install or unlock a Secret Service keyring')
    // A tall page (an order being typed) is what squeezed it.
    await page.getByTestId('order-new').click()
    await expect(page.getByTestId('order-wizard')).toBeVisible()
    // The banner's box holds its text: the detail's last line ends inside it.
    const cut = await page.getByTestId('keychain-banner').evaluate((el) => {
      const detail = el.querySelector('.el-alert__description')!.getBoundingClientRect()
      return detail.bottom - el.getBoundingClientRect().bottom
    })
    expect(cut).toBeLessThanOrEqual(0)
    await page.getByTestId('nav-settings').click()
    await expect(page.getByText(/Memory only, for this session/)).toBeVisible()
  })
})

test('with the system keychain there is no keychain banner', async ({ app, page }) => {
  await app.open(page)
  await expect(page.getByTestId('nav-orders')).toBeVisible()
  await expect(page.getByTestId('keychain-banner')).toHaveCount(0)
})

test('a second browser mode on the same data folder names the first, where it answers, and exits', async ({ app }) => {
  const second = spawn(process.execPath, [BROWSER_ENTRY, '--data-dir', app.dataDir], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  second.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  second.stderr.setEncoding('utf8').on('data', (s: string) => (out += s))
  const [code] = (await once(second, 'exit')) as [number | null]
  expect(code).toBe(1)
  const pid = /process (\d+) \(browser mode/.exec(out)?.[1]
  expect(out).toBe(`License Desk is already running on ${app.dataDir}: process ${pid} (browser mode, ${app.origin}/): open ${app.url}\n`)
  // The first goes on answering.
  expect((await fetch(`${app.origin}/`)).status).toBe(200)
})
