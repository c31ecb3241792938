/**
 * Async orders (the spec gives no callback): the sandbox answers at once and applies the work later
 * (`asyncDelayMs`). The order is `accepted`, then `done` once its assets appear; `notConfirmed` (saying which were
 * not seen) when they do not within the limit; and a lost answer of an async order is not taken as "not done"
 * while it may still be processed: read again until its assets appear, never sent twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderRecord } from '@shared/ipc/channels/orders'
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/index'
import type { Core } from '../../../src/main/core'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { call, freshAssetNo, newBuyEntry, orderBody, profileInput, saveDraft, until } from './support'

let dir: string
let core: Core
let sb: SandboxHandle
let slow: SandboxHandle

beforeAll(async () => {
  dir = await tempDir('ld-orders-async-')
  sb = await startSandbox({ quiet: true, acceptRepeatedChannelOrder: true, asyncDelayMs: 400 })
  slow = await startSandbox({ quiet: true, asyncDelayMs: 3_600_000 })
  core = await testCore(dir, { orderTiming: { retryBaseMs: 50, retryMaxMs: 200, readBackRetryMs: 50, asyncEveryMs: 50, asyncLimitMs: 1_500, tickMs: 25 } })
  await call(core, 'settings.update', { bulk: { retryBaseMs: 5, maxRetries: 2 } })
})
afterAll(async () => {
  await core?.dispose()
  await sb?.close()
  await slow?.close()
  await removeDir(dir)
})

async function submitAsync(on: SandboxHandle, name: string) {
  const profile = await call(core, 'profiles.create', profileInput(on.url, name))
  const no = freshAssetNo()
  const body = orderBody(`ASYNC-${no}`, [newBuyEntry(on.demo.customerId, [no])], 'async')
  const d = await saveDraft(core, profile.id, body)
  const order = await call(core, 'orders.submit', { draftId: d.id, baseRevision: d.revision })
  return { order, no, body }
}
const states = async (id: string, want: OrderRecord['state'][]) => until(`order in ${want.join('/')}`, () => call(core, 'orders.get', { id }), (o) => want.includes(o.state), 20_000)

describe('async orders', () => {
  it('accepted, then done once its assets appear', async () => {
    const { order, no } = await submitAsync(sb, 'Async')
    const accepted = await states(order.id, ['accepted'])
    expect(accepted.results[0]!.licenseOrderId).toMatch(/^LO/)
    expect(sb.inspect.asset(no)).toBeUndefined()
    const done = await states(order.id, ['done'])
    expect(done.asyncCheck!.entries).toEqual([{ sequence: 1, seen: true, missing: [] }])
    // Checked until they appeared (how many times depends on how busy the machine is, so only that it was checked).
    expect(done.asyncCheck!.checks).toBeGreaterThanOrEqual(1)
  })

  it('not confirmed when its assets do not appear within the limit, with the numbers not seen', async () => {
    const { order, no } = await submitAsync(slow, 'Slow')
    const end = await states(order.id, ['notConfirmed'])
    expect(end.asyncCheck!.entries[0]).toMatchObject({ seen: false, missing: [no] })
  })

  it('a lost answer: nothing visible yet is not "not done"; read again until the assets appear, sent once', async () => {
    sb.queueFault({ kind: 'dropAfterWork', operation: 'batchOrder' })
    const { order, body } = await submitAsync(sb, 'Async lost')
    const done = await states(order.id, ['done'])
    expect(done.readBacks[0]!.entries[0]!.reason).toBe('asyncNotYet')
    expect(done.readBacks.at(-1)!.verdict).toBe('done')
    expect(done.attemptList.filter((a) => a.outcome !== 'notSent')).toHaveLength(1)
    expect(sb.stats().creates.received['batchOrder']?.[`DEMO/${body.channelOrderId}`]).toBe(1)
  })
})
