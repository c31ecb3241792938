/**
 * Shared order drafts on screen (issue 36): two app processes on two data folders, one workspace on the real
 * PostgreSQL test cluster. Alice (in English, front-desk) prepares a draft; Bob (in Chinese, back-office) sees it
 * being prepared by her, with no Rename or Remove (his list says whose it is), and opening it the wizard says so,
 * changes nothing (read-only) and promises no save. Alice hands it over for review from her wizard; Bob's "ready for review" filter shows it without a reload (the sync's events), he opens it
 * and submits it; Alice's list then shows it submitted by Bob from back-office.
 */
import type { Page } from '@playwright/test'
import type { BatchOrderBody } from '@shared/api/orders'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import { draftFromBody } from '@shared/orders/refund'
import { test, expect, invoke as api, launchApp, waitForShell, type AppProcess } from './fixtures'
import { expectNoSeriousA11y } from './fixtures/a11y'
import { DEMO_CUSTOMER } from './fixtures/customers'
import { clusterForFile } from './fixtures/pg-cluster'
import { setupWorkspace, type TestWorkspace } from '../support/workspace'
import { removeDir, tempDir } from '../support/tmp'

const SANDBOX = 'sandbox'
/** The run's private PostgreSQL server. */
const server = clusterForFile()

/** A valid one-entry order of the sandbox's demo customer (the service accepts it). */
function order(number: string): BatchOrderBody {
  const c = DEMO_CUSTOMER
  const product = {
    crmProductId: `P-${number}`, parentCrmProductId: '', productUri: 'GMS-1001', productName: 'Cost Estimator', productType: 'tool', limitConcurrent: 1,
    limitTimeDuration: 0, strictMatchWhenDelete: false, trial: 0 as const, trialEndDate: 0, timeUnit: 'year', timeUnitQuantity: 1, timeDurationExpression: '1-0-0', productFeatures: [],
  }
  return {
    channelCode: c.channelCode,
    channelOrderId: number,
    syncMode: 'sync',
    orderList: [{
      sequence: 1, customerId: c.customerId, crmCustomerId: c.crmCustomerId, customerName: c.customerName, channelCustomerId: c.channelCustomerId, adminName: c.adminName,
      adminAccount: c.adminAccount, adminEmail: c.adminEmail, adminCellNumber: c.adminCellNumber, passwordMobile: c.passwordMobile, address: c.address, customerType: 'company',
      branchCode: c.branchCode, branchName: c.branchName, enterpriseGlobalId: c.enterpriseGlobalId, licenseType: 'normal_recover_usbkey', orderType: 'new_buy',
      assets: [{ assetNos: [`87${String(Date.now()).slice(-8)}`], products: [product] }],
    }],
  }
}

const join = (app: Pick<AppProcess, 'origin' | 'token'>, ws: TestWorkspace, i: number, workstation: string) =>
  api(app, 'workspace.set', {
    settings: { host: server().host, port: server().port, database: ws.database, user: ws.members[i]!.user, profileId: SANDBOX, workstation },
    password: ws.members[i]!.password,
  })

/** Axe on the screen at rest: the pointer off the last button clicked, nothing focused. */
async function a11y(page: Page, label: string): Promise<void> {
  await page.mouse.move(0, 0)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await expectNoSeriousA11y(page, label)
}

const row = (page: Page, name: string) => page.getByTestId('drafts-table').locator('.el-table__body tr', { hasText: name })

