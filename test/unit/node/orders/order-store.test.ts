/**
 * The outbox table: moves checked against the allowed ones, one live order per order number, and claims that
 * keep two processes (here two stores with their own claim tokens) from working on the same order.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BatchOrderBody } from '@shared/api/orders'
import { MIGRATIONS, openDatabase, type Database } from '../../../../src/main/services/db'
import { CLAIM_STALE_MS, OrderStore } from '../../../../src/main/services/orders/store'
import { silentLogger } from '../../../../src/main/services/log'

const dbs: { db: Database; dir: string }[] = []
afterEach(() => {
  for (const { db, dir } of dbs.splice(0)) {
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

function open(): Database {
  const dir = mkdtempSync(join(tmpdir(), 'ld-order-store-'))
  const db = openDatabase({ dataDir: dir, migrations: MIGRATIONS, log: silentLogger })
  dbs.push({ db, dir })
  return db
}

const body = (channelOrderId: string): BatchOrderBody => ({
  channelCode: 'DEMO',
  channelOrderId,
  syncMode: 'sync',
  orderList: [
    {
      sequence: 1, customerName: 'ACME', channelCustomerId: 'C1', adminName: 'A', adminAccount: 'a', adminEmail: 'a@example.com',
      adminCellNumber: '13800138000', customerType: 'company', branchCode: 'BJ', branchName: 'B', enterpriseGlobalId: 'E1',
      licenseType: 'normal_recover_usbkey', orderType: 'delete_asset', assets: [{ assetNos: ['8100000001'] }],
    },
  ],
})

describe('OrderStore', () => {
  it('refuses a move the states do not allow, and a change from a state the order is not in', () => {
    const s = new OrderStore(open())
    const o = s.insert({ profileId: 'p', body: body('O-1'), draftId: null, draftName: 'x' })
    expect(() => s.change(o.id, null, { state: 'done' })).toThrow(/queued → done/)
    expect(() => s.change(o.id, ['held'], { state: 'queued' })).toThrow(/is queued/)
    expect(s.change(o.id, ['queued'], { state: 'held' }).state).toBe('held')
  })

  it('keeps one live order per order number; a refused one frees it', () => {
    const s = new OrderStore(open())
    const o = s.insert({ profileId: 'p', body: body('O-2'), draftId: null, draftName: 'x' })
    expect(() => s.insert({ profileId: 'p', body: body('O-2'), draftId: null, draftName: 'y' })).toThrow(/UNIQUE/)
    expect(s.insert({ profileId: 'other', body: body('O-2'), draftId: null, draftName: 'y' }).state).toBe('queued')
    s.change(o.id, null, { state: 'sending' })
    s.change(o.id, null, { state: 'refused' })
    expect(s.insert({ profileId: 'p', body: body('O-2'), draftId: null, draftName: 'z' }).state).toBe('queued')
  })

  it('an order claimed by one store is not claimed (nor due) for another until released or stale', () => {
    const db = open()
    let now = 1_000_000
    const a = new OrderStore(db, { claimToken: 'a', now: () => now })
    const b = new OrderStore(db, { claimToken: 'b', now: () => now })
    const o = a.insert({ profileId: 'p', body: body('O-3'), draftId: null, draftName: 'x' })
    expect(a.claim(o.id, ['queued'])).not.toBeNull()
    expect(b.claim(o.id, ['queued'])).toBeNull()
    expect(b.due(['queued'], now).map((d) => d.id)).toEqual([])
    a.release(o.id)
    expect(b.claim(o.id, ['queued'])).not.toBeNull()
    now += CLAIM_STALE_MS + 1
    expect(a.claim(o.id, ['queued'])).not.toBeNull()
  })

  it('finds orders by asset number, customer and license order id', () => {
    const s = new OrderStore(open())
    const o = s.insert({ profileId: 'p', body: body('O-4'), draftId: null, draftName: 'x' })
    s.change(o.id, null, { state: 'sending' })
    s.change(o.id, null, { state: 'done', detail: { results: [{ sequence: 1, licenseOrderId: 'LO123', customerId: 'C9', source: 'answer' }] } })
    const q = { profileId: 'p', states: [], offset: 0, limit: 10 }
    expect(s.list({ ...q, query: '8100000001' }).total).toBe(1)
    expect(s.list({ ...q, query: 'acme' }).total).toBe(1)
    expect(s.list({ ...q, query: 'LO123' }).orders[0]!.licenseOrderIds).toEqual(['LO123'])
    expect(s.list({ ...q, query: 'LO999' }).total).toBe(0)
    expect(s.list({ ...q, query: '', states: ['done'] }).total).toBe(1)
  })
})
