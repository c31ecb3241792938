/**
 * The outbox against the sandbox over HTTP, through the core's channels: an order submitted while the service is
 * down waits for the connection and goes out once when it is back; a 13004 refuses it and puts the draft back with
 * the message at its field; a lost answer is read back (done: never sent again; not done: sent again once); hold,
 * release, withdraw; a channelOrderId used twice is refused at its field; copy and refund from history; an order
 * left `sending` by a killed process is read back (or resent when the journal proves it never left).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import type { OrderRecord } from '@shared/ipc/channels/orders'
import { orderDraftSchema } from '@shared/orders/draft'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/index'
import type { Core } from '../../../src/main/core'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { call, callError, freshAssetNo, newBuyEntry, orderBody, profileInput, saveDraft, until } from './support'
import { exportThrough } from '../../support/exports'

let dir: string
let core: Core
let sb: SandboxHandle
let port: number
let profile: ProfileView
let customerId: string

const applied = (channelOrderId: string) => sb.stats().creates.applied['batchOrder']?.[`DEMO/${channelOrderId}`] ?? 0
const received = (channelOrderId: string) => sb.stats().creates.received['batchOrder']?.[`DEMO/${channelOrderId}`] ?? 0
const get = (id: string) => call(core, 'orders.get', { id })
const settle = (id: string, states: OrderRecord['state'][]) => until(`order ${id} in ${states.join('/')}`, () => get(id), (o) => states.includes(o.state))

beforeAll(async () => {
  dir = await tempDir('ld-orders-')
  sb = await startSandbox({ quiet: true, acceptRepeatedChannelOrder: true })
  port = Number(new URL(sb.url).port)
  customerId = sb.demo.customerId
  core = await testCore(dir, { orderTiming: { retryBaseMs: 50, retryMaxMs: 200, readBackRetryMs: 50, asyncEveryMs: 50, asyncLimitMs: 2_000, tickMs: 25 } })
  await call(core, 'settings.update', { bulk: { retryBaseMs: 5, maxRetries: 2 } })
  profile = await call(core, 'profiles.create', profileInput(sb.url, 'Orders'))
  await call(core, 'profiles.activate', { id: profile.id })
})
afterAll(async () => {
  await core?.dispose()
  await sb?.close()
  await removeDir(dir)
})

async function submit(entries = [newBuyEntry(customerId, [freshAssetNo()])], syncMode: 'sync' | 'async' = 'sync') {
  const body = orderBody(`IT-${freshAssetNo()}`, entries, syncMode)
  const d = await saveDraft(core, profile.id, body)
  const o = await call(core, 'orders.submit', { draftId: d.id, baseRevision: d.revision })
  return { order: o, draftId: d.id, body }
}

describe('the outbox', () => {
  it('waits for the connection while the service is down, then sends the order once', async () => {
    await sb.close()
    const { order, body } = await submit()
    const waiting = await settle(order.id, ['waitingConnection'])
    expect(waiting.sentAt).toBeNull()
    expect((await call(core, 'orders.status', {})).online).toBe(false)
    sb = await startSandbox({ quiet: true, port, acceptRepeatedChannelOrder: true })
    const done = await settle(order.id, ['done'])
    expect(done.results).toHaveLength(1)
    expect(done.results[0]!.licenseOrderId).toMatch(/^LO/)
    expect(done.results[0]!.source).toBe('answer')
    expect(applied(body.channelOrderId)).toBe(1)
    expect((await call(core, 'orders.status', {})).online).toBe(true)
  })

  it('a bought lock shows in the asset list without a refresh: the cached list is dropped when an order changes', async () => {
    const target = { enterpriseGlobalId: SANDBOX_DEMO.enterpriseGlobalId }
    const before = await call(core, 'assets.list', target)
    const no = freshAssetNo()
    expect(before.assetNum).not.toContain(no)
    const { order } = await submit([newBuyEntry(customerId, [no])])
    await settle(order.id, ['done'])
    const after = await call(core, 'assets.list', target)
    expect(after.cached).toBe(false)
    expect(after.assetNum).toContain(no)
  })

  it('a refusal (13004) puts the draft back in Drafts with the message at the field it names', async () => {
    const { order, draftId } = await submit([newBuyEntry('C999999999999999', [freshAssetNo()])])
    expect((await call(core, 'drafts.get', { id: draftId })).removedAt).not.toBeNull()
    const refused = await settle(order.id, ['refused'])
    expect(refused.refusal?.error.code).toBe('13004')
    expect(refused.refusal?.field).toBe('orderList[0].customerId')
    expect(refused.refusal?.sequence).toBe(1)
    const draft = await call(core, 'drafts.get', { id: draftId })
    expect(draft.removedAt).toBeNull()
    expect(orderDraftSchema.parse(draft.body).ready).toBe(false)
    const list = await call(core, 'orders.list', { draftId, states: ['refused'] })
    expect(list.orders.map((o) => o.id)).toEqual([order.id])
    // The refusal is kept with the draft, at its field: submitted again unchanged, it is refused before sending.
    const body = orderDraftSchema.parse(draft.body)
    expect(body.refusal).toMatchObject({ orderId: order.id, field: 'orderList[0].customerId', sequence: 1, error: { code: '13004' } })
    const e = await callError(core, 'orders.submit', { draftId, baseRevision: draft.revision })
    expect(e.code).toBe('app.draftRefused')
    expect(received(body.channelOrderId)).toBe(1)
    // Once the field it names changes, the draft can go again.
    const fixed = { ...body, entries: [{ ...body.entries[0]!, customerId }], ready: true }
    const saved = await call(core, 'drafts.save', { id: draftId, kind: 'orders.order', body: fixed, baseRevision: draft.revision })
    const again = await call(core, 'orders.submit', { draftId, baseRevision: saved.revision })
    expect((await settle(again.id, ['done'])).state).toBe('done')
  })

  it('a draft with issues is refused at the fields; a channelOrderId used by an order is refused at its field', async () => {
    const body = orderBody(`IT-${freshAssetNo()}`, [{ ...newBuyEntry(customerId, [freshAssetNo()]), customerName: '' }])
    const d = await saveDraft(core, profile.id, body)
    const e = await callError(core, 'orders.submit', { draftId: d.id, baseRevision: d.revision })
    expect(e.code).toBe('app.invalidInput')
    expect(e.details.issues?.map((i) => i.path)).toContain('orderList[0].customerName')
    const { order, body: first } = await submit()
    await settle(order.id, ['done'])
    const again = await saveDraft(core, profile.id, orderBody(first.channelOrderId, [newBuyEntry(customerId, [freshAssetNo()])]))
    const e2 = await callError(core, 'orders.submit', { draftId: again.id, baseRevision: again.revision })
    expect(e2.code).toBe('app.invalidInput')
    expect(e2.details.issues?.[0]?.path).toBe('channelOrderId')
    expect(applied(first.channelOrderId)).toBe(1)
  })

  it('a lost answer after the work is read back as done and never sent again', async () => {
    sb.queueFault({ kind: 'dropAfterWork', operation: 'batchOrder' })
    const { order, body } = await submit()
    const done = await settle(order.id, ['done'])
    expect(done.readBacks.at(-1)?.verdict).toBe('done')
    expect(done.readBacks.at(-1)?.entries[0]?.reason).toBe('instancesFound')
    expect(done.results[0]!.source).toBe('readBack')
    expect(done.results[0]!.licenseOrderId).toMatch(/^LO/)
    expect(received(body.channelOrderId)).toBe(1)
    expect(applied(body.channelOrderId)).toBe(1)
    // The journal has the UNKNOWN and how it was resolved.
    const j = await call(core, 'journal.list', { operations: ['batchOrder'], text: body.channelOrderId })
    const unknown = j.entries.find((x) => x.outcome === 'unknown')!
    expect(unknown.resolutions?.[0]).toMatchObject({ by: 'readBack', verdict: 'done' })
  })

  it('a lost answer before the work (a 500) is read back as not done and sent again once', async () => {
    sb.queueFault({ kind: 'fail500', operation: 'batchOrder' })
    const { order, body } = await submit()
    const done = await settle(order.id, ['done'])
    expect(done.readBacks[0]?.verdict).toBe('notDone')
    expect(done.attemptList.map((a) => a.outcome)).toEqual(['unknown', 'ok'])
    expect(applied(body.channelOrderId)).toBe(1)
  })

  it('an order on an asset that already existed is not taken as done because the asset is listed', async () => {
    // 8100000002 exists (demo lock): the asset list proves nothing; its products show nothing of this order.
    const existing = '8100000002'
    sb.queueFault({ kind: 'drop', operation: 'batchOrder' })
    const { order, body } = await submit([newBuyEntry(customerId, [existing])])
    const done = await settle(order.id, ['done'])
    expect(done.readBacks[0]).toMatchObject({ verdict: 'notDone' })
    expect(done.readBacks[0]!.entries[0]!.reason).toBe('instancesMissing')
    expect(applied(body.channelOrderId)).toBe(1)
  })

  it('hold, release and withdraw an order that has not left', async () => {
    await sb.close()
    const { order, draftId } = await submit()
    await settle(order.id, ['waitingConnection'])
    const held = await call(core, 'orders.hold', { id: order.id })
    expect(held.state).toBe('held')
    const released = await call(core, 'orders.release', { id: order.id })
    expect(['queued', 'waitingConnection', 'sending']).toContain(released.state)
    await settle(order.id, ['waitingConnection'])
    const withdrawn = await call(core, 'orders.withdraw', { id: order.id })
    expect(withdrawn.state).toBe('withdrawn')
    expect((await call(core, 'drafts.get', { id: draftId })).removedAt).toBeNull()
    sb = await startSandbox({ quiet: true, port, acceptRepeatedChannelOrder: true })
  })

  it('an async order is accepted, then done once its assets appear', async () => {
    const { order } = await submit(undefined, 'async')
    const done = await settle(order.id, ['done'])
    expect(done.asyncCheck?.entries.every((e) => e.seen)).toBe(true)
  })

  it('copy and refund from history: the refund revokes the bought lock with its license order id', async () => {
    const no = freshAssetNo()
    const { order } = await submit([newBuyEntry(customerId, [no])])
    const done = await settle(order.id, ['done'])
    const copy = await call(core, 'orders.toDraft', { id: order.id, mode: 'copy' })
    const copied = orderDraftSchema.parse((await call(core, 'drafts.get', { id: copy.id })).body)
    expect(copied.entries[0]!.assets[0]!.assetNos).toEqual([no])
    expect(copied.channelOrderId).not.toBe(done.channelOrderId)
    const refund = await call(core, 'orders.toDraft', { id: order.id, mode: 'refund' })
    const r = orderDraftSchema.parse((await call(core, 'drafts.get', { id: refund.id })).body)
    expect(r.entries[0]!.orderType).toBe('delete_asset')
    expect(r.entries[0]!.srcLicenseOrderId).toBe(done.results[0]!.licenseOrderId)
    // Submitting the refund removes the lock from the asset list.
    await call(core, 'drafts.save', { id: refund.id, kind: 'orders.order', body: { ...r, ready: true }, baseRevision: refund.revision })
    const meta = await call(core, 'drafts.get', { id: refund.id })
    const sent = await call(core, 'orders.submit', { draftId: refund.id, baseRevision: meta.revision })
    await settle(sent.id, ['done'])
    expect(sb.inspect.asset(no)).toBeUndefined()
  })

  it('a renewal of an existing lock is refunded product by product; lost answers of revokes are read back', async () => {
    // 8100000003 exists (a demo refillable lock): the order adds a product to it.
    const { order } = await submit([newBuyEntry(customerId, ['8100000003'])])
    const done = await settle(order.id, ['done'])
    const refund = await call(core, 'orders.toDraft', { id: order.id, mode: 'refund' })
    const r = orderDraftSchema.parse((await call(core, 'drafts.get', { id: refund.id })).body)
    expect(r.entries.map((e) => e.orderType)).toEqual(['delete_product'])
    expect(r.entries[0]!.srcLicenseOrderId).toBe(done.results[0]!.licenseOrderId)
    const before = sb.inspect.productIdsOf('8100000003').length
    await call(core, 'drafts.save', { id: refund.id, kind: 'orders.order', body: { ...r, ready: true }, baseRevision: refund.revision })
    const meta = await call(core, 'drafts.get', { id: refund.id })
    sb.queueFault({ kind: 'dropAfterWork', operation: 'batchOrder' })
    const sent = await call(core, 'orders.submit', { draftId: refund.id, baseRevision: meta.revision })
    const revoked = await settle(sent.id, ['done'])
    expect(revoked.readBacks[0]!.entries[0]!.reason).toBe('productsGone')
    expect(sb.inspect.productIdsOf('8100000003').length).toBe(before - 1)
    expect(sb.inspect.asset('8100000003')).toBeDefined()
    expect(received(sent.channelOrderId)).toBe(1)
  })

  it('the history is searchable by asset number, license order id and state, and exports', async () => {
    const no = freshAssetNo()
    const { order } = await submit([newBuyEntry(customerId, [no])])
    const done = await settle(order.id, ['done'])
    expect((await call(core, 'orders.list', { query: no })).orders.map((o) => o.id)).toEqual([order.id])
    expect((await call(core, 'orders.list', { query: done.results[0]!.licenseOrderId! })).orders.map((o) => o.id)).toContain(order.id)
    expect((await call(core, 'orders.list', { states: ['withdrawn'] })).total).toBeGreaterThanOrEqual(1)
    const text = (await exportThrough(core, 'csv', { kind: 'orders', query: no })).text
    expect(text).toContain(no)
    expect(text).toContain(done.results[0]!.licenseOrderId!)
    const xlsx = await exportThrough(core, 'xlsx', { kind: 'orders' })
    expect(xlsx.fileName).toMatch(/\.xlsx$/)
  })
})
