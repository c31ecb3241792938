// Member operations 1-5 over HTTP: add (every limit and error code, partial success 60027), edit, reset
// password, delete, and the paged list with keyword and department filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMembersResultSchema, type AddMembersResult, type MemberPage } from '@shared/api/models'
import { DEMO_EMPLOYEES, DEMO_LOGINS, MAGIC_USER_NAMES, type SandboxHandle } from '../../../src/sandbox/index'
import { Client, DEMO_ENTERPRISE, expectError, sandbox } from './helpers'

let sb: SandboxHandle
let c: Client
beforeAll(async () => {
  sb = await sandbox()
  c = await Client.connect(sb.url)
})
afterAll(() => sb.close())

const at = { enterpriseGlobalId: DEMO_ENTERPRISE }
const user = (userName: string, over: Record<string, unknown> = {}) => ({ userName, password: 'Passw0rd!', name: '测试员工', ...over })
const add = (userList: unknown) => ({ path: at, body: { userList } })

async function page(query: Record<string, string | number>): Promise<MemberPage> {
  return c.ok<MemberPage>('listMembers', { path: at, query })
}

describe('1. add employees', () => {
  it('adds employees; the answer carries numeric ids and they appear in the list', async () => {
    const r = await c.ok<AddMembersResult>('addMembers', add([user('newhire1', { departmentId: 1, remark: 'r', passwordMobile: '13911112222' }), user('newhire2')]))
    expect(r.failed).toEqual([])
    expect(r.succeeded.map((m) => m.userName)).toEqual(['newhire1', 'newhire2'])
    const first = r.succeeded[0]
    expect(typeof first?.id).toBe('number')
    expect(typeof first?.userId).toBe('number')
    expect(typeof first?.enterpriseId).toBe('number')
    expect(first).toMatchObject({ departmentId: 1, departmentName: '研发部', remark: 'r', deleted: false })
    const found = await page({ pageNum: 1, pageSize: 10, keyword: 'newhire1' })
    expect(found.list).toEqual([expect.objectContaining({ globalId: first?.globalId, userName: 'newhire1', passwordMobile: '13911112222', assetNums: [], id: String(first?.id) })])
  })

  it('100 at once is allowed, 101 is 60013', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => user(`bulk${i}`))
    expect((await c.ok<AddMembersResult>('addMembers', add(hundred))).succeeded).toHaveLength(100)
    await c.fails('addMembers', '60013', add(Array.from({ length: 101 }, (_, i) => user(`over${i}`))))
    expect(sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'over0')).toBeUndefined()
  })

  it('40000 without userList, 40021 for an empty one', async () => {
    await c.fails('addMembers', '40000', { path: at, body: {} })
    await c.fails('addMembers', '40000', { path: at })
    await c.fails('addMembers', '40021', add([]))
  })

  it.each([
    ['40008', 'no userName', { userName: '' }],
    ['40001', 'no password', { password: '' }],
    ['40022', 'no name', { name: '  ' }],
    ['50003', 'a 5-character password', { password: '12345' }],
    ['50003', 'a 33-character password', { password: 'x'.repeat(33) }],
    ['30002', 'a 31-character name', { name: '名'.repeat(31) }],
    ['30003', 'a 201-character remark', { remark: 'r'.repeat(201) }],
    ['10003', 'a userName with other characters', { userName: 'zhang.san' }],
    ['10003', 'a userName with Chinese characters', { userName: '张三' }],
    ['10004', 'an invalid mobile', { passwordMobile: '12345' }],
  ])('%s for %s, naming the field; nothing added', async (code, _, over) => {
    const u = { ...user('validok'), ...over }
    const body = await c.fails('addMembers', code, add([user('validfirst'), u]))
    expect(body['message']).toContain('userList[1]')
    expect(sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'validfirst')).toBeUndefined()
  })

  it('limits that pass: 30-character name, 200-character remark, 6 and 32 character passwords', async () => {
    const r = await c.ok<AddMembersResult>('addMembers', add([user('edge1', { name: '名'.repeat(30), remark: 'r'.repeat(200), password: '123456' }), user('edge2', { password: 'x'.repeat(32) })]))
    expect(r.succeeded).toHaveLength(2)
  })

  it('userName plus "@demo0001" must stay below 63 characters: 53 passes, 54 is 10003', async () => {
    expect((await c.ok<AddMembersResult>('addMembers', add([user('a'.repeat(53))]))).succeeded).toHaveLength(1)
    const body = await c.fails('addMembers', '10003', add([user('b'.repeat(54))]))
    expect(body['message']).toContain('@demo0001')
  })

  it('60027 with both lists when some fail (existing account, repeated in the call, unknown department)', async () => {
    const r = await c.call('addMembers', add([user('partial1'), user(DEMO_EMPLOYEES.zhangsan), user('partial1'), user('partial2', { departmentId: 999 })]))
    expectError(r, '60027')
    expect(addMembersResultSchema.safeParse(r.body['data']).success).toBe(true)
    const data = r.body['data'] as AddMembersResult
    expect(data.succeeded.map((m) => m.userName)).toEqual(['partial1'])
    expect(data.failed.map((f) => f.userName)).toEqual([DEMO_EMPLOYEES.zhangsan, 'partial1', 'partial2'])
    expect(data.failed.every((f) => typeof f.message === 'string' && f.message !== '')).toBe(true)
    expect(sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'partial1')).toBeDefined()
    expect(sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'partial2')).toBeUndefined()
  })

  it('userNames are unique without regard to case', async () => {
    const r = await c.call('addMembers', add([user('ZhangSan')]))
    expectError(r, '60027')
  })

  it('40009 for an empty enterprise id, 60000 for another enterprise', async () => {
    await c.fails('addMembers', '40009', { path: { enterpriseGlobalId: '' }, body: { userList: [user('x1')] } })
    await c.fails('addMembers', '60000', { path: { enterpriseGlobalId: sb.demo.otherEnterpriseGlobalId }, body: { userList: [user('x1')] } })
  })

  it('40006 when the enterprise has no code (user demonosuffix)', async () => {
    const other = await c.as(DEMO_LOGINS.noSuffix)
    const ent = await enterpriseOf(other)
    await other.fails('addMembers', '40006', { path: { enterpriseGlobalId: ent }, body: { userList: [user('x1')] } })
  })

  it('60009 past the trial cap of 20 (user demotrial: 18 employees)', async () => {
    const trial = await c.as(DEMO_LOGINS.trial)
    const ent = await enterpriseOf(trial)
    const body = await trial.fails('addMembers', '60009', { path: { enterpriseGlobalId: ent }, body: { userList: [user('t1'), user('t2'), user('t3')] } })
    expect(body['message']).toContain('20')
    expect((await trial.ok<AddMembersResult>('addMembers', { path: { enterpriseGlobalId: ent }, body: { userList: [user('t1'), user('t2')] } })).succeeded).toHaveLength(2)
    await trial.fails('addMembers', '60009', { path: { enterpriseGlobalId: ent }, body: { userList: [user('t3')] } })
  })

  it('magic userNames: magic80001 answers 80001, magic500 answers 500, nothing added', async () => {
    await c.fails('addMembers', '80001', add([user('beforemagic'), user(MAGIC_USER_NAMES.userCenter80001)]))
    await c.fails('addMembers', '500', add([user('beforemagic'), user(MAGIC_USER_NAMES.error500)]))
    expect(sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'beforemagic')).toBeUndefined()
  })
})

