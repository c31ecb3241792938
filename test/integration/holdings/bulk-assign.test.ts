/**
 * A bulk assignment against a sandbox over HTTP: a file of 100 rows (some bad) checked, grouped into one configure
 * call per employee, run through the bulk runner (kind holdings.configure) with a result per row; a call refused
 * because of one number (another app took it meanwhile) leaves that row refused and the employee's other rows
 * "blocked", which a retry sends; assignments after a withdrawal in the same file go in a second run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcResult } from '@shared/ipc/channel'
import type { JobDetail, JobSummary } from '@shared/ipc/channels/bulk'
import type { CheckedRows, FreeNumbers } from '@shared/ipc/channels/holdings'
import type { MemberPageView } from '@shared/ipc/channels/members'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import { planGroups, rowsOfText, type CheckedRow, type ConfigureGroup } from '@shared/holdings/assign-rows'
import { countOutcomes, readyGroups, rowResults, rowRetryable, type GroupRun } from '@shared/holdings/assign-results'
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

/** Runs groups as one job to its end; their results in order. */
async function run(groups: ConfigureGroup[]): Promise<GroupRun> {
  const job = await call<JobSummary>('bulk.start', on({ kind: 'holdings.configure', items: groups }))
  for (;;) {
    const d = await call<JobDetail>('bulk.get', { id: job.id, limit: 1000 })
    if (!['running', 'cancelling'].includes(d.job.status)) {
      const results = new Array(groups.length).fill(undefined)
      for (const it of d.items) results[it.index] = it.result
      return { groups, results }
    }
    await new Promise((r) => setTimeout(r, 20))
  }
}

beforeAll(async () => {
  // Scale 2: 200 numbers, enough free ones for a file of 100 rows.
  sb = await sandbox({ scale: 2 })
  dir = await tempDir('ld-bulk-assign-')
  core = await testCore(dir)
  profile = await call<ProfileView>('profiles.create', demoProfileInput(sb, 'Bulk assign'))
})
afterAll(async () => {
  await core?.dispose()
  await sb?.close()
  await removeDir(dir)
})

describe('a file of 100 rows', () => {
  it('sends the good rows, one configure call per employee, and says what happened to each row', async () => {
    const people = (await call<MemberPageView>('members.list', on({ pageNum: 1, pageSize: 50 }))).list.filter((m) => !m.userName.startsWith('magic')).slice(0, 9)
    const free = await call<FreeNumbers>('holdings.free', on({ search: '', limit: 90 }))
    expect(free.numbers.length).toBe(90)
    const lines = ['account,asset number,action']
    free.numbers.forEach((n, i) => lines.push(`${people[i % people.length]!.userName},${n.assetNum},assign`))
    // 10 bad rows: unknown people and numbers, a number given twice, a bad action, a repeat.
    lines.push('ghost1,8100000002,assign', 'ghost2,8100000003,assign')
    lines.push(`${people[0]!.userName},8199990001,assign`, `${people[1]!.userName},8199990002,assign`)
    lines.push(`${people[2]!.userName},${free.numbers[0]!.assetNum},assign`) // given twice with line 2
    lines.push(`${people[3]!.userName},8100000052,assign`) // a borrowed lock
    lines.push(`${people[4]!.userName},${free.numbers[1]!.assetNum},lend`) // not an action
    lines.push(`${people[5]!.userName},,assign`)
    lines.push(`${people[1]!.userName},${free.numbers[1]!.assetNum},assign`) // repeats line 3
    lines.push(`${people[6]!.userName},8100000041,assign`) // held by zhangsan
    expect(lines.length - 1).toBe(100)

    const checked = await call<CheckedRows>('holdings.check', on({ rows: rowsOfText(lines.join('\n')) }))
    const rows = checked.rows as CheckedRow[]
    const bad = rows.filter((r) => r.issue)
    expect(bad.map((r) => r.issue).sort()).toEqual(
      ['badAction', 'borrowedLock', 'duplicate', 'givenTwice', 'givenTwice', 'heldByOther', 'noNumber', 'notOurs', 'notOurs', 'unknownEmployee', 'unknownEmployee'].sort(),
    )
    const plan = planGroups(rows)
    expect(plan.second).toEqual([])
    sb.resetStats()
    const first = await run(plan.first)
    // One call per employee: the 89 good rows of 9 people.
    expect(sb.stats().byOperation['configureAssets']).toBe(plan.first.length)
    expect(plan.first.length).toBe(9)
    const results = rowResults(rows, [first])
    const c = countOutcomes(results)
    expect(c).toMatchObject({ done: 89, notSent: 11, refused: 0, callError: 0 })
    for (const r of results.filter((x) => x.outcome === 'done')) expect(sb.inspect.asset(r.assetNum)!.assignMemberId).toBe(r.memberGlobalId)
  })
})

