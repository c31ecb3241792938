/**
 * The bulk kinds on employees through the bulk channels, against a sandbox over HTTP: an import of a file with
 * bad rows (refused before sending, by line) and accounts the service refuses (60027: its own message per row);
 * delete many (a lost answer read back, an employee already gone); one new password for many, removed from the
 * job's file once every employee has it.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcResult } from '@shared/ipc/channel'
import type { JobDetail, JobSummary } from '@shared/ipc/channels/bulk'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import type { MemberRow } from '@shared/ipc/channels/members'
import type { Core } from '../../../src/main/core'
import { importEmployees } from '../../../src/main/services/import'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { DEMO_EID, demoProfileInput, sandbox, unique } from '../api/support'
import { waitFor } from '../../support/wait'

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
async function finished(id: string): Promise<JobDetail> {
  for (;;) {
    const d = await call<JobDetail>('bulk.get', { id, limit: 1000 })
    if (!['running', 'cancelling'].includes(d.job.status)) return d
    await new Promise((r) => setTimeout(r, 20))
  }
}
async function addSome(prefix: string, n: number): Promise<MemberRow[]> {
  const out: MemberRow[] = []
  for (let i = 0; i < n; i++) {
    const userName = unique(prefix)
    out.push((await call<{ member: MemberRow }>('members.add', { profileId: profile.id, enterpriseGlobalId: DEMO_EID, member: { userName, password: 'Start#2024', name: `批量${i}` } })).member)
  }
  return out
}

beforeAll(async () => {
  sb = await sandbox()
  dir = await tempDir('ld-bulk-members-')
  core = await testCore(dir)
  profile = await call<ProfileView>('profiles.create', demoProfileInput(sb, 'Bulk members'))
})
afterAll(async () => {
  await core?.dispose()
  await sb?.close()
  await removeDir(dir)
})

describe('import', () => {
  it('bad rows are refused by line before sending; the service’s refusals come back per row in its own words', async () => {
    const a = unique('imp')
    const b = unique('imp')
    const csv = [
      '账号,密码,姓名,备注',
      `${a},Start#2024,甲,ok`,
      'bad-name!,Start#2024,乙,',
      `${unique('imp')},Start#2024,${'长'.repeat(31)},`,
      `${a.toUpperCase()},Start#2024,重复,`,
      `zhangsan,Start#2024,已有,`,
      `${b},Start#2024,丙,`,
    ].join('\r\n')
    const parsed = await importEmployees({ bytes: new TextEncoder().encode(csv), fileName: 'staff.csv' }, { locale: 'zh-CN' })
    expect(parsed.issues.map((i) => [i.line, i.code])).toEqual([
      [3, '10003'],
      [4, '30002'],
      [5, 'import.duplicate'],
    ])
    expect(parsed.issues[1]!.message).toContain('姓名')
    // The member directory has read the list before the import…
    const before = await call<{ found: unknown[] }>('members.accounts', { profileId: profile.id, enterpriseGlobalId: DEMO_EID, userNames: [a, b] })
    expect(before.found).toHaveLength(0)
    const started = await call<JobSummary>('bulk.start', { kind: 'members.import', profileId: profile.id, enterpriseGlobalId: DEMO_EID, items: parsed.rows.map((r) => r.member) })
    const done = await finished(started.id)
    // …and knows the imported employees once the job is over.
    const after = await call<{ found: { asked: string }[] }>('members.accounts', { profileId: profile.id, enterpriseGlobalId: DEMO_EID, userNames: [a, b] })
    expect(after.found.map((f) => f.asked)).toEqual([a, b])
    expect(done.job.counts).toMatchObject({ total: 3, ok: 2, failed: 1 })
    const zhang = done.items.find((i) => i.key === 'zhangsan')!
    expect(zhang.result).toEqual({ state: 'failed', message: 'The account already exists.' })
    // Initial passwords leave the job's file once each employee has reached its end, refused ones too.
    const read = () => readFileSync(join(dir, 'jobs', started.id, 'job.json'), 'utf8')
    // (Rewritten once the run has ended, behind it: waited for, not timed.)
    await waitFor(() => expect(read()).not.toContain('Start#2024'), { interval: 20 })
    expect(read()).toContain('zhangsan')
  })
})

describe('delete many', () => {
  it('deletes each, reads a lost answer back before sending again, and counts an employee already gone as done', async () => {
    const people = await addSome('bd', 5)
    // One of them is deleted elsewhere first.
    await call('members.delete', { profileId: profile.id, enterpriseGlobalId: DEMO_EID, memberGlobalId: people[4]!.globalId })
    const before = sb.stats().byOperation['deleteMember'] ?? 0
    sb.queueFault({ kind: 'dropAfterWork', operation: 'deleteMember' })
    const items = [...people.map((p) => ({ globalId: p.globalId, userName: p.userName, name: p.name })), { globalId: people[0]!.globalId, userName: people[0]!.userName }]
    const started = await call<JobSummary>('bulk.start', { kind: 'members.delete', profileId: profile.id, enterpriseGlobalId: DEMO_EID, items })
    expect(started).toMatchObject({ kind: 'members.delete', target: DEMO_EID, counts: { total: 6, duplicate: 1 } })
    const done = await finished(started.id)
    expect(done.job).toMatchObject({ status: 'completed', counts: { ok: 5, failed: 0, unknown: 0, duplicate: 1 } })
    // Five sends: the lost one was read back (gone), not sent again.
    expect(sb.stats().byOperation['deleteMember']).toBe(before + 5)
    expect(done.items.filter((i) => i.result.reconciled)).toHaveLength(1)
    expect(done.items[4]).toMatchObject({ key: people[4]!.userName, label: people[4]!.name, result: { state: 'ok', message: expect.stringContaining('User not found.') } })
    for (const p of people) expect(sb.inspect.employeeByUserName(DEMO_EID, p.userName)).toBeUndefined()
  })

  it('a user center exception fails the employee, with what the service said, and it can be retried', async () => {
    const started = await call<JobSummary>('bulk.start', {
      kind: 'members.delete',
      profileId: profile.id,
      enterpriseGlobalId: DEMO_EID,
      items: [{ globalId: 'M000000000000004', userName: 'magic80001', name: '用户中心故障' }],
    })
    const done = await finished(started.id)
    expect(done.items[0]!.result).toMatchObject({ state: 'failed', error: { code: '80001' } })
    // A passing fault: the engine's retry rule lets "Retry" send it again.
    expect(done.items[0]!.retryable).toBe(true)
    expect(done.job.counts.retryable).toBe(1)
  })
})

describe('reset many', () => {
  it('gives everyone the new password; the password leaves the job file once no one may still need it', async () => {
    const people = await addSome('br', 3)
    const password = 'Bulk-N3w-pass'
    const hashes = people.map((p) => sb.inspect.employeeByUserName(DEMO_EID, p.userName)!.passwordHash)
    const refs = people.map((p) => ({ globalId: p.globalId, userName: p.userName }))
    const start = (items: { globalId: string; userName: string }[]) =>
      call<JobSummary>('bulk.start', { kind: 'members.resetPassword', profileId: profile.id, enterpriseGlobalId: DEMO_EID, password, items })
    const fileOf = (id: string) => readFileSync(join(dir, 'jobs', id, 'job.json'), 'utf8')
    const settled = async (id: string) => {
      await waitFor(() => expect(fileOf(id)).not.toContain(password), { interval: 20 })
      return fileOf(id)
    }

    // A job that ends keeps no password, even for an employee a retry could have changed (user center
    // exception): that employee cannot be retried from this job any more, and says so.
    const first = await start([...refs, { globalId: 'M000000000000004', userName: 'magic80001' }])
    const done = await finished(first.id)
    expect(done.job.counts).toMatchObject({ ok: 3, failed: 1 })
    expect(done.items[3]!.result).toMatchObject({ state: 'failed', error: { code: '80001' } })
    people.forEach((p, i) => expect(sb.inspect.employeeByUserName(DEMO_EID, p.userName)!.passwordHash).not.toBe(hashes[i]))
    expect(await settled(first.id)).not.toContain(password)
    expect((await finished(first.id)).items[3]!.retryable).toBe(false)

    // One is not found: the same, and the password is in neither the job file nor its log.
    const second = await start([...refs, { globalId: 'M000000000000099', userName: 'nobody' }])
    const again = await finished(second.id)
    expect(again.items[3]!.result).toMatchObject({ state: 'failed', error: { code: '60002' } })
    expect(await settled(second.id)).not.toContain(password)
    expect(readFileSync(join(dir, 'jobs', second.id, 'log.jsonl'), 'utf8')).not.toContain(password)
  })
})
