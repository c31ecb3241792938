/**
 * Submitting orders in real Chromium through browser mode, against a sandbox of the test's own (so it can be
 * stopped and its counts read): a ready order submitted from the wizard while the service is down waits in the
 * outbox ("waiting for the connection", said plainly, in Chinese too), goes out once when the service is back, and
 * shows its results; a bought lock is refunded from the history (a revoke draft opened in the wizard, marked ready
 * and submitted) and is gone from the Assets list.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import type { BatchOrderBody } from '@shared/api/orders'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import type { OrderRecord } from '@shared/ipc/channels/orders'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { draftFromBody } from '@shared/orders/refund'
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index'
import { test, expect, invoke as api, pickFromMenu, type AppHandle, chooseLanguage } from './fixtures'

/** A fresh lock number nobody bought yet in this sandbox. */
const freshLock = (): string => `87${String(Date.now()).slice(-8)}`

function newBuy(customerId: string, channelOrderId: string, assetNo: string): BatchOrderBody {
  return {
    channelCode: SANDBOX_DEMO.channelCode,
    channelOrderId,
    syncMode: 'sync',
    orderList: [
      {
        sequence: 1,
        customerId,
        crmCustomerId: 'CRM-DEMO-0001',
        customerName: 'E2E Order Ltd',
        channelCustomerId: 'DEMO-0001',
        adminName: 'Admin',
        adminAccount: 'demoadmin',
        adminEmail: 'admin@example.com',
        adminCellNumber: '13800138000',
        passwordMobile: '13800138000',
        address: 'Beijing',
        customerType: 'company',
        branchCode: 'BJ',
        branchName: 'Beijing',
        enterpriseGlobalId: SANDBOX_DEMO.enterpriseGlobalId,
        licenseType: 'normal_recover_usbkey',
        orderType: 'new_buy',
        assets: [
          {
            assetNos: [assetNo],
            products: [
              {
                crmProductId: `P-${assetNo}`,
                parentCrmProductId: '',
                productUri: 'GMS-1001',
                productName: 'Pricing Suite',
                productType: 'tool',
                limitConcurrent: 1,
                limitTimeDuration: 0,
                strictMatchWhenDelete: false,
                trial: 0,
                trialEndDate: 0,
                timeUnit: 'year',
                timeUnitQuantity: 1,
                timeDurationExpression: '1-0-0',
                productFeatures: [],
              },
            ],
          },
        ],
      },
    ],
  }
}

/** A profile of the demo identities on the test's sandbox address (running or not), made active. */
async function useSandboxProfile(app: AppHandle, url: string): Promise<ProfileView> {
  const profile = await api<ProfileView>(app, 'profiles.create', {
    fields: {
      name: 'Branch line',
      baseUrl: url,
      orderAppKey: SANDBOX_DEMO.orderApp.clientId,
      memberAppKey: SANDBOX_DEMO.memberApp.clientId,
      userLogin: SANDBOX_DEMO.user.username,
      operatorIdentity: 'ops@example.com',
      channelCode: SANDBOX_DEMO.channelCode,
      channelCustomerId: 'DEMO-0001',
      enterpriseGlobalId: SANDBOX_DEMO.enterpriseGlobalId,
    },
    secrets: { orderAppSecret: SANDBOX_DEMO.orderApp.clientSecret, memberAppSecret: SANDBOX_DEMO.memberApp.clientSecret, userPassword: SANDBOX_DEMO.user.password },
  })
  await api(app, 'profiles.activate', { id: profile.id })
  return profile
}

/** A ready order draft of a body, as the wizard keeps one. */
async function readyDraft(app: AppHandle, profileId: string, body: BatchOrderBody): Promise<DraftMeta> {
  const draft = { ...draftFromBody(body, body.channelOrderId), ready: true }
  return api<DraftMeta>(app, 'drafts.save', { kind: 'orders.order', profileId, name: `Order ${body.channelOrderId}`, body: draft, baseRevision: 0 })
}

