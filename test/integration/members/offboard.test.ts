/**
 * Offboarding against a sandbox over HTTP: the check names people by account or name and shows what they hold;
 * the run (bulk kind members.offboard) withdraws every number before the account's step, under injected faults
 * (an answer lost after the work was done, a withdrawal that keeps failing), with every step applied once; a job
 * paused and the core restarted resumes with only what was left; the reclaim report says what came back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcResult } from '@shared/ipc/channel'
import type { JobDetail, JobSummary } from '@shared/ipc/channels/bulk'
import type { OffboardCheck, OffboardReport } from '@shared/ipc/channels/offboard'
import type { MemberPageView } from '@shared/ipc/channels/members'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import { offboardItems, readPeopleRefs, type OffboardThen } from '@shared/members/offboard'
import type { Core } from '../../../src/main/core'
import { MemoryVault } from '../../../src/main/services/vault'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { DEMO_EID, demoProfileInput, sandbox } from '../api/support'

const ctx = { transport: 'test' } as const
const vault = new MemoryVault('test')
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

async function check(text: string, then: OffboardThen): Promise<OffboardCheck> {
  return call<OffboardCheck>('offboard.check', on({ refs: readPeopleRefs(text), then }))
}
async function start(plan: OffboardCheck): Promise<JobSummary> {
  const items = offboardItems(plan)
  return call<JobSummary>('bulk.start', on({ kind: 'members.offboard', then: plan.then, confirmCount: items.length, items }))
}
async function listed(userName: string): Promise<boolean> {
  const page = await call<MemberPageView>('members.list', on({ keyword: userName, pageNum: 1, pageSize: 50 }))
  return page.list.some((m) => m.userName.toLowerCase().startsWith(userName.toLowerCase()))
}
/** Who holds a number in the sandbox (null: free). */
const holderOf = (n: string) => sb.inspect.asset(n)?.assignMemberId

beforeAll(async () => {
  sb = await sandbox()
  dir = await tempDir('ld-offboard-')
  core = await testCore(dir, { vault })
  profile = await call<ProfileView>('profiles.create', demoProfileInput(sb, 'Offboard'))
  await call('settings.update', { bulk: { retryBaseMs: 5, maxRetries: 2 } })
})
afterAll(async () => {
  await core?.dispose()
  await sb?.close()
  await removeDir(dir)
})

