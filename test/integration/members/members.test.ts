/**
 * The Members area's channels through the core's registry, against a sandbox over HTTP: paging and filters,
 * add / edit / reset / delete one employee (fields refused before sending, the service's own refusals at the
 * field), lost answers read back before anything is sent again, and the member directory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcResult } from '@shared/ipc/channel'
import type { ChannelName, ChannelOutput } from '@shared/ipc/contract'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import type { DirectoryStatus } from '@shared/ipc/channels/members'
import type { AppErrorData } from '@shared/errors/app-error'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { Core } from '../../../src/main/core'
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
const directoryEvents: DirectoryStatus[] = []

async function call<C extends ChannelName>(channel: C, input: unknown): Promise<ChannelOutput<C>> {
  const r = (await core.registry.invoke(channel, input, ctx)) as IpcResult<ChannelOutput<C>>
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value
}
async function fails(channel: ChannelName, input: unknown): Promise<AppErrorData> {
  const r = (await core.registry.invoke(channel, input, ctx)) as IpcResult<unknown>
  if (r.ok) throw new Error(`${channel} succeeded unexpectedly`)
  return r.error
}
const on = (over: Record<string, unknown> = {}) => ({ profileId: profile.id, enterpriseGlobalId: DEMO_EID, ...over })

beforeAll(async () => {
  sb = await sandbox({ scale: 4 }) // 100 employees in the demo enterprise
  dir = await tempDir('ld-members-')
  core = await testCore(dir)
  core.events.onAny((name, payload) => {
    if (name === 'members.directory') directoryEvents.push(payload as DirectoryStatus)
  })
  profile = await call('profiles.create', demoProfileInput(sb, 'Members'))
})
afterAll(async () => {
  await core?.dispose()
  await sb?.close()
  await removeDir(dir)
})

describe('list', () => {
  it('pages through the enterprise in order, with total and pages, the records normalised', async () => {
    const first = await call('members.list', on({ pageNum: 1, pageSize: 20 }))
    expect(first).toMatchObject({ enterpriseGlobalId: DEMO_EID, pageNum: 1, pageSize: 20, total: 100, pages: 5 })
    expect(first.list).toHaveLength(20)
    const zhang = first.list.find((m) => m.userName === 'zhangsan')!
    expect(zhang).toMatchObject({ globalId: 'M000000000000001', name: '张三', borrowNum: null })
    expect(zhang.assetNums).toEqual(expect.arrayContaining(['8100000041', '8100000043']))
    const last = await call('members.list', on({ pageNum: 5, pageSize: 20 }))
    expect(last.list).toHaveLength(20)
    const all = new Set([...first.list, ...last.list].map((m) => m.globalId))
    expect(all.size).toBe(40)
  })

  it('filters by keyword (name or account, ignoring case) and by department', async () => {
    const byAccount = await call('members.list', on({ keyword: 'ZHANGSAN', pageNum: 1, pageSize: 50 }))
    expect(byAccount.list.map((m) => m.userName)).toContain('zhangsan')
    const byName = await call('members.list', on({ keyword: '李四', pageNum: 1, pageSize: 50 }))
    expect(byName.list.map((m) => m.userName)).toEqual(['lisi'])
    const some = (await call('members.list', on({ pageNum: 1, pageSize: 100 }))).list.find((m) => m.departmentId !== null)!
    const dep = await call('members.list', on({ departmentId: some.departmentId, pageNum: 1, pageSize: 100 }))
    expect(dep.total).toBeGreaterThan(0)
    expect(dep.list.every((m) => m.departmentId === some.departmentId)).toBe(true)
    expect(dep.total).toBe(sb.inspect.employees(DEMO_EID).filter((e) => e.departmentId === some.departmentId).length)
  })

  it('keeps within the configured largest page size', async () => {
    await call('settings.update', { limits: { maxPageSize: 30 } })
    try {
      const page = await call('members.list', on({ pageNum: 1, pageSize: 100 }))
      expect(page).toMatchObject({ pageSize: 30, pages: 4 })
      expect(page.list).toHaveLength(30)
    } finally {
      await call('settings.update', { limits: { maxPageSize: 500 } })
    }
  })

  it('says to try again on a user center exception, after the client tried again itself', async () => {
    const before = sb.stats().byOperation['listMembers'] ?? 0
    const e = await fails('members.list', on({ keyword: 'magic80001', pageNum: 1, pageSize: 20 }))
    expect(e.code).toBe('80001')
    // Retried (80001 on a read is retried like 500): more than one request for one click.
    expect((sb.stats().byOperation['listMembers'] ?? 0) - before).toBeGreaterThan(1)
  })
})

describe('one employee', () => {
  it('adds, edits (clearing fields with null), resets the password and deletes', async () => {
    const userName = unique('it')
    const added = await call('members.add', on({ member: { userName, password: 'Start#2024', name: '测试员工', remark: 'first', passwordMobile: '138 0013 8000' } }))
    expect(added).toMatchObject({ reconciled: false, member: { userName, name: '测试员工', remark: 'first' } })
    const gid = added.member.globalId
    expect(sb.inspect.employeeByUserName(DEMO_EID, userName)).toMatchObject({ passwordMobile: '13800138000' })

    await call('members.edit', on({ memberGlobalId: gid, userName, name: '改名', departmentId: null, remark: null, passwordMobile: null }))
    expect(sb.inspect.employeeByUserName(DEMO_EID, userName)).toMatchObject({ name: '改名', remark: null, passwordMobile: null })

    const beforeHash = sb.inspect.employeeByUserName(DEMO_EID, userName)!.passwordHash
    await call('members.resetPassword', on({ memberGlobalId: gid, password: 'N3w-password!' }))
    expect(sb.inspect.employeeByUserName(DEMO_EID, userName)!.passwordHash).not.toBe(beforeHash)

    expect(await call('members.delete', on({ memberGlobalId: gid, userName }))).toEqual({ reconciled: false })
    expect(sb.inspect.employeeByUserName(DEMO_EID, userName)).toBeUndefined()
    const again = await fails('members.delete', on({ memberGlobalId: gid, userName }))
    expect(again.code).toBe('60002')
  })

  it('refuses a field that breaks a rule before sending, naming the field in the user’s language', async () => {
    const before = sb.stats().byOperation['addMembers'] ?? 0
    const e = await fails('members.add', on({ member: { userName: 'bad name!', password: 'Start#2024', name: 'x' } }))
    expect(e).toMatchObject({ code: 'app.invalidInput', details: { cause: '10003', issues: [{ path: 'userName' }] } })
    const long = await fails('members.add', on({ member: { userName: unique('ok'), password: 'Start#2024', name: 'x'.repeat(31) } }))
    expect(long.details).toMatchObject({ cause: '30002', issues: [{ path: 'name', message: expect.stringContaining('30') }] })
    const pw = await fails('members.resetPassword', on({ memberGlobalId: 'M000000000000002', password: '123' }))
    expect(pw.details).toMatchObject({ cause: '50003', issues: [{ path: 'password' }] })
    await call('settings.update', { locale: 'zh-CN' })
    try {
      const zh = await fails('members.edit', on({ memberGlobalId: 'M000000000000002', userName: 'lisi', name: '李四', departmentId: null, remark: 'r'.repeat(201), passwordMobile: null }))
      expect(zh.details.issues?.[0]).toMatchObject({ path: 'remark', message: expect.stringContaining('最多 200 个字符') })
    } finally {
      await call('settings.update', { locale: 'en' })
    }
    expect(sb.stats().byOperation['addMembers'] ?? 0).toBe(before)
  })

  it('shows the service’s refusal of an existing account at the account field', async () => {
    const e = await fails('members.add', on({ member: { userName: 'ZhangSan', password: 'Start#2024', name: '张三二' } }))
    expect(e.code).toBe('60027')
    expect(e.details.issues?.[0]).toMatchObject({ path: 'userName', message: 'The account already exists.' })
  })

  it('an add whose answer is lost is read back and not sent again', async () => {
    const userName = unique('lost')
    sb.queueFault({ kind: 'dropAfterWork', operation: 'addMembers' })
    const r = await call('members.add', on({ member: { userName, password: 'Start#2024', name: '丢失应答' } }))
    expect(r).toMatchObject({ reconciled: true, member: { userName } })
    expect(sb.stats().creates.received['addMembers']?.[userName]).toBe(1)
  })

  it('an add lost before it did anything is read back, then sent again once', async () => {
    const userName = unique('drop')
    sb.queueFault({ kind: 'drop', operation: 'addMembers' })
    const r = await call('members.add', on({ member: { userName, password: 'Start#2024', name: '重发一次' } }))
    expect(r).toMatchObject({ reconciled: false, member: { userName } })
    expect(sb.stats().creates.received['addMembers']?.[userName]).toBe(1)
    expect(sb.inspect.employees(DEMO_EID).filter((e) => e.userName === userName)).toHaveLength(1)
  })

  it('a delete whose answer is lost is read back (the employee gone) and not sent again', async () => {
    const userName = unique('del')
    const { member } = await call('members.add', on({ member: { userName, password: 'Start#2024', name: '待删除' } }))
    const before = sb.stats().byOperation['deleteMember'] ?? 0
    sb.queueFault({ kind: 'dropAfterWork', operation: 'deleteMember' })
    expect(await call('members.delete', on({ memberGlobalId: member.globalId, userName }))).toEqual({ reconciled: true })
    expect(sb.stats().byOperation['deleteMember']).toBe(before + 1)
    expect(sb.inspect.employeeByUserName(DEMO_EID, userName)).toBeUndefined()
  })

  it('a delete lost before it reached the service is read back as not done and sent again', async () => {
    const userName = unique('del')
    const { member } = await call('members.add', on({ member: { userName, password: 'Start#2024', name: '待删除' } }))
    const before = sb.stats().byOperation['deleteMember'] ?? 0
    sb.queueFault({ kind: 'drop', operation: 'deleteMember' })
    expect(await call('members.delete', on({ memberGlobalId: member.globalId, userName }))).toEqual({ reconciled: false })
    expect(sb.stats().byOperation['deleteMember']).toBe(before + 2)
    expect(sb.inspect.employeeByUserName(DEMO_EID, userName)).toBeUndefined()
  })

  it('a user center exception on delete is read back: still there, so it says to try again', async () => {
    const e = await fails('members.delete', on({ memberGlobalId: 'M000000000000004', userName: 'magic80001' }))
    expect(e.code).toBe('80001')
    expect(sb.inspect.employeeByUserName(DEMO_EID, 'magic80001')).toBeDefined()
  })

  it('refused credentials come back as one credentials error', async () => {
    sb.revokeTokens()
    await call('profiles.setSecret', { id: profile.id, name: 'userPassword', value: 'wrong-password' })
    try {
      const e = await fails('members.list', on({ pageNum: 1, pageSize: 20 }))
      expect(e.code).toBe('app.tokenRequest')
    } finally {
      await call('profiles.setSecret', { id: profile.id, name: 'userPassword', value: SANDBOX_DEMO.user.password })
    }
  })
})

describe('member directory', () => {
  it('names people by global id once the list is read, in the background', async () => {
    await call('members.refreshDirectory', on())
    const first = await call('members.people', on({ globalIds: ['M000000000000001', 'M000000000000002', 'M999'] }))
    expect(['loading', 'ready']).toContain(first.status.state)
    let people = first
    // Read in the background: asked again until it is (the timeout only ends a hung test).
    await waitFor(
      async () => {
        people = await call('members.people', on({ globalIds: ['M000000000000001', 'M000000000000002', 'M999'] }))
        expect(people.status.state).toBe('ready')
      },
      { interval: 10 },
    )
    expect(people.status).toMatchObject({ state: 'ready', total: sb.inspect.employees(DEMO_EID).length })
    expect(people.people).toEqual([
      { globalId: 'M000000000000001', userName: 'zhangsan', name: '张三' },
      { globalId: 'M000000000000002', userName: 'lisi', name: '李四' },
    ])
    expect(directoryEvents.some((s) => s.state === 'ready' && s.enterpriseGlobalId === DEMO_EID)).toBe(true)
  })

  it('finds existing accounts ignoring case, and follows what the app adds and deletes', async () => {
    const userName = unique('dir')
    const acc = await call('members.accounts', on({ userNames: ['ZHANGSAN', userName] }))
    expect(acc.found).toEqual([{ asked: 'ZHANGSAN', globalId: 'M000000000000001', userName: 'zhangsan', name: '张三' }])
    const { member } = await call('members.add', on({ member: { userName, password: 'Start#2024', name: '新人' } }))
    expect((await call('members.accounts', on({ userNames: [userName] }))).found).toHaveLength(1)
    await call('members.edit', on({ memberGlobalId: member.globalId, userName, name: '新名字', departmentId: null, remark: null, passwordMobile: null }))
    expect((await call('members.people', on({ globalIds: [member.globalId] }))).people[0]?.name).toBe('新名字')
    await call('members.delete', on({ memberGlobalId: member.globalId, userName }))
    expect((await call('members.accounts', on({ userNames: [userName] }))).found).toHaveLength(0)
  })

  it('lists the departments seen, with their counts', async () => {
    const { departments } = await call('members.departments', on())
    const inState = sb.inspect.employees(DEMO_EID).filter((e) => e.departmentId !== null)
    expect(departments.reduce((n, d) => n + d.count, 0)).toBe(inState.length)
    expect(departments.every((d) => d.name !== '')).toBe(true)
  })
})
