/**
 * Renewals against the sandbox over HTTP, through the core's channels (the app's code path): the book's
 * enterprises read in the background (order operation 8, member operation 7) with pause and resume; what expires
 * in 60 and 90 days (the sandbox's renewal-practice locks, dated from the day it started); another enterprise's
 * products said as not readable; "renew" three products into a draft that passes the order check, submitted, and
 * after reading again they are gone from the list; the Excel export in Chinese.
 */
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderRecord } from '@shared/ipc/channels/orders'
import type { RenewalStatus } from '@shared/ipc/channels/renewals'
import { checkOrderDraft, orderDraftSchema } from '@shared/orders/draft'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { Core } from '../../../src/main/core'
import { sandboxCatalog } from '../../../src/main/services/catalog/seed'
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/index'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { call, profileInput, until } from '../orders/support'

let dir: string
let core: Core
let sb: SandboxHandle
let profileId = ''

/** Resolves with the reading's next stop (completed, or paused by an error), heard as an event; of one job if named. */
function finished(jobId?: () => string | null): Promise<RenewalStatus> {
  return new Promise((resolve) => {
    const off = core.events.on('renewals.progress', (s) => {
      if (s.profileId === profileId && (s.state === 'completed' || (s.state === 'paused' && s.error)) && (!jobId || s.jobId === jobId())) {
        off()
        resolve(s)
      }
    })
  })
}

/** A new reading to its end (the last events of an earlier one are not its end). */
async function readAll(): Promise<RenewalStatus> {
  let id: string | null = null
  const end = finished(() => id)
  id = (await call(core, 'renewals.refresh', {})).jobId
  return end
}

beforeAll(async () => {
  dir = await tempDir('ld-renewals-')
  sb = await startSandbox({ quiet: true })
  core = await testCore(dir)
  profileId = (await call(core, 'profiles.create', profileInput(sb.url, 'Renewals'))).id
  await call(core, 'profiles.activate', { id: profileId })
  // The product catalog gives a renewed product its type (a product instance does not carry one).
  core.services.catalog.seedOnce(profileId, sandboxCatalog())
  const customer = {
    customerId: sb.demo.customerId,
    crmCustomerId: 'CRM-DEMO-0001',
    channelCode: SANDBOX_DEMO.channelCode,
    channelCustomerId: SANDBOX_DEMO.channelCustomerId,
    branchCode: 'BJ',
    branchName: 'Beijing',
    adminName: 'Ann Admin',
    adminAccount: 'demoadmin',
    adminEmail: 'ann@example.com',
    adminCellNumber: '13912345678',
    passwordMobile: '13912345678',
    address: 'No. 1 Test Road',
    customerType: 'company' as const,
  }
  await call(core, 'customers.save', { fields: { ...customer, customerName: 'Demo Tech', enterpriseGlobalId: sb.demo.enterpriseGlobalId } })
  await call(core, 'customers.save', {
    fields: { ...customer, customerName: 'Other Group', customerId: sb.demo.otherCustomerId, crmCustomerId: 'CRM-DEMO-0002', channelCustomerId: SANDBOX_DEMO.otherChannelCustomerId, enterpriseGlobalId: sb.demo.otherEnterpriseGlobalId },
  })
})
afterAll(async () => {
  await core?.dispose()
  await sb?.close()
  await removeDir(dir)
})