describe('offboarding', () => {
  it('checks who is meant and what they hold, and refuses a count that was not confirmed', async () => {
    const plan = await check('zhangsan\n李四, ghost-nobody\nZHANGSAN', 'delete')
    expect(plan.people.map((p) => p.person.userName.split('@')[0])).toEqual(['zhangsan', 'lisi'])
    expect(plan.problems.map((p) => [p.ref, p.code])).toEqual([['ghost-nobody', 'notFound'], ['ZHANGSAN', 'duplicate']])
    const zhang = plan.people[0]!
    expect(zhang.numbers.map((n) => n.assetNum).sort()).toEqual(['8100000001', '8100000041', '8100000043'])
    expect(zhang.numbers.every((n) => n.products !== null)).toBe(true)
    expect(zhang.steps).toEqual(['withdraw', 'delete'])
    const li = plan.people[1]!
    expect(li.locks.map((l) => l.lockNum)).toEqual(['8100000055'])
    expect(plan.counts).toMatchObject({ people: 2, numbers: 5 })
    const items = offboardItems(plan)
    const r = await core.registry.invoke('bulk.start', on({ kind: 'members.offboard', then: 'delete', confirmCount: 3, items }), ctx)
    expect(r.ok).toBe(false)
    expect(await listed('zhangsan')).toBe(true)
  })

  it('withdraws, then deletes, each step once, under lost answers; the report says what came back', async () => {
    const plan = await check('zhangsan\nlisi', 'delete')
    const before = { ...sb.stats().byOperation }
    // The first delete's answer is lost after the service did it, and so is the first configure's.
    sb.queueFault({ kind: 'dropAfterWork', operation: 'deleteMember', times: 1 })
    sb.queueFault({ kind: 'dropAfterWork', operation: 'configureAssets', times: 1 })
    const job = await start(plan)
    const done = await core.services.bulk.wait(job.id)
    expect(done.counts).toMatchObject({ ok: 2, failed: 0, unknown: 0 })
    const after = sb.stats().byOperation
    // One delete per person: the lost one was read back (gone), not sent again.
    expect((after['deleteMember'] ?? 0) - (before['deleteMember'] ?? 0)).toBe(2)
    // The lost configure went again (safe to repeat): 3 sent for 2 people, the numbers withdrawn once.
    expect((after['configureAssets'] ?? 0) - (before['configureAssets'] ?? 0)).toBe(3)
    expect(await listed('zhangsan')).toBe(false)
    expect(await listed('lisi')).toBe(false)
    for (const n of ['8100000001', '8100000041', '8100000043', '8100000042', '8100000044']) expect(holderOf(n)).toBeNull()
    // The journal has each step with the job's id, withdraw before delete for each person.
    const ops = (await core.services.journal.list({ jobId: job.id, limit: 100 })).entries.map((e) => e.operation).reverse()
    expect(ops.filter((o) => o === 'deleteMember')).toHaveLength(2)
    expect(ops.indexOf('configureAssets')).toBeLessThan(ops.indexOf('deleteMember'))

    const report = await call<OffboardReport>('offboard.report', { jobId: job.id })
    expect(report.left).toBe(2)
    expect(report.freed.sort()).toEqual(['8100000001', '8100000041', '8100000042', '8100000043', '8100000044'])
    expect(report.file.fileName).toMatch(/\.xlsx$/)
  })

  it('a withdrawal that fails stops that person: the account is not touched; a retry finishes it', async () => {
    const plan = await check('wangwu', 'delete')
    expect(plan.people[0]!.numbers.length).toBeGreaterThan(0)
    const deletes = sb.stats().byOperation['deleteMember'] ?? 0
    sb.queueFault({ kind: 'fail500', operation: 'configureAssets', times: 3 })
    const job = await start(plan)
    const done = await core.services.bulk.wait(job.id)
    expect(done.counts).toMatchObject({ ok: 0, failed: 1, retryable: 1 })
    const d = await call<JobDetail>('bulk.get', { id: job.id, limit: 10 })
    expect(d.items[0]!.result.error?.params['step']).toBe('withdraw')
    expect(sb.stats().byOperation['deleteMember'] ?? 0).toBe(deletes)
    expect(await listed('wangwu')).toBe(true)
    await call('bulk.retryFailed', { id: job.id })
    expect((await core.services.bulk.wait(job.id)).counts).toMatchObject({ ok: 1, failed: 0 })
    expect(await listed('wangwu')).toBe(false)
    expect(sb.stats().byOperation['deleteMember'] ?? 0).toBe(deletes + 1)
  })

  it('a person already gone when their numbers are withdrawn counts as deleted (a delete done before a restart)', async () => {
    const page = await call<MemberPageView>('members.list', on({ pageNum: 1, pageSize: 50 }))
    const one = page.list.find((m) => !m.userName.startsWith('magic') && !/^(zhangsan|lisi|wangwu)$/.test(m.userName))!
    const plan = await check(one.userName, 'delete')
    // Deleted after the check: as if this job's own delete had gone through and the app stopped before its result.
    await (await core.services.clients.get(profile.id)).deleteMember(DEMO_EID, one.globalId)
    const job = await start({ ...plan, people: plan.people.map((p) => ({ ...p, numbers: p.numbers.length ? p.numbers : [{ assetNum: '8100000002', assetId: 'x', lent: false, products: null }] })) })
    const done = await core.services.bulk.wait(job.id)
    expect(done.counts).toMatchObject({ ok: 1, failed: 0 })
  })

  it('paused, the app restarted, resumed: only the people left are sent, each once', async () => {
    await call('settings.update', { bulk: { concurrency: 1 } })
    const page = await call<MemberPageView>('members.list', on({ pageNum: 1, pageSize: 50 }))
    const some = page.list.filter((m) => !m.userName.startsWith('magic') && !/^(zhangsan|lisi|wangwu)@/.test(m.userName)).slice(0, 4)
    const plan = await check(some.map((m) => m.userName).join('\n'), 'resetPassword')
    expect(plan.counts.people).toBe(4)
    const before = { ...sb.stats().byOperation }
    const job = await start(plan)
    // Paused at once: one call at a time, so at most the person in flight finishes.
    await core.services.bulk.pause(job.id)
    const paused = await core.services.bulk.settled(job.id)
    expect(paused.status).toBe('paused')
    expect(paused.counts.ok).toBeLessThanOrEqual(1)
    await core.dispose()
    core = await testCore(dir, { vault })
    await call('bulk.resume', { id: job.id })
    const done = await core.services.bulk.wait(job.id)
    expect(done.counts).toMatchObject({ ok: 4, failed: 0 })
    const after = sb.stats().byOperation
    expect((after['resetPassword'] ?? 0) - (before['resetPassword'] ?? 0)).toBe(4)
    const withNumbers = plan.people.filter((p) => p.numbers.length > 0).length
    expect((after['configureAssets'] ?? 0) - (before['configureAssets'] ?? 0)).toBe(withNumbers)
    // Accounts stay (a new password only), their numbers are free.
    for (const m of some) expect(await listed(m.userName.split('@')[0]!)).toBe(true)
    for (const p of plan.people) for (const n of p.numbers) expect(holderOf(n.assetNum)).toBeNull()
    await call('settings.update', { bulk: { concurrency: 8 } })
  })
})
