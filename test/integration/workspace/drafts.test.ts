/**
 * Order drafts shared through the team workspace: two cores on two data folders, one workspace on the real
 * PostgreSQL test cluster, one sandbox both send to. A draft handed over for review is submitted once: both
 * workstations try, exactly one order reaches the sandbox, the other is refused naming the colleague and their
 * workstation. An order number is reserved across the team before the order is queued. Submitting a shared draft
 * needs the server; preparing one does not. The order history records who submitted from which workstation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeError, type AppErrorData } from '@shared/errors/app-error'
import type { IpcResult } from '@shared/ipc/channel'
import type { OrderRecord } from '@shared/ipc/channels/orders'
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/index'
import type { Core } from '../../../src/main/core'
import { testCore } from '../../support/core'
import { sharedCluster } from '../../support/pg'
import { removeDir, tempDir } from '../../support/tmp'
import { disconnect, reconnect, setupWorkspace, until, type TestWorkspace } from '../../support/workspace'
import { call, callError, freshAssetNo, newBuyEntry, orderBody, profileInput, saveDraft, until as poll } from '../orders/support'

let release: () => Promise<void>
let ws: TestWorkspace
let sb: SandboxHandle
let dirs: string[] = []
const desks: { core: Core; profileId: string }[] = []

const timing = { retryBaseMs: 50, retryMaxMs: 200, readBackRetryMs: 50, asyncEveryMs: 50, asyncLimitMs: 2_000, tickMs: 25 }
/** Orders the sandbox received for a number (each a batchOrder call). */
const received = (channelOrderId: string): number => sb.stats().creates.received['batchOrder']?.[`DEMO/${channelOrderId}`] ?? 0
const shareOf = (d: { core: Core }, id: string) => d.core.services.workspaceDrafts.get(id).share
const settled = (core: Core) => () => {
  const s = core.services.workspace.status()
  return s.online && s.pending === 0
}
const submit = (d: { core: Core }, draftId: string): Promise<IpcResult<OrderRecord>> =>
  d.core.registry.invoke('orders.submit', { draftId, baseRevision: d.core.services.drafts.meta(draftId)!.revision }, { transport: 'test' }) as Promise<IpcResult<OrderRecord>>
/** The error as the user reads it. */
const say = (e: AppErrorData, locale: 'en' | 'zh-CN' = 'en'): string => describeError(e, locale)
const draftBody = (number: string) => orderBody(number, [newBuyEntry(sb.demo.customerId, [freshAssetNo()])])

beforeAll(async () => {
  const cluster = await sharedCluster()
  release = cluster.release
  ws = await setupWorkspace(cluster.server, ['alice', 'bob'])
  sb = await startSandbox({ quiet: true })
  dirs = [await tempDir(), await tempDir()]
  for (const [i, dir] of dirs.entries()) {
    const core = await testCore(dir, { orderTiming: timing, workspaceRetry: { firstMs: 20, maxMs: 100 } })
    const profile = await call(core, 'profiles.create', profileInput(sb.url, 'Team'))
    await call(core, 'profiles.activate', { id: profile.id })
    core.services.orders.start()
    const m = ws.members[i]!
    // Each workstation shares its own connection profile to the same service (profile ids are local).
    await core.services.workspace.set({ host: ws.server.host, port: ws.server.port, database: ws.database, user: m.user, profileId: profile.id, workstation: `desk-${'ab'[i]}` }, m.password)
    await until(core, settled(core))
    desks.push({ core, profileId: profile.id })
  }
})

afterAll(async () => {
  for (const d of desks) await d.core.dispose()
  await ws?.drop()
  await sb?.close()
  await release?.()
  for (const d of dirs) await removeDir(d)
})

