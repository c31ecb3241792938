/**
 * The Drafts area in real Chromium through browser mode: order drafts listed with customer, entries, type in words
 * and state; search; rename (an empty name refused at the field); copy; remove and undo; export a draft to a file
 * and import that file back; a file that is not a drafts file, and one with a damaged draft, refused with the
 * reason and nothing added; a new order started from a template opens in the wizard. In Chinese: the list's words
 * and a refused file's reason.
 */
import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import { emptyEntry, orderDraftSchema } from '@shared/orders/draft'
import { test, expect, invoke as api, pickFromMenu, type AppHandle, chooseLanguage } from './fixtures'

function order(customer: string, orderType: 'new_buy' | 'delete_asset', entries = 1) {
  return orderDraftSchema.parse({
    channelOrderId: `LD-E2E-${customer}`,
    entries: Array.from({ length: entries }, () => ({ ...emptyEntry(orderType), customerName: customer, licenseType: 'normal_recover_usbkey' })),
  })
}

async function seed(app: AppHandle): Promise<void> {
  const save = (kind: string, name: string, body: unknown) => api<DraftMeta>(app, 'drafts.save', { kind, profileId: 'sandbox', name, body, baseRevision: 0 })
  await save('orders.order', 'ACME annual locks', order('ACME Ltd', 'new_buy', 2))
  await save('orders.order', 'Globex revoke', order('Globex', 'delete_asset'))
  await save('orders.template', 'Annual refillable lock with product X', { scope: 'order', order: order('Template Customer', 'new_buy') })
}

const rows = (page: Page) => page.getByTestId('drafts-table').locator('.el-table__body tr')
const row = (page: Page, text: string) => rows(page).filter({ hasText: text })
/** A row's "More" menu item. */
async function more(page: Page, r: Locator, item: string): Promise<void> {
  await pickFromMenu(page, r.getByTestId('draft-more'), item)
}

