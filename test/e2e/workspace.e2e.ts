/**
 * Settings → Workspace (issue 36), as a user meets it, against a real PostgreSQL server (the test run's private
 * cluster, or one of this file's own) set up with the SQL the docs give IT admins. Alice joins with a mistyped
 * password (the server's refusal is shown, she keeps working on her copy), then the right one; a colleague, Bob, runs
 * the app on another data folder in the same workspace. While Alice is cut off, both change one customer: once she
 * is back the screen shows the conflict field by field, and "Keep both" keeps her version as a second customer on
 * both workstations. In Chinese: the tab's words and a bad port refused at its field, nothing joined.
 */
import type { Page } from '@playwright/test'
import { test, expect, invoke as api, launchApp, type AppProcess } from './fixtures'
import { expectNoSeriousA11y } from './fixtures/a11y'
import { clusterForFile } from './fixtures/pg-cluster'
import { disconnect, reconnect, setupWorkspace, type TestWorkspace } from '../support/workspace'
import { removeDir, tempDir } from '../support/tmp'

const SANDBOX = 'sandbox'
/** The run's private PostgreSQL server. */
const server = clusterForFile()

interface Customer {
  id: string
  customerName: string | null
  adminEmail: string | null
}
const book = async (app: Pick<AppProcess, 'origin' | 'token'>): Promise<Customer[]> =>
  (await api<{ customers: Customer[] }>(app, 'customers.search', { query: '' })).customers
const status = (app: Pick<AppProcess, 'origin' | 'token'>) => api<{ online: boolean; pending: number; conflicts: number }>(app, 'workspace.status', {})

/** Axe on the screen at rest: the pointer off the last button clicked, nothing focused. */
async function a11y(page: Page, label: string): Promise<void> {
  await page.mouse.move(0, 0)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await expectNoSeriousA11y(page, label)
}

async function openWorkspace(page: Page): Promise<void> {
  await page.getByTestId('nav-settings').click()
  await page.locator('#tab-workspace').click()
  await expect(page.getByTestId('settings-workspace')).toBeVisible()
}