/** The enterprise id of a client's logged-in admin, found through the only member op that reveals it. */
async function enterpriseOf(client: Client): Promise<string> {
  for (let n = 1; n <= 5; n++) {
    const id = `E${String(n).padStart(15, '0')}`
    const r = await client.call('listMembers', { path: { enterpriseGlobalId: id }, query: { pageNum: 1, pageSize: 1 } })
    if (r.status === 200) return id
  }
  throw new Error('no enterprise')
}

describe('2. edit employee', () => {
  it('changes name, department, remark and mobile', async () => {
    const [m] = (await c.ok<AddMembersResult>('addMembers', add([user('editme')]))).succeeded
    const path = { ...at, memberGlobalId: m?.globalId as string }
    await c.ok('editMember', { path, body: { userName: 'editme', name: '新名字', departmentId: 2, remark: 'changed', passwordMobile: '+6591234567' } })
    const e = sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'editme')
    expect(e).toMatchObject({ name: '新名字', departmentId: 2, remark: 'changed', passwordMobile: '+6591234567' })
    const listed = await page({ pageNum: 1, pageSize: 5, keyword: '新名字' })
    expect(listed.list[0]).toMatchObject({ departmentName: '销售部', name: '新名字' })
    // Optional fields left out keep their values.
    await c.ok('editMember', { path, body: { userName: 'editme', name: '再改' } })
    expect(sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'editme')).toMatchObject({ name: '再改', departmentId: 2, remark: 'changed' })
  })

  it('60002 for an unknown member, another enterprise’s member, or a userName that is not the member’s', async () => {
    const body = { userName: 'zhangsan', name: 'x' }
    await c.fails('editMember', '60002', { path: { ...at, memberGlobalId: 'M999999999999999' }, body })
    const other = sb.inspect.employees(sb.demo.otherEnterpriseGlobalId)[0]
    await c.fails('editMember', '60002', { path: { ...at, memberGlobalId: other?.globalId as string }, body: { userName: other?.userName, name: 'x' } })
    const zs = sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'zhangsan')
    await c.fails('editMember', '60002', { path: { ...at, memberGlobalId: zs?.globalId as string }, body: { userName: 'lisi', name: 'x' } })
  })

  it('limits: 40000 without userName or name, 30002, 30003, 10003, 10004', async () => {
    const zs = sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'zhangsan')
    const path = { ...at, memberGlobalId: zs?.globalId as string }
    await c.fails('editMember', '40000', { path, body: { name: 'x' } })
    await c.fails('editMember', '40000', { path, body: { userName: 'zhangsan' } })
    await c.fails('editMember', '30002', { path, body: { userName: 'zhangsan', name: 'n'.repeat(31) } })
    await c.fails('editMember', '30003', { path, body: { userName: 'zhangsan', name: 'n', remark: 'r'.repeat(201) } })
    await c.fails('editMember', '10003', { path, body: { userName: 'zhang san', name: 'n' } })
    await c.fails('editMember', '10004', { path, body: { userName: 'zhangsan', name: 'n', passwordMobile: '99' } })
    expect(sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'zhangsan')?.name).toBe('张三')
  })

  it('80001 for the magic employee', async () => {
    const m = sb.inspect.employeeByUserName(DEMO_ENTERPRISE, MAGIC_USER_NAMES.userCenter80001)
    await c.fails('editMember', '80001', { path: { ...at, memberGlobalId: m?.globalId as string }, body: { userName: MAGIC_USER_NAMES.userCenter80001, name: 'x' } })
  })
})