describe('one refused number', () => {
  it('refuses that row, blocks the employee’s others, and a retry without it sends them', async () => {
    const free = await call<FreeNumbers>('holdings.free', on({ search: '', limit: 3 }))
    const [a, b, c] = free.numbers.map((n) => n.assetNum) as [string, string, string]
    const text = `wangwu\t${a}\tassign\nwangwu\t${b}\tassign\nlisi\t${c}\tassign`
    const rows = (await call<CheckedRows>('holdings.check', on({ rows: rowsOfText(text) }))).rows as CheckedRow[]
    // Meanwhile another app gives b to zhangsan.
    await call('holdings.configure', on({ memberGlobalId: 'M000000000000001', add: [b], del: [] }))
    const first = await run(planGroups(rows).first)
    const results = rowResults(rows, [first])
    expect(results.map((r) => [r.assetNum, r.outcome])).toEqual([
      [a, 'blocked'],
      [b, 'refused'],
      [c, 'done'],
    ])
    expect(results[1]!.error?.code).toBe('60028')
    expect(results.filter(rowRetryable).map((r) => r.assetNum)).toEqual([a, b])
    // The retry is checked again: b is now zhangsan's (not sent), a goes.
    const again = (await call<CheckedRows>('holdings.check', on({ rows: rowsOfText(text).filter((r) => r.assetNum !== c) }))).rows as CheckedRow[]
    expect(again.find((r) => r.assetNum === b)!.issue).toBe('heldByOther')
    const second = await run(planGroups(again).first)
    expect(rowResults(again, [second]).map((r) => r.outcome)).toEqual(['done', 'notSent'])
  })
})

describe('a withdrawal and an assignment of the same number in one file', () => {
  it('sends the assignment in a second run once the withdrawal is done, and skips it when not', async () => {
    const free = await call<FreeNumbers>('holdings.free', on({ search: '', limit: 3 }))
    const [x, y, z] = free.numbers.map((n) => n.assetNum) as [string, string, string]
    await call('holdings.configure', on({ memberGlobalId: 'M000000000000001', add: [x], del: [] }))
    await call('holdings.configure', on({ memberGlobalId: 'M000000000000002', add: [y], del: [] }))
    // x: zhangsan → wangwu; y: lisi → wangwu, but lisi's call also gives lisi z, which another app takes meanwhile.
    const text = [`zhangsan\t${x}\twithdraw`, `wangwu\t${x}\tassign`, `lisi\t${y}\twithdraw`, `lisi\t${z}\tassign`, `wangwu\t${y}\tassign`].join('\n')
    const rows = (await call<CheckedRows>('holdings.check', on({ rows: rowsOfText(text) }))).rows as CheckedRow[]
    expect(rows.map((r) => r.after)).toEqual([undefined, 1, undefined, undefined, 3])
    const plan = planGroups(rows)
    await call('holdings.configure', on({ memberGlobalId: 'M000000000000001', add: [z], del: [] }))
    const first = await run(plan.first)
    const afterOf = new Map(rows.filter((r) => r.after !== undefined).map((r) => [r.line, r.after!]))
    const done = new Set(rowResults(rows, [first]).filter((r) => r.outcome === 'done').map((r) => r.line))
    const ready = readyGroups(plan.second, (l) => afterOf.get(l), (l) => done.has(l))
    expect(ready).toEqual([expect.objectContaining({ add: [x], lines: [2] })])
    const second = await run(ready)
    expect(rowResults(rows, [first, second]).map((r) => r.outcome)).toEqual(['done', 'done', 'blocked', 'refused', 'skipped'])
    expect(sb.inspect.asset(x)!.assignMemberId).toBe('M000000000000003')
    expect(sb.inspect.asset(y)!.assignMemberId).toBe('M000000000000002')
  })
})