test('join a workspace, see a colleague\'s conflicting change field by field, keep both', async ({ app, page, keyring }) => {
  test.setTimeout(120_000)
  const ws: TestWorkspace = await setupWorkspace(server(), ['alice', 'bob'])
  const bobDir = await tempDir('ld-e2e-bob-')
  let bob: AppProcess | null = null
  try {
    const [alice, colleague] = ws.members as [{ user: string; password: string }, { user: string; password: string }]
    await app.open(page)
    await openWorkspace(page)
    await expect(page.getByTestId('workspace-state')).toHaveAttribute('data-state', 'none')
    await a11y(page, 'workspace, not joined')

    // Nothing typed yet: every required field says so, and nothing is sent.
    await page.getByTestId('workspace-host').fill('')
    await page.getByTestId('workspace-save').click()
    await expect(page.getByTestId('workspace-connection')).toContainText('Fill this in.')
    await expect(page.getByTestId('workspace-state')).toHaveAttribute('data-state', 'none')

    await page.getByTestId('workspace-host').fill(server().host)
    await page.getByTestId('workspace-port').fill(String(server().port))
    await page.getByTestId('workspace-database').fill(ws.database)
    await page.getByTestId('workspace-user').fill(alice.user)
    await page.getByTestId('workspace-password').fill('not-her-password')
    await page.getByTestId('workspace-workstation').fill('front-desk')
    await expect(page.getByTestId('workspace-tls')).toContainText('This machine')
    await page.getByTestId('workspace-save').click()
    await expect(page.getByTestId('workspace-state')).toHaveAttribute('data-state', 'offline')
    await expect(page.getByTestId('workspace-error')).toContainText('password authentication failed')
    await expect(page.getByTestId('workspace-password-state')).toContainText('Kept in the system keychain')

    // The right password replaces the kept one; the sync comes online.
    await page.getByTestId('workspace-password').fill(alice.password)
    await page.getByTestId('workspace-save').click()
    await expect(page.getByTestId('workspace-state')).toHaveAttribute('data-state', 'online')
    await expect(page.getByTestId('workspace-where')).toContainText(`${alice.user} at ${server().host}, database ${ws.database}`)

    const saved = await api<{ id: string }>(app, 'customers.save', { fields: { customerName: 'Harbour Trading', adminEmail: 'it@harbour.test' } })
    await expect.poll(async () => (await status(app)).pending).toBe(0)

    // Bob, on his own workstation, in the same workspace.
    bob = await launchApp({ dataDir: bobDir, env: { ...keyring.env, LICENSE_DESK_VAULT: 'memory' } })
    await api(bob, 'workspace.set', {
      settings: { host: server().host, port: server().port, database: ws.database, user: colleague.user, profileId: SANDBOX, workstation: 'back-office' },
      password: colleague.password,
    })
    const bobApp = bob
    await expect.poll(async () => (await book(bobApp)).some((c) => c.id === saved.id)).toBe(true)

    // Alice is cut off; both change the customer while apart.
    await disconnect(ws, 0)
    await expect(page.getByTestId('workspace-state')).toHaveAttribute('data-state', 'offline')
    await api(app, 'customers.save', { id: saved.id, fields: { customerName: 'Harbour Trading', adminEmail: 'alice@harbour.test' } })
    await api(bob, 'customers.save', { id: saved.id, fields: { customerName: 'Harbour Trading', adminEmail: 'bob@harbour.test' } })
    await expect.poll(async () => (await status(bobApp)).pending).toBe(0)
    await expect(page.getByTestId('workspace-pending')).toContainText('Waiting to be sent: 1')

    await reconnect(ws, 0)
    await page.getByTestId('workspace-sync').click()
    const conflict = page.locator('[data-testid="workspace-conflict"][data-title="Harbour Trading"]')
    await expect(conflict).toBeVisible()
    await expect(page.getByTestId('workspace-state')).toHaveAttribute('data-state', 'conflicts')
    const email = conflict.locator('[data-testid="workspace-conflict-field"][data-field="adminEmail"]')
    await expect(email.getByTestId('conflict-mine')).toHaveText('alice@harbour.test')
    await expect(email.getByTestId('conflict-theirs')).toHaveText('bob@harbour.test')
    await expect(conflict).toContainText('back-office')
    await a11y(page, 'workspace with a conflict')

    await conflict.getByTestId('conflict-both').click()
    await expect(page.getByTestId('workspace-no-conflicts')).toBeVisible()
    await expect(page.getByTestId('workspace-state')).toHaveAttribute('data-state', 'online')
    const emails = (cs: Customer[]) => cs.filter((c) => c.customerName === 'Harbour Trading').map((c) => c.adminEmail).sort()
    await expect.poll(async () => emails(await book(app))).toEqual(['alice@harbour.test', 'bob@harbour.test'])
    await expect.poll(async () => emails(await book(bobApp))).toEqual(['alice@harbour.test', 'bob@harbour.test'])
  } finally {
    await bob?.stop()
    await removeDir(bobDir)
    await ws.drop()
  }
})

test.describe('in Chinese', () => {
  test.use({ appEnv: { LC_ALL: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' } })

  test('团队工作区: a bad port is refused at its field, nothing is joined', async ({ app, page }) => {
    await app.open(page)
    await page.getByTestId('nav-settings').click()
    await expect(page.locator('#tab-workspace')).toHaveText('团队工作区')
    await page.locator('#tab-workspace').click()
    await expect(page.getByTestId('workspace-state')).toContainText('未加入工作区')
    await page.getByTestId('workspace-host').fill('db.example.com')
    await page.getByTestId('workspace-port').fill('54x')
    await page.getByTestId('workspace-database').fill('license_desk')
    await page.getByTestId('workspace-user').fill('wang')
    // Another machine: encrypted unless she consents; the warning stays in view while the consent is on.
    await expect(page.getByTestId('workspace-tls')).toContainText('已加密（TLS）')
    await page.getByTestId('workspace-allow-unencrypted').click()
    await expect(page.getByTestId('workspace-tls')).toContainText('任何人都能读取密码')
    await page.getByTestId('workspace-save').click()
    await expect(page.getByTestId('workspace-connection')).toContainText('端口必须是 1 到 65535 之间的整数。')
    await expect(page.getByTestId('workspace-state')).toHaveAttribute('data-state', 'none')
    expect((await api<{ settings: unknown }>(app, 'workspace.get', {})).settings).toBeNull()
    await a11y(page, 'zh-CN workspace with a field error')
  })
})