describe('3. reset password', () => {
  it('sets a new password', async () => {
    const before = sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'lisi')
    await c.ok('resetPassword', { path: { ...at, memberGlobalId: before?.globalId as string }, body: { password: 'NewPass123' } })
    expect(sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'lisi')?.passwordHash).not.toBe(before?.passwordHash)
  })

  it('40001 empty, 50003 wrong length, 60002 unknown, 80001 magic', async () => {
    const lisi = sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'lisi')
    const path = { ...at, memberGlobalId: lisi?.globalId as string }
    await c.fails('resetPassword', '40001', { path, body: { password: '' } })
    await c.fails('resetPassword', '40001', { path, body: {} })
    await c.fails('resetPassword', '40000', { path })
    const short = await c.fails('resetPassword', '50003', { path, body: { password: 'abc' } })
    expect(short['message']).toContain('6')
    await c.fails('resetPassword', '60002', { path: { ...at, memberGlobalId: 'M999999999999999' }, body: { password: 'Valid123' } })
    const m = sb.inspect.employeeByUserName(DEMO_ENTERPRISE, MAGIC_USER_NAMES.userCenter80001)
    await c.fails('resetPassword', '80001', { path: { ...at, memberGlobalId: m?.globalId as string }, body: { password: 'Valid123' } })
  })
})

describe('4. delete employee', () => {
  it('deletes; the employee is gone from the list; a second delete is 60002', async () => {
    const [m] = (await c.ok<AddMembersResult>('addMembers', add([user('deleteme')]))).succeeded
    const path = { ...at, memberGlobalId: m?.globalId as string }
    await c.ok('deleteMember', { path })
    expect((await page({ pageNum: 1, pageSize: 10, keyword: 'deleteme' })).total).toBe(0)
    await c.fails('deleteMember', '60002', { path })
  })

  it('withdraws the asset numbers and returns the lent lock of a deleted employee', async () => {
    const local = await sandbox()
    try {
      const lc = await Client.connect(local.url)
      const lisi = local.inspect.employeeByUserName(DEMO_ENTERPRISE, 'lisi')
      await lc.ok('deleteMember', { path: { ...at, memberGlobalId: lisi?.globalId as string } })
      const locks = await lc.ok<{ assetNum: string; borrowedFlag: boolean; cloudAccountGlobalId: string | null }[]>('listLentLocks', { path: at })
      expect(locks.find((l) => l.assetNum === '8100000055')).toMatchObject({ borrowedFlag: false, cloudAccountGlobalId: null })
      expect(local.inspect.asset('8100000042')).toMatchObject({ assignMemberId: null, lentInto: null })
      expect(local.inspect.productIdsOf('8100000042').length).toBeGreaterThan(0)
      expect(local.inspect.productIdsOf('8100000055')).toEqual([])
    } finally {
      await local.close()
    }
  })

  it('80001 for the magic employee', async () => {
    const m = sb.inspect.employeeByUserName(DEMO_ENTERPRISE, MAGIC_USER_NAMES.userCenter80001)
    await c.fails('deleteMember', '80001', { path: { ...at, memberGlobalId: m?.globalId as string } })
  })
})