test('a draft handed over for review: the colleague sees it ready, submits it once, the owner sees who submitted it', async ({ app, page, keyring }) => {
  test.setTimeout(90_000)
  const ws: TestWorkspace = await setupWorkspace(server(), ['alice', 'bob'])
  const bobDir = await tempDir('ld-e2e-bob-')
  let bob: AppProcess | null = null
  try {
    const [alice, colleague] = [ws.members[0]!.user, ws.members[1]!.user]
    await join(app, ws, 0, 'front-desk')
    bob = await launchApp({ dataDir: bobDir, env: { ...keyring.env, LICENSE_DESK_VAULT: 'memory', LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })
    await join(bob, ws, 1, 'back-office')
    const bobApp = bob

    const number = `E2E-TEAM-${Date.now()}`
    const name = `Order ${number}`
    const d = await api<DraftMeta>(app, 'drafts.save', { kind: 'orders.order', profileId: SANDBOX, name, body: { ...draftFromBody(order(number), number), ready: true }, baseRevision: 0 })
    await expect.poll(async () => (await api<{ drafts: DraftMeta[] }>(bobApp, 'drafts.list', { profileId: SANDBOX, limit: 50 })).drafts.some((x) => x.id === d.id)).toBe(true)

    // Alice's list: hers, being prepared.
    await app.open(page)
    await page.getByTestId('nav-drafts').click()
    await expect(row(page, name).getByTestId('draft-owner')).toHaveText(`Prepared by ${alice} on front-desk`)
    await expect(row(page, name).getByTestId('draft-share')).toHaveText('Being prepared')

    // Bob's (in Chinese): hers, being prepared; opened, the wizard names her and changes nothing.
    const bobPage = await page.context().newPage()
    await bobPage.goto(bob.url)
    await waitForShell(bobPage)
    await bobPage.getByTestId('nav-drafts').click()
    await expect(row(bobPage, name).getByTestId('draft-owner')).toHaveText(`由 ${alice} 在 front-desk 准备`)
    await expect(row(bobPage, name).getByTestId('draft-share')).toHaveText('准备中')
    // Not his to rename or remove (it would reach the team): the menu says whose it is instead.
    const more = row(bobPage, name).getByTestId('draft-more')
    await more.click()
    const menu = bobPage.locator(`[id="${await more.getAttribute('aria-controls')}"]`)
    await expect(menu.getByTestId('draft-held')).toHaveText(`由 ${alice} 在 front-desk 准备：只有其本人可以重命名或删除`)
    await expect(menu.getByTestId('draft-remove')).toHaveCount(0)
    await expect(menu.getByTestId('draft-rename')).toHaveCount(0)
    await bobPage.keyboard.press('Escape')
    await row(bobPage, name).getByTestId('draft-open').click()
    const banner = bobPage.getByTestId('shared-draft-banner')
    await expect(banner).toHaveAttribute('data-kind', 'colleague')
    await expect(banner).toContainText(`${alice} 正在 front-desk 准备此草稿；您的修改不会保存到团队`)
    await expect(bobPage.locator('.ow__main')).toHaveAttribute('inert', '')
    await expect(bobPage.locator('.ow__bar')).toHaveAttribute('inert', '')
    await expect(bobPage.getByTestId('save-state')).toHaveText('只读：您在此处的操作不会被保存')
    await a11y(bobPage, 'wizard: a colleague’s draft (zh-CN)')

    // Bob waits on his list for drafts ready for review: none yet.
    await bobPage.getByTestId('nav-drafts').click()
    await bobPage.getByTestId('drafts-filter-review').click()
    await expect(bobPage.getByTestId('drafts-empty')).toContainText('没有待审核的草稿')

    // Alice hands it over from her wizard, after a confirmation that says what happens; its banner follows.
    await row(page, name).getByTestId('draft-open').click()
    await expect(page.getByTestId('save-state')).not.toHaveText(/Read-only/)
    await page.getByTestId('wizard-hand-over').click()
    const confirm = page.locator('.el-message-box')
    await expect(confirm).toContainText('one of them opens it and submits it, once for the whole team')
    await confirm.getByRole('button', { name: 'Hand over for review' }).click()
    await expect(page.getByTestId('shared-draft-banner')).toHaveAttribute('data-kind', 'review')
    await expect(page.getByTestId('wizard-hand-over')).toHaveCount(0)
    await page.getByTestId('nav-drafts').click()
    await expect(row(page, name).getByTestId('draft-share')).toHaveText('Ready for review')

    // Bob's filtered list shows it by the sync's event, no reload.
    await expect(row(bobPage, name).getByTestId('draft-share')).toHaveText('待审核')
    await expect(bobPage.getByTestId('drafts-filter-review')).toContainText('待审核（1）')
    await expect(bobPage.getByTestId('drafts-total')).toContainText('待审核：1 /')
    await a11y(bobPage, 'drafts ready for review (zh-CN)')
    await row(bobPage, name).getByTestId('draft-open').click()
    await expect(banner).toHaveAttribute('data-kind', 'review')
    await expect(banner).toContainText(`待审核：由 ${alice} 在 front-desk 移交`)
    await expect(bobPage.locator('.ow__main')).not.toHaveAttribute('inert', '')
    await bobPage.getByTestId('submit').click()
    await expect(bobPage).toHaveURL(/#\/orders\/history/)

    // Alice's list: it left her drafts being prepared; among the removed ones, submitted by Bob from back-office.
    await expect(row(page, name)).toHaveCount(0)
    await page.locator('#tab-removed').click()
    await expect(row(page, name).getByTestId('draft-share')).toHaveText(`Submitted by ${colleague} from back-office`)
    await expect(row(page, name).getByTestId('draft-restore')).toHaveCount(0)
    await expect(row(page, name).getByTestId('draft-state')).toHaveCount(0)
    await a11y(page, 'drafts: submitted by a colleague')
    await bobPage.close()
  } finally {
    await bob?.stop()
    await removeDir(bobDir)
    await ws.drop()
  }
})