/** Opens a draft in the wizard and submits it there; the wizard moves on to the history. */
async function submitInWizard(app: AppHandle, page: Page, draftId: string): Promise<void> {
  await page.goto(`${app.origin}/#/orders/draft/${draftId}`)
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  await expect(page.getByTestId('ready-tag')).toBeVisible()
  await page.getByTestId('submit').click()
  await expect(page).toHaveURL(/#\/orders\/history/)
  await expect(page.getByTestId('orders-history')).toBeVisible()
}

/** The Assets screen, searched for one asset number. */
async function showAsset(page: Page, assetNo: string): Promise<void> {
  await page.getByTestId('nav-assets').click()
  await expect(page.getByTestId('assets-count')).toBeVisible({ timeout: 30_000 })
  await page.getByTestId('assets-search').fill(assetNo)
}

const historyRow = (page: Page, channelOrderId: string) => page.getByTestId('history-table').locator('.el-table__body tr', { hasText: channelOrderId })

test('an order submitted while the service is down waits for the connection, then goes out exactly once', async ({ app, page }) => {
  test.setTimeout(180_000)
  // A sandbox that is not running: start one to get a free port, and stop it.
  let sandbox: SandboxHandle = await startSandbox({ port: 0, quiet: true })
  const port = sandbox.port
  const url = sandbox.url
  const customerId = sandbox.demo.customerId
  await sandbox.close()
  try {
    const profile = await useSandboxProfile(app, url)
    const number = `E2E-OFF-${Date.now()}`
    const lock = freshLock()
    const draft = await readyDraft(app, profile.id, newBuy(customerId, number, lock))
    await app.open(page)
    await submitInWizard(app, page, draft.id)

    // In the outbox, plainly waiting for the connection; nothing has left.
    const row = page.getByTestId('outbox-table').locator('.el-table__body tr', { hasText: number })
    await expect(row.getByTestId('order-state')).toHaveAttribute('data-state', 'waitingConnection', { timeout: 30_000 })
    await expect(row.getByTestId('order-state')).toHaveText('Waiting for the connection')
    await expect(page.getByTestId('outbox-connection')).toHaveAttribute('data-online', 'false')
    await expect(page.getByTestId('outbox-connection')).toContainText('1 order will go out when the connection is back')
    await expect(row.getByTestId('outbox-withdraw')).toBeVisible()
    // The same, in Chinese.
    await chooseLanguage(page, 'zh-CN')
    await page.goto(`${app.origin}/#/orders/history`)
    await expect(row.getByTestId('order-state')).toHaveText('等待连接')
    await expect(page.getByTestId('outbox-connection')).toContainText('个订单将在连接恢复后发送')
    await chooseLanguage(page, 'en')
    await page.goto(`${app.origin}/#/orders/history`)

    // The service comes back on the same address: "Send now" skips the wait; the order goes out once.
    sandbox = await startSandbox({ port, quiet: true })
    if (await row.getByTestId('outbox-send-now').isVisible()) await row.getByTestId('outbox-send-now').click()
    await expect(page.getByTestId('outbox-empty')).toBeVisible({ timeout: 60_000 })
    const done = historyRow(page, number)
    await expect(done.getByTestId('order-state')).toHaveAttribute('data-state', 'done')
    await expect(page.getByTestId('outbox-connection')).toHaveAttribute('data-online', 'true')

    // What came back, per entry.
    await done.click()
    const drawer = page.getByTestId('order-drawer')
    await expect(drawer).toContainText(`Order ${number}`)
    await expect(drawer.getByTestId('od-license-order-id')).toHaveText(/\S+/)
    await expect(drawer.getByTestId('od-entry')).toContainText('E2E Order Ltd')
    await expect(drawer.getByTestId('od-entry')).toContainText('Pricing Suite')
    await drawer.getByTestId('od-exact').click()
    await expect(drawer.getByTestId('od-body')).toContainText(`"channelOrderId": "${number}"`)

    // Exactly once on the service: received once, applied once, and the lock is there.
    const key = `${SANDBOX_DEMO.channelCode}/${number}`
    expect(sandbox.stats().creates.received['batchOrder']?.[key]).toBe(1)
    expect(sandbox.stats().creates.applied['batchOrder']?.[key]).toBe(1)
    expect(sandbox.inspect.asset(lock)).toBeDefined()
    // …and it stays so (nothing is resent later).
    await page.waitForTimeout(3_000)
    expect(sandbox.stats().creates.received['batchOrder']?.[key]).toBe(1)
    const rec = await api<{ orders: OrderRecord[] }>(app, 'orders.list', { query: number })
    expect(rec.orders.map((o) => o.state)).toEqual(['done'])
  } finally {
    await sandbox.close()
  }
})

test('a bought lock is refunded from the history, and is gone from the asset list', async ({ app, page }) => {
  test.setTimeout(180_000)
  const sandbox = await startSandbox({ port: 0, quiet: true })
  try {
    const profile = await useSandboxProfile(app, sandbox.url)
    const number = `E2E-BUY-${Date.now()}`
    const lock = freshLock()
    const draft = await readyDraft(app, profile.id, newBuy(sandbox.demo.customerId, number, lock))
    await app.open(page)
    await submitInWizard(app, page, draft.id)
    const bought = historyRow(page, number)
    await expect(bought.getByTestId('order-state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 })
    expect(sandbox.inspect.asset(lock)).toBeDefined()

    // The lock is in the Assets list.
    await showAsset(page, lock)
    await expect(page.getByTestId('assets-count')).toHaveAttribute('data-visible', '1')

    // Refund from the history: a revoke draft opens in the wizard, with the bought order's license order id.
    await page.goto(`${app.origin}/#/orders/history`)
    await historyRow(page, number).click()
    const drawer = page.getByTestId('order-drawer')
    const licenseOrderId = (await drawer.getByTestId('od-license-order-id').textContent())!.trim()
    // The history exports as CSV, with the order and what came back.
    await page.keyboard.press('Escape')
    const downloading = page.waitForEvent('download')
    await pickFromMenu(page, page.getByTestId('history-export'), 'history-export-csv')
    const csv = (await readFile((await (await downloading).path())!)).toString('utf8')
    expect(csv).toContain(number)
    expect(csv).toContain(licenseOrderId)
    expect(csv).toContain(lock)
    await historyRow(page, number).click()
    await drawer.getByTestId('od-refund').click()
    await page.locator('.el-message-box').getByRole('button', { name: 'Refund', exact: true }).click()
    await expect(page).toHaveURL(/#\/orders\/draft\//)
    await expect(page.getByTestId('order-wizard')).toBeVisible()
    const refundId = decodeURIComponent(/#\/orders\/draft\/([^/?]+)/.exec(page.url())![1]!)
    const refund = await api<{ body: { entries: { orderType: string; srcLicenseOrderId: string; assets: { assetNos: string[] }[] }[] } }>(app, 'drafts.get', { id: refundId })
    expect(refund.body.entries.map((e) => e.orderType)).toEqual(['delete_asset'])
    expect(refund.body.entries[0]!.srcLicenseOrderId).toBe(licenseOrderId)
    expect(refund.body.entries[0]!.assets[0]!.assetNos).toEqual([lock])

    // The user checks it, marks it ready and submits it.
    await page.getByTestId('mark-ready').click()
    await expect(page.getByTestId('review-page').getByTestId('revoke-line').first()).toBeVisible()
    await page.getByTestId('mark-ready').click()
    await page.getByTestId('submit').click()
    await expect(page).toHaveURL(/#\/orders\/history/)
    const refunds = page.getByTestId('history-table').locator('.el-table__body tr', { hasText: 'Revoke locks' })
    await expect(refunds.first().getByTestId('order-state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 })

    // Gone from the service and from the Assets list (read again with its Refresh button).
    expect(sandbox.inspect.asset(lock)).toBeUndefined()
    await showAsset(page, lock)
    await page.getByTestId('assets-load').click()
    await expect(page.getByTestId('assets-count')).toHaveAttribute('data-visible', '0')
    await expect(page.getByTestId('assets-empty')).toBeVisible()
  } finally {
    await sandbox.close()
  }
})

test('an order whose answer is lost is read back: done once, its results found on the service', async ({ app, page }) => {
  test.setTimeout(120_000)
  const sandbox = await startSandbox({ port: 0, quiet: true })
  try {
    const profile = await useSandboxProfile(app, sandbox.url)
    const number = `E2E-LOST-${Date.now()}`
    const draft = await readyDraft(app, profile.id, newBuy(sandbox.demo.customerId, number, freshLock()))
    // The service does the work, then the connection drops before the answer.
    sandbox.queueFault({ kind: 'dropAfterWork', operation: 'batchOrder' })
    await app.open(page)
    await submitInWizard(app, page, draft.id)
    const row = historyRow(page, number)
    await expect(row.getByTestId('order-state')).toHaveAttribute('data-state', 'done', { timeout: 60_000 })
    await row.click()
    const drawer = page.getByTestId('order-drawer')
    // The result came from reading back, the attempt says the answer was lost, and nothing was sent again.
    await expect(drawer.getByTestId('od-results')).toContainText('reading back')
    await expect(drawer.getByTestId('od-license-order-id')).toHaveText(/\S+/)
    await expect(drawer.getByTestId('od-attempts')).toContainText('answer lost')
    await expect(drawer.getByTestId('od-readback')).toBeVisible()
    const key = `${SANDBOX_DEMO.channelCode}/${number}`
    expect(sandbox.stats().creates.received['batchOrder']?.[key]).toBe(1)
    expect(sandbox.stats().creates.applied['batchOrder']?.[key]).toBe(1)
  } finally {
    await sandbox.close()
  }
})