describe('5. list employees', () => {
  it('pages in creation order with PageHelper fields', async () => {
    const local = await sandbox()
    try {
      const lc = await Client.connect(local.url)
      const p1 = await lc.ok<MemberPage>('listMembers', { path: at, query: { pageNum: 1, pageSize: 10 } })
      expect(p1).toMatchObject({ pageNum: 1, pageSize: 10, size: 10, total: 25, pages: 3, startRow: 1, endRow: 10, isFirstPage: true, isLastPage: false, hasPreviousPage: false, hasNextPage: true, prePage: 0, nextPage: 2, firstPage: 1, lastPage: 3, navigatepageNums: [1, 2, 3], orderBy: null })
      expect(p1.list[0]).toMatchObject({ userName: 'zhangsan', name: '张三', assetNums: ['8100000041', '8100000043', '8100000001'], boundUserInfo: null, deleted: false })
      expect(p1.list[1]).toMatchObject({ userName: 'lisi', borrowNum: '8100000055' })
      expect(typeof p1.list[0]?.id).toBe('string')
      expect(typeof p1.list[0]?.enterpriseId).toBe('string')
      const p3 = await lc.ok<MemberPage>('listMembers', { path: at, query: { pageNum: 3, pageSize: 10 } })
      expect(p3).toMatchObject({ size: 5, startRow: 21, endRow: 25, isLastPage: true, hasNextPage: false, nextPage: 0, prePage: 2 })
      const beyond = await lc.ok<MemberPage>('listMembers', { path: at, query: { pageNum: 9, pageSize: 10 } })
      expect(beyond).toMatchObject({ size: 0, list: [], startRow: 0, endRow: 0, total: 25 })
      const ids = [...p1.list, ...(await lc.ok<MemberPage>('listMembers', { path: at, query: { pageNum: 2, pageSize: 10 } })).list, ...p3.list].map((m) => Number(m.id))
      expect(ids).toEqual([...ids].sort((a, b) => a - b))
      expect(new Set(ids).size).toBe(25)
    } finally {
      await local.close()
    }
  })

  it('keyword matches name or account; departmentId filters', async () => {
    expect((await page({ pageNum: 1, pageSize: 50, keyword: '张三' })).list.map((m) => m.userName)).toEqual(['zhangsan'])
    expect((await page({ pageNum: 1, pageSize: 50, keyword: 'ZHANGS' })).list.map((m) => m.userName)).toContain('zhangsan')
    const dep = await page({ pageNum: 1, pageSize: 500, departmentId: 1 })
    expect(dep.total).toBeGreaterThan(0)
    expect(dep.list.every((m) => m.departmentId === 1)).toBe(true)
    expect((await page({ pageNum: 1, pageSize: 10, departmentId: 99999 })).total).toBe(0)
  })

  it('40000 for missing or invalid pageNum / pageSize, or pageSize over 500', async () => {
    for (const q of [{ pageSize: 10 }, { pageNum: 1 }, { pageNum: 0, pageSize: 10 }, { pageNum: 1, pageSize: 'ten' }, { pageNum: 1, pageSize: 501 }, { pageNum: 1, pageSize: 10, departmentId: 'x' }]) {
      await c.fails('listMembers', '40000', { path: at, query: q })
    }
    expect((await page({ pageNum: 1, pageSize: 500 })).size).toBeGreaterThan(100)
  })

  it('magic keywords: magic80001 answers 80001, magic500 answers 500', async () => {
    await c.fails('listMembers', '80001', { path: at, query: { pageNum: 1, pageSize: 10, keyword: 'magic80001' } })
    await c.fails('listMembers', '500', { path: at, query: { pageNum: 1, pageSize: 10, keyword: 'magic500' } })
  })

  it('a list reflects a change made right before (no stale cached records)', async () => {
    const zs = sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'wangwu')
    await page({ pageNum: 1, pageSize: 5 })
    await c.ok('editMember', { path: { ...at, memberGlobalId: zs?.globalId as string }, body: { userName: 'wangwu', name: '王五改' } })
    expect((await page({ pageNum: 1, pageSize: 5 })).list.find((m) => m.userName === 'wangwu')?.name).toBe('王五改')
  })
})
