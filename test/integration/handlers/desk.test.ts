/**
 * The desk's handlers (assets, shell numbers, lookup, lock draft, files) through the core's registry, against
 * the real sandbox over HTTP, started by the core for the built-in Sandbox profile exactly as the app does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeError } from '@shared/errors/app-error'
import type { IpcResult } from '@shared/ipc/channel'
import type { ChannelName, ChannelOutput } from '@shared/ipc/contract'
import { ASSET_FLAG, type AssetTable } from '@shared/ipc/channels/assets'
import { DEMO_ASSETS, startSandbox, type SandboxHandle } from '../../../src/sandbox/index'
import type { Core } from '../../../src/main/core'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'

const ctx = { transport: 'test' } as const

let dir: string
let core: Core
let sandbox: SandboxHandle

async function call<C extends ChannelName>(core: Core, channel: C, input: unknown): Promise<ChannelOutput<C>> {
  const r = (await core.registry.invoke(channel, input, ctx)) as IpcResult<ChannelOutput<C>>
  if (!r.ok) throw new Error(`${channel} failed: ${JSON.stringify(r.error)}`)
  return r.value
}

async function callError(core: Core, channel: ChannelName, input: unknown) {
  const r = await core.registry.invoke(channel, input, ctx)
  if (r.ok) throw new Error(`${channel} succeeded unexpectedly`)
  return r.error
}

function row(t: AssetTable, assetNum: string) {
  const i = t.assetNum.indexOf(assetNum)
  expect(i, `${assetNum} in the table`).toBeGreaterThanOrEqual(0)
  return {
    id: t.id[i]!,
    licenseType: t.dict.licenseTypes[t.licenseType[i]!],
    locked: (t.flags[i]! & ASSET_FLAG.locked) !== 0,
    frozen: (t.flags[i]! & ASSET_FLAG.frozen) !== 0,
    borrowed: (t.flags[i]! & ASSET_FLAG.borrowed) !== 0,
    member: t.member[i]! >= 0 ? t.dict.members[t.member[i]!] : null,
    extendCodes: t.extendCodes[i]! >= 0 ? t.dict.extendCodes[t.extendCodes[i]!] : '',
  }
}

beforeAll(async () => {
  dir = await tempDir()
  core = await testCore(dir, {
    startSandbox: async (o) => {
      sandbox = await startSandbox(o)
      return sandbox
    },
  })
})

afterAll(async () => {
  await core?.dispose()
  await removeDir(dir)
})

describe('assets', () => {
  it('lists the enterprise of the Sandbox profile’s channel customer as a columnar table', async () => {
    const t = await call(core, 'assets.list', {})
    expect(t.enterpriseGlobalId).toBe('E000000000000001')
    expect(t.profileId).toBe('sandbox')
    expect(t.cached).toBe(false)
    const inState = sandbox.inspect.enterprise('E000000000000001')
    expect(inState).toBeDefined()
    expect(t.count).toBeGreaterThanOrEqual(100)
    expect(t.id).toHaveLength(t.count)
    expect(row(t, '8100000001')).toMatchObject({ licenseType: 'normal_recover_usbkey', locked: false })
    expect(row(t, '8100000013')).toMatchObject({ locked: true })
    expect(row(t, '8100000032')).toMatchObject({ licenseType: 'softkey', frozen: true })
    expect(row(t, '8100000041')).toMatchObject({ licenseType: 'cloud_account', member: 'M000000000000001' })
    expect(row(t, '8100000043').extendCodes).toBe('gxxp')
    expect(row(t, '8100000051').borrowed).toBe(true)
    expect(row(t, '8100000021').member).toBeNull()
    // The second answer comes from the cache; refresh asks again.
    expect((await call(core, 'assets.list', {})).cached).toBe(true)
    const before = sandbox.stats().byOperation['listVirtualAssets'] ?? 0
    const again = await call(core, 'assets.list', { refresh: true })
    expect(again.cached).toBe(false)
    expect(sandbox.stats().byOperation['listVirtualAssets']).toBe(before + 1)
  })

  it('filters by extension code on the service’s side', async () => {
    const t = await call(core, 'assets.list', { extendCode: 'gxxp' })
    expect(t.extendCode).toBe('gxxp')
    expect([...t.assetNum].sort()).toEqual(['8100000043', '8100000044'])
  })

  it('gives the full record of one asset for the drawer, and not-found for an unknown id', async () => {
    const t = await call(core, 'assets.list', {})
    const id = row(t, '8100000041').id
    const rec = await call(core, 'assets.detail', { id })
    expect(rec.assetNum).toBe('8100000041')
    expect(rec.assignStatus?.assignMemberId).toBe('M000000000000001')
    const err = await callError(core, 'assets.detail', { id: 'A999999999999999' })
    expect(err.code).toBe('app.notFound')
  })

  it('follows a change of the profile’s enterprise instead of answering from the cache', async () => {
    expect((await call(core, 'assets.list', {})).cached).toBe(true)
    await call(core, 'profiles.update', { id: 'sandbox', fields: { enterpriseGlobalId: 'E000000000000002' } })
    try {
      const other = await call(core, 'assets.list', {})
      expect(other).toMatchObject({ enterpriseGlobalId: 'E000000000000002', count: 9, cached: false })
    } finally {
      await call(core, 'profiles.update', { id: 'sandbox', fields: { enterpriseGlobalId: '' } })
    }
    // The demo enterprise's list was cached, but the profile changed since: it is read again.
    const back = await call(core, 'assets.list', {})
    expect(back).toMatchObject({ enterpriseGlobalId: 'E000000000000001', cached: false })
  })

  it('passes the service’s refusal of an unknown enterprise through as its code', async () => {
    const err = await callError(core, 'assets.list', { enterpriseGlobalId: 'E999999999999999' })
    expect(err.code).toBe('13004')
  })
})

describe('shell numbers', () => {
  it('issues numbers with their region, keeps them, and the history survives a restart of the core', async () => {
    const batch = await call(core, 'shellnums.issue', { size: 3 })
    expect(batch.numbers).toHaveLength(3)
    for (const n of batch.numbers) expect(n).toMatch(/^8\d{9}$/)
    expect(batch.profileName).toBe('Sandbox')
    const second = await call(core, 'shellnums.issue', { size: 2 })
    const history = await call(core, 'shellnums.history', {})
    expect(history.batches.map((b) => b.id)).toEqual([second.id, batch.id])
    // Every issue is a journaled write (a create: never retried blindly).
    const journal = await call(core, 'journal.list', { operations: ['getShellNums'] })
    expect(journal.entries.map((e) => [e.outcome, e.body])).toEqual([
      ['ok', { size: 2 }],
      ['ok', { size: 3 }],
    ])

    // A second core while the first still runs (the first owns the folder): it reads what the first kept.
    const other = await testCore(dir, { ownership: 'try' })
    try {
      const kept = await call(other, 'shellnums.history', {})
      expect(kept.batches.map((b) => b.numbers)).toEqual([second.numbers, batch.numbers])
      const left = await call(other, 'shellnums.forget', { id: batch.id })
      expect(left.batches.map((b) => b.id)).toEqual([second.id])
    } finally {
      await other.dispose()
    }
  })

  it('refuses a size above the setting before calling the service', async () => {
    await call(core, 'settings.update', { limits: { maxShellNumsPerCall: 5 } })
    try {
      const before = sandbox.stats().byOperation['getShellNums'] ?? 0
      const err = await callError(core, 'shellnums.issue', { size: 6 })
      expect(err.code).toBe('app.invalidInput')
      expect(err.details.issues?.[0]?.path).toBe('size')
      expect(sandbox.stats().byOperation['getShellNums'] ?? 0).toBe(before)
    } finally {
      await call(core, 'settings.update', { limits: { maxShellNumsPerCall: 1000 } })
    }
  })
})

describe('lookup', () => {
  it('composes a cloud account from every source: type, holder, products and packages', async () => {
    const r = await call(core, 'lookup.asset', { assetNum: '8100000041' })
    expect(r.found).toBe(true)
    expect(r.virtualAsset.source.status).toBe('ok')
    expect(r.virtualAsset.record?.licenseType).toBe('cloud_account')
    expect(r.assetNumber.record?.cloudAccountGlobalId).toBe('M000000000000001')
    expect(r.holderGlobalId).toBe('M000000000000001')
    expect(r.products.source.status).toBe('ok')
    expect(r.products.data?.productInstanceList?.length).toBeGreaterThan(0)
    expect(r.products.data?.children?.[0]?.merchandiseNum).toBe('PKG-SUITE')
    expect(r.lentLocks.record).toBeNull()

    const m = await call(core, 'lookup.member', { memberGlobalId: 'M000000000000001' })
    expect(m).toMatchObject({ found: true, complete: true, member: { userName: 'zhangsan', name: '张三' } })
  })

  it('shows a lent lock and to whom it is lent', async () => {
    const r = await call(core, 'lookup.asset', { assetNum: '8100000055' })
    expect(r.lentLocks.record).toMatchObject({ assetNum: '8100000055', borrowedFlag: true, cloudAccountGlobalId: 'M000000000000002' })
    expect(r.holderGlobalId).toBe('M000000000000002')
  })

  it('says not found for a number no source knows, and skips the products', async () => {
    const r = await call(core, 'lookup.asset', { assetNum: '8199999999' })
    expect(r.found).toBe(false)
    expect(r.products.source).toEqual({ status: 'skipped', reason: 'noAssetId' })
    const m = await call(core, 'lookup.member', { memberGlobalId: 'M999999999999999' })
    expect(m).toMatchObject({ found: false, complete: true, member: null })
  })

  it("finds another enterprise's asset when asked there, and says in plain words what the member group cannot show", async () => {
    // 8100000106: a cloud account of the second enterprise (E000000000000002); the connection's login is demoadmin's.
    const r = await call(core, 'lookup.asset', { assetNum: '8100000106', enterpriseGlobalId: 'E000000000000002' })
    expect(r.found).toBe(true)
    expect(r.enterpriseGlobalId).toBe('E000000000000002')
    expect(r.virtualAsset.record?.licenseType).toBe('cloud_account')
    for (const s of [r.assetNumber.source, r.lentLocks.source, r.products.source]) {
      expect(s).toMatchObject({ status: 'error', error: { code: 'app.enterpriseNotVisible', params: { enterprise: 'E000000000000002', own: 'E000000000000001', login: 'demoadmin' } } })
      if (s.status === 'error') expect(describeError(s.error, 'en')).not.toContain('token')
    }
    const said = r.assetNumber.source.status === 'error' ? r.assetNumber.source.error : null
    expect(describeError(said!, 'en')).toBe("The connection's employee login demoadmin belongs to enterprise E000000000000001, so the service does not show it the asset numbers, employees or lent locks of enterprise E000000000000002. What the virtual asset list tells about the asset is shown; for the rest, use a connection whose employee login belongs to E000000000000002.")
    expect(describeError(said!, 'zh-CN')).toContain('员工账号 demoadmin 属于企业 E000000000000001')
    // Naming the holder there: the same words.
    const e = await core.registry.invoke('lookup.member', { memberGlobalId: 'M000000000000009', enterpriseGlobalId: 'E000000000000002' }, ctx)
    expect(e.ok).toBe(false)
    if (!e.ok) expect(e.error.code).toBe('app.enterpriseNotVisible')
  })

  it('keeps the other sources when one fails', async () => {
    // The member group's lent-lock list fails (every retry too); the order group's record and the products still come.
    sandbox.queueFault({ kind: 'fail500', operation: 'listLentLocks', times: 10 })
    try {
      const r = await call(core, 'lookup.asset', { assetNum: '8100000001' })
      expect(r.lentLocks.source.status).toBe('error')
      expect(r.virtualAsset.source.status).toBe('ok')
      expect(r.virtualAsset.record?.licenseType).toBe('normal_recover_usbkey')
      expect(r.products.source.status).toBe('ok')
    } finally {
      sandbox.clearFaults()
    }
  })

  it('reads again what it kept once a profile changes, a job on employees ends, or a configure or lend call is made', async () => {
    const numberReads = () => sandbox.stats().byOperation['listAssetNums'] ?? 0
    const memberReads = () => sandbox.stats().byOperation['listMembers'] ?? 0
    const look = async () => {
      await call(core, 'lookup.asset', { assetNum: '8100000041' })
      await call(core, 'lookup.member', { memberGlobalId: 'M000000000000001' })
    }
    await look()
    let numbers = numberReads()
    let members = memberReads()
    await look()
    // Kept: the same lookup again asks the service nothing new for the numbers or the employees.
    expect([numberReads(), memberReads()]).toEqual([numbers, members])

    await call(core, 'profiles.activate', { id: 'sandbox' })
    await look()
    expect(numberReads()).toBe(numbers + 1)
    expect(memberReads()).toBeGreaterThan(members)

    numbers = numberReads()
    members = memberReads()
    const counts = { total: 1, ok: 1, failed: 0, unknown: 0, cancelled: 0, duplicate: 0, pending: 0, inFlight: 0, retryable: 0 }
    core.events.emit('bulk.progress', { jobId: 'j1', kind: 'members.import', status: 'running', counts, done: 0, remaining: 1, rate: 0, etaSeconds: null })
    await look()
    expect([numberReads(), memberReads()]).toEqual([numbers, members])
    core.events.emit('bulk.progress', { jobId: 'j1', kind: 'members.import', status: 'completed', counts, done: 1, remaining: 0, rate: 0, etaSeconds: null })
    await look()
    expect(numberReads()).toBe(numbers + 1)
    expect(memberReads()).toBeGreaterThan(members)

    // A number given to an employee shows its new holder at once, not the one kept from before.
    const free = await call(core, 'lookup.asset', { assetNum: '8100000002' })
    expect(free.holderGlobalId).toBeNull()
    const given = await call(core, 'holdings.configure', { memberGlobalId: 'M000000000000001', add: ['8100000002'], del: [] })
    expect(given.done).toBe(true)
    try {
      const held = await call(core, 'lookup.asset', { assetNum: '8100000002' })
      expect(held.holderGlobalId).toBe('M000000000000001')
    } finally {
      await call(core, 'holdings.configure', { memberGlobalId: 'M000000000000001', add: [], del: ['8100000002'] })
    }

    // A lend changes who holds what too: the next lookup reads the numbers again.
    const asset = await call(core, 'lookup.asset', { assetNum: '8100000045' })
    await look()
    numbers = numberReads()
    await call(core, 'holdings.lend', { memberGlobalId: asset.holderGlobalId, lockNum: DEMO_ASSETS.freeBorrowedLocks[0], assetIds: [asset.virtualAsset.record!.id] })
    await look()
    expect(numberReads()).toBe(numbers + 1)
  })
})

describe('lock draft', () => {
  it('keeps the pasted list until cleared, across a restart of the core', async () => {
    expect(await call(core, 'locks.getDraft', {})).toBeNull()
    const saved = await call(core, 'locks.saveDraft', { draft: { text: '8100000001\n8100000002', operatorIdentity: 'ops@example.com', action: 'enable' } })
    expect(saved?.updatedAt).toBeGreaterThan(0)
    // A second core while the first still runs (the first owns the folder): it reads what the first kept.
    const other = await testCore(dir, { ownership: 'try' })
    try {
      expect(await call(other, 'locks.getDraft', {})).toMatchObject({ text: '8100000001\n8100000002', action: 'enable' })
    } finally {
      await other.dispose()
    }
    await call(core, 'locks.saveDraft', { draft: null })
    expect(await call(core, 'locks.getDraft', {})).toBeNull()
  })
})