test('list, search, rename, copy, remove with undo, export and import, bad files refused, start from a template', async ({ app, page }) => {
  test.setTimeout(180_000)
  await seed(app)
  await app.open(page)
  await page.getByTestId('nav-drafts').click()
  await expect(page.getByTestId('drafts-view')).toBeVisible()
  await expect(page).toHaveURL(/#\/drafts$/)

  // The list: name, customer, entries, type in words, state.
  await expect(rows(page)).toHaveCount(2)
  const acme = row(page, 'ACME annual locks')
  await expect(acme.getByTestId('draft-customer')).toHaveText('ACME Ltd')
  await expect(acme.getByTestId('draft-entries')).toHaveText('2')
  await expect(acme.getByTestId('draft-type')).toHaveText('New purchase')
  await expect(acme.getByTestId('draft-state')).toHaveText(/^\d+ issues$/)
  await expect(row(page, 'Globex revoke').getByTestId('draft-type')).toHaveText('Revoke locks')
  await expect(page.getByRole('tab', { name: 'Templates (1)' })).toBeVisible()

  // Search by customer.
  await page.getByTestId('drafts-search').fill('globex')
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('Globex revoke')
  await page.getByTestId('drafts-search').fill('nothing like this')
  await expect(page.getByTestId('drafts-empty')).toContainText('No drafts match “nothing like this”')
  await page.getByTestId('drafts-search').fill('')
  await expect(rows(page)).toHaveCount(2)

  // Rename: an empty name is refused at the field; a new one is kept.
  await more(page, acme, 'draft-rename')
  const nameInput = page.getByTestId('draft-name-input')
  await expect(nameInput).toHaveValue('ACME annual locks')
  await nameInput.fill('  ')
  await page.getByTestId('draft-name-save').click()
  await expect(page.getByTestId('draft-name-dialog')).toContainText('Give it a name.')
  await nameInput.fill('ACME 2027')
  await page.getByTestId('draft-name-save').click()
  await expect(row(page, 'ACME 2027')).toHaveCount(1)
  await expect(row(page, 'ACME annual locks')).toHaveCount(0)

  // Copy.
  await more(page, row(page, 'ACME 2027'), 'draft-duplicate')
  await expect(row(page, 'ACME 2027 (copy)')).toHaveCount(1)
  await expect(page.getByTestId('drafts-total')).toHaveText('3 drafts')

  // Remove, then undo.
  await more(page, row(page, 'ACME 2027 (copy)'), 'draft-remove')
  await page.locator('.el-message-box').getByRole('button', { name: 'Remove' }).click()
  await expect(row(page, 'ACME 2027 (copy)')).toHaveCount(0)
  await expect(page.getByTestId('drafts-removed')).toContainText('Removed 1 draft.')
  await page.getByTestId('drafts-undo').click()
  await expect(row(page, 'ACME 2027 (copy)')).toHaveCount(1)
  await expect(page.getByTestId('drafts-removed')).toHaveCount(0)

  // Export the Globex draft to a file, then import that file: a new draft, the same content.
  await row(page, 'Globex revoke').locator('.el-checkbox').click()
  const downloading = page.waitForEvent('download')
  await page.getByTestId('drafts-export').click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^license-desk-drafts-\d{8}-\d{4}\.ldrafts$/)
  const file = await readFile((await download.path())!)
  await page.getByTestId('drafts-import-file').setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: file })
  await expect(row(page, 'Globex revoke')).toHaveCount(2)
  await expect(page.getByTestId('drafts-total')).toHaveText('4 drafts')
  const listed = await api<{ drafts: DraftMeta[] }>(app, 'drafts.list', { kinds: ['orders.order'], query: 'globex' })
  const [a, b] = await Promise.all(listed.drafts.map((d) => api<{ body: unknown }>(app, 'drafts.get', { id: d.id })))
  expect(a!.body).toEqual(b!.body)

  // A file that is not a drafts file: refused with the reason, nothing added.
  await page.getByTestId('drafts-import-file').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') })
  await expect(page.getByTestId('drafts-import-error')).toContainText('notes.json was not imported')
  await expect(page.getByTestId('drafts-import-error')).toContainText('This is not a License Desk drafts file. Nothing was imported.')
  // A drafts file with one good and one damaged draft: refused whole, the damaged one named with its place.
  const damaged = JSON.parse(file.toString('utf8')) as { drafts: { name: string; body: { entries: { orderType: string }[] } }[] }
  const bad = structuredClone(damaged.drafts[0]!)
  bad.name = 'Broken'
  bad.body.entries[0]!.orderType = 'give_away'
  damaged.drafts.push(bad)
  await page.getByTestId('drafts-import-file').setInputFiles({ name: 'mixed.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(damaged)) })
  await expect(page.getByTestId('drafts-import-error')).toContainText('Draft 2 of this file (“Broken”) is damaged or of an unknown kind (Entry 1 › Order type). Nothing was imported.')
  await expect(page.getByTestId('drafts-total')).toHaveText('4 drafts')
  expect((await api<{ total: number }>(app, 'drafts.list', { kinds: ['orders.order'] })).total).toBe(4)

  // Start an order from the template: a new order draft opens in the wizard.
  await page.getByRole('tab', { name: 'Templates (1)' }).click()
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first().getByTestId('draft-state')).toHaveText('Template')
  await rows(page).first().getByTestId('draft-start').click()
  await expect(page).toHaveURL(/#\/orders\/draft\//)
  await expect(page.getByTestId('order-wizard')).toBeVisible()
  const id = decodeURIComponent(/#\/orders\/draft\/([^/?]+)/.exec(page.url())![1]!)
  const started = await api<DraftMeta & { body: { channelOrderId: string; entries: { customerName: string }[] } }>(app, 'drafts.get', { id })
  expect(started.kind).toBe('orders.order')
  expect(started.name).toBe('Annual refillable lock with product X')
  expect(started.body.entries.map((e) => e.customerName)).toEqual(['Template Customer'])
  expect(started.body.channelOrderId).toMatch(/^LD-\d{8}-\d{6}-[0-9A-Z]{4}$/)
  await page.getByTestId('nav-drafts').click()
  await page.getByRole('tab', { name: /Order drafts/ }).click()
  await expect(row(page, 'Annual refillable lock with product X')).toHaveCount(1)
})

test('in Chinese: the list in words, and a refused file says why', async ({ app, page }) => {
  await seed(app)
  await app.open(page)
  await chooseLanguage(page, 'zh-CN')
  await page.getByTestId('nav-drafts').click()
  await expect(page.getByRole('tab', { name: '订单草稿 (2)' })).toBeVisible()
  await expect(row(page, 'ACME annual locks').getByTestId('draft-type')).toHaveText('新购')
  await expect(row(page, 'Globex revoke').getByTestId('draft-type')).toHaveText('退订锁')
  await expect(row(page, 'ACME annual locks').getByTestId('draft-state')).toHaveText(/^\d+ 个问题$/)
  await expect(page.getByTestId('drafts-total')).toHaveText('2 个草稿')
  await page.getByTestId('drafts-import-file').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('not json at all') })
  await expect(page.getByTestId('drafts-import-error')).toContainText('notes.json 未导入')
  await expect(page.getByTestId('drafts-import-error')).toContainText('这不是 License Desk 草稿文件，未导入任何内容。')
  // Remove and undo, in Chinese.
  await more(page, row(page, 'Globex revoke'), 'draft-remove')
  await page.locator('.el-message-box').getByRole('button', { name: '删除' }).click()
  await expect(page.getByTestId('drafts-removed')).toContainText('已删除 1 个草稿。')
  await page.getByTestId('drafts-undo').click()
  await expect(rows(page)).toHaveCount(2)
})
