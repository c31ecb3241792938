/**
 * Browser mode's notification of a run that ended while the tab was not in front (src/renderer/api/run-notifications.ts):
 * with the permission given, a run ending behind another window is notified once, in the user's language; a run
 * ending while the tab is in front is not. The web Notification API is replaced by a recorder (headless Chromium
 * shows none), and whether the tab is in front is set by the test.
 */
import type { Page } from '@playwright/test'
import { test, expect, invoke as api, type AppHandle, chooseLanguage } from './fixtures'
import { refusedOrder } from './fixtures/refused-order'

declare global {
  interface Window {
    __notices: { title: string; body: string }[]
    __inFront: boolean
  }
}

/** Replaces the web Notification API with a recorder (headless Chromium shows none), permission given; the tab starts behind. */
async function recordNotices(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__notices = []
    window.__inFront = false
    class Recorder {
      static permission = 'granted'
      static requestPermission = () => Promise.resolve('granted')
      onclick: (() => void) | null = null
      constructor(title: string, options: { body: string }) {
        window.__notices.push({ title, body: options.body })
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorder, configurable: true })
    document.hasFocus = () => window.__inFront
  })
}

/**
 * Opens the app and waits until its event stream is open: an end the core announces before then reaches no page (a
 * busy machine can submit the order before the stream is connected). The core registers the stream before its
 * answer's headers leave, so the answer means no later event is missed.
 */
async function openWithEvents(app: AppHandle, page: Page): Promise<void> {
  const events = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200)
  await app.open(page)
  await events
}

test('a run that ends behind another window is notified; one that ends in front is not', async ({ app, page }) => {
  await recordNotices(page)
  await openWithEvents(app, page)
  await chooseLanguage(page, 'zh-CN')
  await expect(page.getByTestId('nav-drafts')).toContainText('草稿')

  const run = async () => {
    const job = await api<{ id: string }>(app, 'bulk.start', { kind: 'locks.disable', items: ['8100000002', '8000000003'] })
    await expect.poll(async () => (await api<{ job: { status: string } }>(app, 'bulk.get', { id: job.id, limit: 1 })).job.status).toBe('completed')
  }
  await run()
  await expect.poll(() => page.evaluate(() => window.__notices)).toEqual([{ title: '禁用加密锁已完成', body: '共 2 项：1 项完成，1 项失败，0 项结果未知。' }])

  await page.evaluate(() => (window.__inFront = true))
  await run()
  // Behind again: the third run is notified, and it is the second notice: the run that ended in front made none.
  await page.evaluate(() => (window.__inFront = false))
  await run()
  await expect.poll(() => page.evaluate(() => window.__notices.length)).toBe(2)
  await page.getByTestId('nav-locks').click()
  expect(await page.evaluate(() => window.__notices.length)).toBe(2)
})

test('an order the outbox sends while the tab is behind is notified when the outbox is done, in the user\'s language', async ({ app, page }) => {
  await recordNotices(page)
  await openWithEvents(app, page)
  await expect(page.getByTestId('nav-orders')).toBeVisible()
  await refusedOrder(app)
  await expect.poll(() => page.evaluate(() => window.__notices)).toEqual([
    { title: 'The outbox has sent your orders: some were refused', body: '0 done, 1 refused, 0 not confirmed, 0 waiting for you.' },
  ])
})