describe('renewals', () => {
  it('knows nothing before the first reading, then reads every enterprise of the book (pause and resume on the way)', async () => {
    const before = await call(core, 'renewals.list', { window: { withinDays: 60 } })
    expect(before.readAt).toBeNull()
    expect(before.rows).toEqual([])
    expect(before.enterprises.map((e) => e.readAt)).toEqual([null, null])

    const end = finished()
    const started = await call(core, 'renewals.refresh', {})
    expect(started.state).toBe('running')
    expect((await call(core, 'renewals.pause', {})).state).toBe('paused')
    expect((await call(core, 'renewals.status', {})).state).toBe('paused')
    // Running again, or (its calls still finishing as the pause came) resumed as soon as that run has ended.
    expect(['running', 'paused']).toContain((await call(core, 'renewals.resume', {})).state)
    const done = await end
    // A bulk job of one item per enterprise (its asset list, then a product list per asset of the demo enterprise).
    expect(done).toMatchObject({ state: 'completed', failed: 0, done: 2, total: 2, error: null })
    expect(sb.stats().byOperation['listAssetProducts']).toBeGreaterThan(100)
    const job = (await call(core, 'bulk.get', { id: done.jobId!, limit: 10 }))
    expect(job.job).toMatchObject({ kind: 'renewals.read', status: 'completed' })
    expect(job.items.map((i) => [i.key, i.result?.state]).sort()).toEqual([sb.demo.enterpriseGlobalId, sb.demo.otherEnterpriseGlobalId].map((e) => [e, 'ok']).sort())
    // Reads only: nothing in the journal of changes.
    expect((await call(core, 'journal.list', { jobId: done.jobId!, limit: 10 })).total).toBe(0)
  })

  it('lists what ends in the window with its customer; the other enterprise says its products could not be read', async () => {
    const list = await call(core, 'renewals.list', { window: { withinDays: 60 } })
    expect(list.readAt).not.toBeNull()
    const practice = list.rows.filter((r) => ['8100000017', '8100000018', '8100000019'].includes(r.assetNum))
    expect(practice.map((r) => [r.assetNum, r.kind, r.productUri])).toEqual([
      ['8100000017', 'product', 'GMS-1001'],
      ['8100000017', 'product', 'GMS-1002'],
      ['8100000019', 'asset', null],
      ['8100000017', 'product', 'GMS-1003'],
    ])
    expect(new Set(practice.map((r) => r.customerName))).toEqual(new Set(['Demo Tech']))
    for (const r of list.rows) expect(r.endsAt >= list.range.from && r.endsAt < list.range.to).toBe(true)
    const ninety = await call(core, 'renewals.list', { window: { withinDays: 90 } })
    expect(ninety.rows.some((r) => r.assetNum === '8100000018' && r.productUri === 'GMS-1004')).toBe(true)
    const other = list.enterprises.find((e) => e.enterpriseGlobalId === sb.demo.otherEnterpriseGlobalId)!
    expect(other.assets).toBeGreaterThan(0)
    expect(other.productsError).not.toBeNull()
  })

  it('renews three products into a draft that passes the check; once submitted and read again they leave the list', async () => {
    const list = await call(core, 'renewals.list', { window: { withinDays: 60 } })
    const picked = list.rows.filter((r) => r.assetNum === '8100000017')
    expect(picked).toHaveLength(3)
    const meta = await call(core, 'renewals.renew', { keys: picked.map((r) => r.key) })
    const draft = orderDraftSchema.parse((await call(core, 'drafts.get', { id: meta.id })).body)
    expect(draft.ready).toBe(false)
    expect(draft.entries).toHaveLength(1)
    const entry = draft.entries[0]!
    expect(entry).toMatchObject({ orderType: 'new_buy', licenseType: 'normal_recover_usbkey', customerId: sb.demo.customerId })
    expect(entry.assets.map((g) => g.assetNos)).toEqual([['8100000017']])
    expect(entry.assets[0]!.products.map((p) => [p.productUri, p.limitStartDate, p.productType])).toEqual(picked.map((r) => [r.productUri, r.endsAt, 'tool']))
    expect(checkOrderDraft(draft, SANDBOX_DEMO.channelCode)).toEqual([])

    const ready = await call(core, 'drafts.save', { id: meta.id, kind: 'orders.order', profileId, name: meta.name, body: { ...draft, ready: true }, baseRevision: meta.revision })
    const order = await call(core, 'orders.submit', { draftId: meta.id, baseRevision: ready.revision })
    await until(`order ${order.id} done`, () => call(core, 'orders.get', { id: order.id }), (o: OrderRecord) => o.state === 'done' || o.state === 'refused')
    expect((await call(core, 'orders.get', { id: order.id })).state).toBe('done')

    expect((await readAll()).state).toBe('completed')
    const after = await call(core, 'renewals.list', { window: { withinDays: 60 } })
    expect(after.rows.filter((r) => r.assetNum === '8100000017')).toEqual([])
    expect(after.rows.some((r) => r.assetNum === '8100000019')).toBe(true)
  })

  it('exports the window to Excel with the headers in Chinese', async () => {
    await call(core, 'settings.update', { locale: 'zh-CN' })
    const path = join(dir, 'renewals.xlsx')
    const file = await core.services.exports.save(path, 'xlsx', { kind: 'renewals', window: { withinDays: 90 } })
    const list = await call(core, 'renewals.list', { window: { withinDays: 90 } })
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.readFile(path)
    const sheet = wb.worksheets[0]!
    expect(sheet.getRow(1).getCell(1).value).toBe('客户')
    expect(sheet.getRow(1).getCell(10).value).toBe('到期时间 (UTC+08:00)')
    expect(file.rows).toBe(list.rows.length)
    expect(sheet.rowCount).toBe(list.rows.length + 1)
  })
})
