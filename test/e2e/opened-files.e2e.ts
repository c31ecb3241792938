/**
 * A drafts file opened from outside the app, in browser mode: `license-desk open FILE` (the built CLI) hands it
 * to the running app, whose window asks before anything is added (Cancel adds nothing); Add opens the one order
 * draft in the wizard. A file offered before the page was open is asked about when it opens. In Chinese: a file
 * that is not ours is refused with the reason.
 */
import { execFile } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import { DRAFT_FILE_FORMAT, DRAFT_FILE_VERSION } from '@shared/drafts/kinds'
import { emptyEntry, orderDraftSchema } from '@shared/orders/draft'
import { CLI_ENTRY } from '../support/cli'
import { test, expect, invoke as api, chooseLanguage } from './fixtures'

const run = promisify(execFile)

function draftsFile(name: string, customer: string): string {
  const body = orderDraftSchema.parse({ channelOrderId: 'LD-E2E-OPEN', entries: [{ ...emptyEntry('new_buy'), customerName: customer }] })
  return JSON.stringify({ format: DRAFT_FILE_FORMAT, version: DRAFT_FILE_VERSION, exportedAt: 1, drafts: [{ kind: 'orders.order', name, body }] })
}

test('license-desk open: the window asks, Cancel adds nothing, Add opens the draft in the wizard', async ({ app, dataDir, page }) => {
  const file = join(dataDir, 'Initech renewal.ldrafts')
  await writeFile(file, draftsFile('Initech renewal', 'Initech'))
  await app.open(page)
  await page.getByTestId('nav-drafts').click()

  const handed = await run(process.execPath, [CLI_ENTRY, 'open', file, '--data-dir', dataDir, '--lang', 'en'])
  expect(handed.stdout).toContain('went to License Desk')
  const dialog = page.getByTestId('opened-file')
  await expect(dialog).toContainText('This drafts file holds 1 draft:')
  await expect(page.getByTestId('opened-file-drafts')).toContainText('Initech renewal · Initech · 1 entry')
  await expect(dialog).toContainText('nothing you have is replaced')
  await page.getByTestId('opened-file-cancel').click()
  await expect(dialog).toBeHidden()
  expect((await api<{ total: number }>(app, 'drafts.list', { kinds: ['orders.order'] })).total).toBe(0)

  // Offered again (as `open` does over HTTP), before the page is open: asked about when it opens.
  await page.goto('about:blank')
  await api(app, 'files.offer', { fileName: 'Initech renewal.ldrafts', content: draftsFile('Initech renewal', 'Initech') })
  await app.open(page)
  await expect(page.getByTestId('opened-file')).toContainText('Open “Initech renewal.ldrafts”')
  await page.getByTestId('opened-file-add').click()
  await expect(page).toHaveURL(/#\/orders\/draft\//)
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  const listed = await api<{ drafts: DraftMeta[] }>(app, 'drafts.list', { kinds: ['orders.order'] })
  expect(listed.drafts.map((d) => d.name)).toEqual(['Initech renewal'])
})

test('in Chinese: a file that is not ours is refused with the reason, and nothing is added', async ({ app, page }) => {
  await app.open(page)
  await chooseLanguage(page, 'zh-CN')
  await api(app, 'files.offer', { fileName: 'notes.ldrafts', content: '{"hello": 1}' })
  await expect(page.getByTestId('opened-file')).toContainText('打开“notes.ldrafts”')
  await expect(page.getByTestId('opened-file-error')).toContainText('这不是 License Desk 草稿文件')
  await page.getByTestId('opened-file-close').click()
  await expect(page.getByTestId('opened-file')).toBeHidden()
  expect((await api<{ files: unknown[] }>(app, 'files.pending', {})).files).toEqual([])
})
