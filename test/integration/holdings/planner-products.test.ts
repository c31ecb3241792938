/**
 * The planner's product columns against the sandbox's demo enterprise over HTTP: the products of the free numbers
 * are read once (member operation 7, one call a number; a second ask costs none), a tick on a product becomes the
 * configure call giving the free number the rule picks (the fewest other products, then the lowest number), the
 * diff names it, and the undo gives it back. And a number of another enterprise whose list the app holds (order
 * operation 8, read on the Assets screen) is refused as that enterprise's, offline, also after a configure in this
 * enterprise; one no list has stays "not this enterprise's".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcResult } from '@shared/ipc/channel'
import type { HoldingTable } from '@shared/ipc/channels/holdings'
import type { JournalPage } from '@shared/ipc/channels/journal'
import type { PlanCheck, PlanProducts, PlanRun } from '@shared/ipc/channels/planner'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import type { MemberPageView as MemberPage } from '@shared/ipc/channels/members'
import { rowsOfCells } from '@shared/holdings/plan'
import { changeWords } from '@shared/holdings/plan-words'
import type { Core } from '../../../src/main/core'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { DEMO_EID, demoProfileInput, sandbox } from '../api/support'

const ctx = { transport: 'test' } as const
let sb: SandboxHandle
let dir: string
let core: Core
let profile: ProfileView

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = (await core.registry.invoke(channel, input, ctx)) as IpcResult<T>
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value
}
const on = <T extends object>(x: T) => ({ profileId: profile.id, enterpriseGlobalId: DEMO_EID, ...x })
const productCalls = () => sb.stats().byOperation['listAssetProducts'] ?? 0

async function holderOf(assetNum: string): Promise<string | null> {
  const t = await call<HoldingTable>('holdings.numbers', on({ refresh: true }))
  const i = t.assetNum.indexOf(assetNum)
  return t.holder[i]! < 0 ? null : t.holders[t.holder[i]!]!
}

beforeAll(async () => {
  sb = await sandbox({ seed: 5 })
  dir = await tempDir('ld-planner-products-')
  core = await testCore(dir)
  profile = await call<ProfileView>('profiles.create', demoProfileInput(sb, 'Planner products'))
})
afterAll(async () => {
  await core?.dispose()
  await sb?.close()
  await removeDir(dir)
})

describe('product columns', () => {
  it('a product tick gives the free number the rule picks, in one configure call; undo gives it back', async () => {
    const before = productCalls()
    const free = await call<PlanProducts>('planner.products', on({ free: true }))
    const freeCalls = productCalls() - before
    expect(free.calls).toBe(freeCalls)
    expect(freeCalls).toBeGreaterThan(0)
    // Asked again: nothing is read twice.
    expect((await call<PlanProducts>('planner.products', on({ free: true }))).calls).toBe(0)
    expect(productCalls() - before).toBe(freeCalls)

    // A product some free number carries; the numbers that do, with what else they carry.
    const product = free.products.filter((p) => (p.free ?? 0) > 0).sort((a, b) => (b.free ?? 0) - (a.free ?? 0))[0]!
    const t = await call<HoldingTable>('holdings.numbers', on({}))
    const freeNums = t.assetNum.filter((_, i) => t.holder[i]! < 0 && (t.flags[i]! & 4) === 0)
    const carried = (await call<PlanProducts>('planner.products', on({ assetNums: freeNums }))).numbers.filter((n) => n.products?.includes(product.uri))
    const best = [...carried].sort((a, b) => a.products!.length - b.products!.length || a.assetNum.length - b.assetNum.length || a.assetNum.localeCompare(b.assetNum))[0]!

    // Someone holding no number: nothing of theirs to read.
    const page = await call<MemberPage>('members.list', on({ pageNum: 1, pageSize: 100 }))
    const who = page.list.find((m) => (m.assetNums ?? []).length === 0 && !m.userName.startsWith('magic'))!
    const cells = [{ employee: who.userName, productUri: product.uri, mark: 'give' as const }]
    const check = await call<PlanCheck>('planner.check', on({ rows: [], products: cells }))
    expect(check.products.map((p) => [p.outcome, p.numbers])).toEqual([['gets', [best.assetNum]]])
    expect(check.changes).toEqual([{ line: 1, kind: 'gets', member: who.globalId, assetNum: best.assetNum, product: product.uri }])
    expect(check.productCalls).toBe(0)
    const name = check.productNames.find((p) => p.uri === product.uri)!.name
    expect(name).toBe(product.name)
    expect(changeWords(check.changes[0]!, 'en', () => who.userName, () => name)).toBe(`${who.userName} gets ${best.assetNum} for ${name}`)

    const run = await call<PlanRun>('planner.apply', on({ rows: [], products: cells }))
    expect(run.failures).toEqual([])
    expect(run.outcomes.done).toBe(1)
    const sent = await call<JournalPage>('journal.list', { jobId: run.plan.jobIds[0], operations: ['configureAssets'] })
    expect(sent.entries.map((e) => [e.path.endsWith(`/member/${who.globalId}/privileges`), e.body])).toEqual([[true, { deleteAssets: [], addAssets: [best.assetNum] }]])
    expect(await holderOf(best.assetNum)).toBe(who.globalId)

    // Ticked again: they have it now (nothing to do); unticked: that number goes back.
    const again = await call<PlanCheck>('planner.check', on({ rows: [], products: cells }))
    expect(again.products.map((p) => [p.outcome, p.numbers])).toEqual([['has', [best.assetNum]]])
    const untick = await call<PlanCheck>('planner.check', on({ rows: [], products: [{ ...cells[0]!, mark: 'take' }] }))
    expect(untick.changes.map((c) => [c.kind, c.assetNum, c.product])).toEqual([['givesBack', best.assetNum, product.uri]])

    const undo = await call<PlanRun>('planner.undo', { id: run.plan.id })
    expect(undo.failures).toEqual([])
    expect(await holderOf(best.assetNum)).toBeNull()
  }, 30_000)
})

describe('another enterprise’s number', () => {
  it('is said as that enterprise’s when the app holds its list, else as not this enterprise’s', async () => {
    const other = 'E000000000000002'
    const list = await call<{ assetNum: string[] }>('assets.list', { profileId: profile.id, enterpriseGlobalId: other })
    expect(list.assetNum).toContain('8100000101')
    const check = await call<PlanCheck>('planner.check', on({ rows: rowsOfCells([
      { employee: 'zhangsan', assetNum: '8100000101', mark: 'give' },
      { employee: 'zhangsan', assetNum: '8100009999', mark: 'give' },
    ]) }))
    expect(check.problems.map((r) => [r.assetNum, r.issue, r.enterprise])).toEqual([
      ['8100000101', 'otherEnterprise', other],
      ['8100009999', 'notOurs', undefined],
    ])
    expect(check.counts.calls).toBe(0)

    // A configure in this enterprise forgets its own lists, not the other enterprise's.
    const free = await call<{ numbers: { assetNum: string }[] }>('holdings.free', on({ search: '', limit: 1 }))
    const n = free.numbers[0]!.assetNum
    const run = await call<PlanRun>('planner.apply', on({ rows: rowsOfCells([{ employee: 'zhangsan', assetNum: n, mark: 'give' }]) }))
    expect(run.outcomes.done).toBe(1)
    const done = await call<{ done: boolean }>('holdings.configure', on({ memberGlobalId: (await holderOf(n))!, add: [], del: [n] }))
    expect(done.done).toBe(true)
    const after = await call<PlanCheck>('planner.check', on({ rows: rowsOfCells([{ employee: 'zhangsan', assetNum: '8100000101', mark: 'give' }]) }))
    expect(after.problems.map((r) => [r.issue, r.enterprise])).toEqual([['otherEnterprise', other]])
  })
})