describe('team workspace: shared order drafts', () => {
  it('a draft handed over for review is submitted once: both try, one order reaches the sandbox, the other is refused naming the colleague', async () => {
    const [a, b] = desks as [(typeof desks)[number], (typeof desks)[number]]
    const number = `WS-${freshAssetNo()}`
    const draft = await saveDraft(a.core, a.profileId, draftBody(number))
    expect(shareOf(a, draft.id)).toMatchObject({ state: 'preparing', owner: ws.members[0]!.user, ownerFrom: 'desk-a' })
    await until(b.core, () => b.core.services.drafts.meta(draft.id) !== null)
    expect(shareOf(b, draft.id)).toMatchObject({ state: 'preparing', owner: ws.members[0]!.user })

    const handed = await call(a.core, 'workspaceDrafts.handOver', { id: draft.id })
    expect(handed).toMatchObject({ state: 'review', by: ws.members[0]!.user, from: 'desk-a' })
    await until(b.core, () => shareOf(b, draft.id)?.state === 'review')
    // The list's read of it on Bob's workstation: who he is, and the draft handed over by Alice (a draft of another connection is not shared).
    const local = await saveDraft(b.core, 'another-connection', draftBody(`WS-${freshAssetNo()}`))
    expect(await call(b.core, 'workspaceDrafts.shares', { ids: [draft.id, local.id] })).toEqual({
      me: { user: ws.members[1]!.user, workstation: 'desk-b' },
      shares: [{ id: draft.id, share: handed }],
    })
    // Handing over happens once too.
    const again = await callError(b.core, 'workspaceDrafts.handOver', { id: draft.id })
    expect(again.code).toBe('app.workspaceDraftInReview')
    expect(say(again)).toContain(ws.members[0]!.user)
    expect(say(again, 'zh-CN')).toContain('desk-a')

    const results = await Promise.all([submit(a, draft.id), submit(b, draft.id)])
    const won = results.filter((r): r is { ok: true; value: OrderRecord } => r.ok)
    const lost = results.flatMap((r) => (r.ok ? [] : [r.error as AppErrorData]))
    expect(won).toHaveLength(1)
    expect(lost).toHaveLength(1)
    const winner = results[0]!.ok ? 0 : 1
    expect(lost[0]!.code).toBe('app.workspaceDraftSubmitted')
    expect(say(lost[0]!)).toContain(ws.members[winner]!.user)
    expect(say(lost[0]!)).toContain(`desk-${'ab'[winner]}`)

    const core = desks[winner]!.core
    const done = await poll('the order done', () => core.services.orders.get(won[0]!.value.id), (o) => o.state === 'done')
    // The history records who submitted it from which workstation, as the server recorded it.
    expect(done.submittedBy).toMatchObject({ user: ws.members[winner]!.user, workstation: `desk-${'ab'[winner]}` })
    expect(received(number)).toBe(1)
    const loser = desks[1 - winner]!.core
    expect(loser.services.orders.store.byChannelOrderId(desks[1 - winner]!.profileId, number)).toBeFalsy()
    // The loser's copy shows who submitted it, from which workstation.
    await until(loser, () => shareOf(desks[1 - winner]!, draft.id)?.state === 'submitted')
    expect(shareOf(desks[1 - winner]!, draft.id)).toMatchObject({ by: ws.members[winner]!.user, from: `desk-${'ab'[winner]}`, channelOrderId: number })
  })

  it('an order number is reserved across the team: the same number on another workstation is refused naming who holds it', async () => {
    const [a, b] = desks as [(typeof desks)[number], (typeof desks)[number]]
    const number = `WS-${freshAssetNo()}`
    const first = await saveDraft(a.core, a.profileId, draftBody(number))
    const second = await saveDraft(b.core, b.profileId, draftBody(number))
    const ok = await submit(a, first.id)
    expect(ok.ok).toBe(true)
    const refused = await submit(b, second.id)
    expect(refused.ok).toBe(false)
    const err = (refused as { ok: false; error: AppErrorData }).error
    expect(err.code).toBe('app.orderNumberReserved')
    expect(say(err)).toContain(number)
    expect(say(err)).toContain(ws.members[0]!.user)
    expect(say(err, 'zh-CN')).toContain('desk-a')
    // Bob's draft is kept as it was, to change its number.
    expect(b.core.services.drafts.meta(second.id)?.removedAt).toBeNull()
    if (ok.ok) await poll('the order done', () => a.core.services.orders.get(ok.value.id), (o) => o.state === 'done')
    expect(received(number)).toBe(1)
  })

  it("only the person a shared draft is with renames, removes or restores it: a colleague is refused naming them, nothing changed; a hand-over tells the core's windows at once", async () => {
    const [a, b] = desks as [(typeof desks)[number], (typeof desks)[number]]
    const alice = ws.members[0]!.user
    const draft = await saveDraft(a.core, a.profileId, draftBody(`WS-${freshAssetNo()}`))
    await until(b.core, () => b.core.services.drafts.meta(draft.id) !== null)
    const before = b.core.services.drafts.meta(draft.id)!

    // Being prepared: Bob may neither rename nor remove it (one at a time or among his own), nor restore it.
    const own = await saveDraft(b.core, b.profileId, draftBody(`WS-${freshAssetNo()}`))
    for (const [channel, input] of [
      ['drafts.rename', { id: draft.id, name: 'Mine now' }],
      ['drafts.remove', { ids: [draft.id] }],
      ['drafts.remove', { ids: [own.id, draft.id] }],
    ] as const) {
      const err = await callError(b.core, channel, input)
      expect(err.code).toBe('app.workspaceDraftNotYours')
      expect(say(err)).toContain(alice)
      expect(say(err, 'zh-CN')).toContain('desk-a')
    }
    // Refused before anything changed: his own draft of the batch stays too.
    expect(b.core.services.drafts.meta(draft.id)).toMatchObject({ name: before.name, removedAt: null })
    expect(b.core.services.drafts.meta(own.id)?.removedAt).toBeNull()

    // A hand-over tells this core's other windows (drafts.changed), not only the colleagues' sync.
    const told: string[][] = []
    const stop = a.core.events.on('drafts.changed', (p) => told.push(p.ids))
    await call(a.core, 'workspaceDrafts.handOver', { id: draft.id })
    stop()
    expect(told).toContainEqual([draft.id])
    await until(b.core, () => shareOf(b, draft.id)?.state === 'review')

    // Ready for review: the reviewer still may not remove it; its owner may, and may restore it.
    expect((await callError(b.core, 'drafts.remove', { ids: [draft.id] })).code).toBe('app.workspaceDraftNotYours')
    await call(a.core, 'drafts.rename', { id: draft.id, name: 'Renamed by Alice' })
    await call(a.core, 'drafts.remove', { ids: [draft.id] })
    await until(b.core, () => b.core.services.drafts.meta(draft.id)?.removedAt !== null)
    expect(b.core.services.drafts.meta(draft.id)?.name).toBe('Renamed by Alice')
    expect((await callError(b.core, 'drafts.restore', { ids: [draft.id] })).code).toBe('app.workspaceDraftNotYours')
    await call(a.core, 'drafts.restore', { ids: [draft.id] })
    // Bob's own drafts are his to remove.
    await call(b.core, 'drafts.remove', { ids: [own.id] })
  })

  it('offline: a draft is prepared and reaches the team later; submitting a shared draft needs the server, and nothing is lost', async () => {
    const [a, b] = desks as [(typeof desks)[number], (typeof desks)[number]]
    await disconnect(ws, 1)
    await until(b.core, () => !b.core.services.workspace.status().online)
    const number = `WS-${freshAssetNo()}`
    const draft = await saveDraft(b.core, b.profileId, draftBody(number))
    const refused = await callError(b.core, 'orders.submit', { draftId: draft.id, baseRevision: draft.revision })
    expect(refused.code).toBe('app.workspaceOffline')
    expect(b.core.services.drafts.meta(draft.id)?.removedAt).toBeNull()
    expect(received(number)).toBe(0)

    await reconnect(ws, 1)
    await until(a.core, () => a.core.services.drafts.meta(draft.id) !== null)
    expect(shareOf(a, draft.id)).toMatchObject({ state: 'preparing', owner: ws.members[1]!.user, ownerFrom: 'desk-b' })
  })
})
