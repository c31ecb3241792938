/** The offboarding rules: who references name, the steps in the order that loses nothing, the count, the report. */
import { describe, expect, it } from 'vitest'
import {
  confirmProblem,
  matchPeople,
  offboardItems,
  offboardSteps,
  planOffboarding,
  plannerLink,
  readPeopleRefs,
  type DirectoryPerson,
  type HeldNumber,
} from '@shared/members/offboard'
import { reclaim, reclaimSheets, stepsDone } from '@shared/members/offboard-report'

const PEOPLE: DirectoryPerson[] = [
  { globalId: 'M1', userName: 'zhangsan@demo0001', name: '张三' },
  { globalId: 'M2', userName: 'lisi@demo0001', name: '李四' },
  { globalId: 'M3', userName: 'wangfang1@demo0001', name: 'Wang Fang' },
  { globalId: 'M4', userName: 'wangfang2@demo0001', name: 'Wang Fang' },
]
const num = (assetNum: string): HeldNumber => ({ assetNum, assetId: `A${assetNum}`, lent: false, products: ['CAD'] })

describe('references', () => {
  it('reads lines and separators, keeps spaces inside names, skips a header', () => {
    expect(readPeopleRefs('account\nzhangsan, lisi\r\nWang Fang；M4\n\n').map((r) => [r.ref, r.line])).toEqual([
      ['zhangsan', 2],
      ['lisi', 2],
      ['Wang Fang', 3],
      ['M4', 3],
    ])
  })

  it('matches id, account with or without its suffix, any case, and a name that fits one person', () => {
    const m = matchPeople(readPeopleRefs('M2\nZHANGSAN\n李四\nwangfang2@DEMO0001\nWang Fang\nnobody'), PEOPLE)
    expect(m.found.map((f) => f.person.globalId)).toEqual(['M2', 'M1', 'M4'])
    expect(m.problems.map((p) => [p.ref, p.code])).toEqual([
      ['李四', 'duplicate'],
      ['Wang Fang', 'ambiguous'],
      ['nobody', 'notFound'],
    ])
    expect(m.problems[1]!.candidates?.map((c) => c.globalId)).toEqual(['M3', 'M4'])
  })
})

describe('the plan', () => {
  it('withdraws before the account step, and only when there is something to withdraw', () => {
    expect(offboardSteps(2, 'delete')).toEqual(['withdraw', 'delete'])
    expect(offboardSteps(0, 'delete')).toEqual(['delete'])
    expect(offboardSteps(1, 'keep')).toEqual(['withdraw'])
    expect(offboardSteps(0, 'keep')).toEqual([])
  })

  it('counts the people sent; someone with nothing to do is kept back', () => {
    const matched = matchPeople(readPeopleRefs('zhangsan\nlisi'), PEOPLE)
    const held = new Map([['M1', [num('8100000041'), num('8100000043')]]])
    const plan = planOffboarding(matched, { numbersOf: (id) => held.get(id) ?? [], locksOf: () => [] }, 'keep')
    expect(plan.people.map((p) => p.skip)).toEqual([undefined, 'nothingToDo'])
    expect(plan.counts).toEqual({ people: 1, numbers: 2, locks: 0, skipped: 1 })
    expect(offboardItems(plan)).toEqual([{ globalId: 'M1', userName: 'zhangsan@demo0001', name: '张三', numbers: ['8100000041', '8100000043'] }])
  })

  it('holds the admin to the count confirmed', () => {
    expect(confirmProblem(3, 3)).toBeNull()
    expect(confirmProblem(2, 3)).toMatch(/confirmed 2/)
  })

  it('hands freed numbers to the planner in its query', () => {
    expect(plannerLink(['8100000041', '8100000043'])).toBe('/members/planner?free=8100000041%2C8100000043')
    expect(plannerLink([])).toBe('/members/planner')
  })
})

describe('the reclaim report', () => {
  const people = [
    { globalId: 'M1', userName: 'zhangsan', name: '张三', numbers: ['8100000041', '8100000043'] },
    { globalId: 'M2', userName: 'lisi', numbers: ['8100000042'] },
    { globalId: 'M3', userName: 'wangwu', numbers: ['8100000045'] },
  ]
  const results = [
    { state: 'ok' },
    { state: 'failed', error: { code: '80001', params: { step: 'delete' } } },
    { state: 'failed', error: { code: '500', params: { step: 'withdraw' } } },
  ]
  const holders = new Map<string, string | null>([
    ['8100000041', null],
    ['8100000043', 'M9'],
    ['8100000042', null],
    ['8100000045', 'M3'],
  ])
  const input = {
    then: 'delete' as const,
    people,
    results,
    holderOf: (n: string) => holders.get(n),
    nameOf: (id: string) => (id === 'M9' ? '赵六 (zhaoliu)' : id),
    locks: [
      { assetNum: '8100000055', lent: true, holder: 'M2', lentAssets: [{ assetId: 'A42', assetNum: '8100000042' }] },
      { assetNum: '8100000056', lent: true, holder: 'M7', lentAssets: [{ assetId: 'A41', assetNum: '8100000041' }] },
      { assetNum: '8100000057', lent: false, holder: null, lentAssets: [] },
    ],
  }

  it('says which steps a failure left done', () => {
    expect(stepsDone(people[0]!, 'delete', results[0])).toEqual(['withdraw', 'delete'])
    expect(stepsDone(people[1]!, 'delete', results[1])).toEqual(['withdraw'])
    expect(stepsDone(people[2]!, 'delete', results[2])).toEqual([])
    expect(stepsDone(people[2]!, 'delete', undefined)).toEqual([])
  })

  it('lists the numbers free again and the lent locks that still hold their entitlements', () => {
    const r = reclaim(input)
    expect(r.left).toBe(1)
    // 8100000043 went to someone else meanwhile; wangwu's withdrawal failed.
    expect(r.freed).toEqual(['8100000041', '8100000042'])
    expect(r.attention.map((a) => [a.lock.assetNum, a.person.userName, a.why])).toEqual([
      ['8100000055', 'lisi', 'stillLent'],
      ['8100000056', 'zhangsan', 'holdsTheirs'],
    ])
  })

  it('writes its sheets in both languages', () => {
    const en = reclaimSheets(input, 'en').sheets
    const zh = reclaimSheets(input, 'zh-CN').sheets
    expect(en.map((s) => s.name)).toEqual(['People', 'Numbers back', 'Locks to check'])
    expect(zh.map((s) => s.name)).toEqual(['人员', '收回的编号', '需处理的借用锁'])
    expect(en[0]!.rows[1]![3]).toBe('failed at: delete account')
    expect(zh[0]!.rows[1]![3]).toBe('失败于：删除账号')
    expect(en[1]!.rows.find((r) => r[0] === '8100000043')![2]).toBe('no: held by 赵六 (zhaoliu)')
  })
})
