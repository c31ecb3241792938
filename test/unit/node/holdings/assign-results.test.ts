/** Results per row of a bulk assignment from the results of its calls, and what a retry sends. */
import { describe, expect, it } from 'vitest'
import type { AppErrorData } from '@shared/errors/app-error'
import { checkAssignRows, planGroups, type AssignContext, type AssignRow } from '@shared/holdings/assign-rows'
import { countOutcomes, readyGroups, rowResults, rowRetryable } from '@shared/holdings/assign-results'
import { rowMessage } from '@shared/holdings/words'

const ctx: AssignContext = {
  person: (ref) => ({ globalId: `M-${ref}`, userName: ref, name: ref.toUpperCase() }),
  number: (n) => ({ assetNum: n, assetId: `A-${n}`, holder: n === '9' ? 'M-a' : null, borrowedLock: false }),
}
const row = (line: number, employee: string, assetNum: string, action: AssignRow['action'] = 'assign'): AssignRow => ({ line, employee, assetNum, action, actionText: '' })
const err = (code: string, serverMessage = ''): AppErrorData => ({ code, messageKey: code, params: {}, details: serverMessage ? { serverMessage } : {} })

const rows = checkAssignRows([row(1, 'a', '1'), row(2, 'a', '2'), row(3, 'b', '3'), row(4, 'a', '9', 'withdraw'), row(5, 'c', '9')], ctx)
const plan = planGroups(rows)

describe('row results', () => {
  it('gives every row of a done call done, and a refusal to the number the service names, the others blocked', () => {
    const first = { groups: plan.first, results: [{ state: 'failed' as const, error: err('60024', 'Asset number not found. (2)') }, { state: 'ok' as const }] }
    const out = rowResults(rows, [first])
    expect(out.map((r) => r.outcome)).toEqual(['blocked', 'refused', 'done', 'blocked', 'skipped'])
    expect(out[4]!.otherLine).toBe(4)
    expect(out.filter(rowRetryable).map((r) => r.line)).toEqual([1, 4, 5])
    expect(countOutcomes(out)).toMatchObject({ blocked: 2, refused: 1, done: 1, skipped: 1 })
  })

  it('gives every row of the call a refusal about the employee, and a failure of the call to all of its rows', () => {
    const out = rowResults(rows, [{ groups: plan.first, results: [{ state: 'failed', error: err('60026') }, { state: 'failed', error: err('app.network') }] }])
    expect(out.slice(0, 3).map((r) => r.outcome)).toEqual(['refused', 'refused', 'callError'])
    // The employee is not there: a retry would get the same.
    expect(rowRetryable(out[0]!)).toBe(false)
    expect(rowRetryable(out[2]!)).toBe(true)
  })

  it('sends the waiting assignment once its withdrawal is done, and a retry’s results win', () => {
    const first = { groups: plan.first, results: [{ state: 'ok' as const }, { state: 'ok' as const }] }
    const afterOf = new Map(rows.filter((r) => r.after !== undefined).map((r) => [r.line, r.after!]))
    const done = new Set(rowResults(rows, [first]).filter((r) => r.outcome === 'done').map((r) => r.line))
    const ready = readyGroups(plan.second, (l) => afterOf.get(l), (l) => done.has(l))
    expect(ready).toEqual(plan.second)
    expect(readyGroups(plan.second, (l) => afterOf.get(l), () => false)).toEqual([])
    const second = { groups: ready, results: [{ state: 'ok' as const }] }
    expect(rowResults(rows, [first, second]).map((r) => r.outcome)).toEqual(['done', 'done', 'done', 'done', 'done'])
  })

  it('says each result in words, in both languages', () => {
    const out = rowResults(rows, [{ groups: plan.first, results: [{ state: 'failed', error: err('60028', '(2 is configured to M-x)') }, undefined] }])
    const name = (id: string) => `name of ${id}`
    expect(rowMessage(out[1]!, 'en', name)).toBe('2 is already given to someone else (or named twice): withdraw it from them first, or use Move.')
    expect(rowMessage(out[1]!, 'zh-CN', name)).toBe('2 已分配给其他人（或重复填写）：请先从其名下收回，或使用“转移”。')
    expect(rowMessage(out[0]!, 'en', name)).toContain('Nothing of name of M-a’s call was done')
    expect(rowMessage(out[4]!, 'en', name)).toBe('Not given: the withdrawal on line 4 was not done, so the number is still held.')
    const waiting = rowResults(rows, [{ groups: plan.first, results: [undefined, undefined] }])
    expect(rowMessage(waiting[4]!, 'en', name)).toBe('Sent once the withdrawal on line 4 is done.')
    expect(rowMessage(waiting[4]!, 'zh-CN', name)).toBe('第 4 行的收回完成后发送。')
  })
})
