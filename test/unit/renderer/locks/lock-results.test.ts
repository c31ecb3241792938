import { describe, expect, it } from 'vitest'
import type { ItemResult, JobItem } from '@shared/ipc/channels/bulk'
import { LOCK_ACTION, LOCK_ACTIONS, lockActionOfKind, lockActionOfOperation } from '@shared/api/lock-actions'
import en from '../../../../src/renderer/i18n/en'
import zhCN from '../../../../src/renderer/i18n/zh-CN'
import { countByCategory, exportRow, runFigures, shownFigures, type RowContext } from '../../../../src/renderer/models/bulk/bulk-run'
import { lockCategory, lockRowFormat, lockWordsKey } from '../../../../src/renderer/models/locks/lock-results'

const callError = { code: '500', messageKey: '500', params: {}, details: {} }
const item = (index: number, key: string, result: ItemResult): JobItem => ({ index, key, result, tries: 1, retryable: false })

function lookup(messages: object, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), messages)
}

describe('lock status in words', () => {
  it('has words for every status of both actions, in both languages', () => {
    for (const action of ['disable', 'enable'] as const) {
      for (const status of [1, 2, 3, 4] as const) {
        const key = lockWordsKey(action, { state: status === 1 ? 'ok' : 'failed', status })
        expect(key).toBe(`lockStatus.${action}.${status}`)
        expect(typeof lookup(en, key), key).toBe('string')
        expect(typeof lookup(zhCN, key), key).toBe('string')
      }
    }
  })

  it('uses the same words for 1 and 3 and the action’s own words for 4 (as the spec has it)', () => {
    expect(lookup(en, 'lockStatus.disable.3')).toBe(lookup(en, 'lockStatus.enable.3'))
    expect(lookup(en, 'lockStatus.disable.2')).toBe('Lock does not exist')
    expect(lookup(en, 'lockStatus.disable.4')).not.toBe(lookup(en, 'lockStatus.enable.4'))
    expect(lookup(zhCN, 'lockStatus.enable.4')).toContain('锁类型错误')
  })

  it('words items without a status by their state', () => {
    expect(lockWordsKey('disable', { state: 'failed', error: callError })).toBe('item.callError')
    expect(lockWordsKey('enable', { state: 'duplicate', duplicateOf: 0 })).toBe('item.duplicate')
    expect(typeof lookup(zhCN, 'item.unknown')).toBe('string')
  })
})

describe('one name for each lock action, end to end', () => {
  it('maps action, job kind, operation, locked state and messages both ways', () => {
    expect(LOCK_ACTION.disable).toMatchObject({ kind: 'locks.disable', operation: 'lockAssets', locked: true, destructive: true })
    expect(LOCK_ACTION.enable).toMatchObject({ kind: 'locks.enable', operation: 'unlockAssets', locked: false, destructive: false })
    for (const a of LOCK_ACTIONS) {
      expect(lockActionOfKind(LOCK_ACTION[a].kind)).toBe(a)
      expect(lockActionOfOperation(LOCK_ACTION[a].operation)).toBe(a)
      for (const key of ['name', 'question', 'go', 'hint', 'review', 'what', 'interrupted', 'done']) {
        expect(typeof lookup(en, `${LOCK_ACTION[a].messages}.${key}`), `${a} ${key}`).toBe('string')
        expect(typeof lookup(zhCN, `${LOCK_ACTION[a].messages}.${key}`), `${a} ${key}`).toBe('string')
      }
    }
    expect(lockActionOfKind('members.import')).toBeNull()
    expect(lockActionOfOperation('addMembers')).toBeNull()
  })
})

describe('the lock format of the run panel', () => {
  const items = [
    item(0, '8000000003', { state: 'failed', status: 3 }),
    item(1, '8100000001', { state: 'ok', status: 1 }),
    item(2, '8199999999', { state: 'failed', status: 2 }),
    item(3, '8000000003', { state: 'duplicate', duplicateOf: 0 }),
    item(4, '8100000002', { state: 'failed', error: callError }),
    item(5, '8100000004', { state: 'failed', status: 4 }),
    item(6, '8100000005', { state: 'unknown' }),
    item(7, '8100000006', { state: 'cancelled' }),
  ]

  it('puts each result in one category; the categories add up to the engine’s counts', () => {
    const format = lockRowFormat('disable')
    expect(items.map((i) => lockCategory(i.result))).toEqual(['failed', 'ok', 'notFound', 'duplicate', 'callError', 'wrongType', 'unknown', 'cancelled'])
    const byCat = countByCategory(items, format)
    const counts = { total: 8, ok: 1, failed: 4, unknown: 1, cancelled: 1, duplicate: 1, pending: 0 }
    expect(byCat.ok).toBe(counts.ok)
    expect(byCat.notFound! + byCat.failed! + byCat.wrongType! + byCat.callError!).toBe(counts.failed)
    expect(byCat.unknown).toBe(counts.unknown)
    expect(byCat.cancelled).toBe(counts.cancelled)
    expect(byCat.duplicate).toBe(counts.duplicate)
    expect(Object.values(byCat).reduce((a, b) => a + b, 0)).toBe(counts.total)
  })

  it('shows the engine’s figures as they are', () => {
    const c = { total: 9781, ok: 1200, failed: 3, unknown: 0, cancelled: 0, duplicate: 2, pending: 8576, inFlight: 0, retryable: 3 }
    expect(runFigures(c)).toMatchObject({ done: 1205, percent: 12, ok: 1200, pending: 8576 })
    expect(shownFigures(c).map((f) => f.key)).toEqual(['ok', 'failed', 'pending', 'duplicate'])
    expect(runFigures({ ...c, total: 0, ok: 0, failed: 0, duplicate: 0, pending: 0 }).percent).toBe(100)
  })

  it('exports numbers as numbers and words in the user’s language', () => {
    const ctx: RowContext = { t: (k, p) => `${k}${p ? JSON.stringify(p) : ''}`, locale: 'en', errorText: (e) => `error ${e.code}` }
    const format = lockRowFormat('enable')
    // The status column says what became of the lock in the runs' words, never the service's status code.
    expect(exportRow(items[0]!, format, ctx)).toEqual([1, '8000000003', 'item.refused', 'lockStatus.enable.3', ''])
    expect(exportRow(items[1]!, format, ctx)).toEqual([2, '8100000001', 'item.done', 'lockStatus.enable.1', ''])
    expect(exportRow(items[3]!, format, ctx)).toEqual([4, '8000000003', 'item.duplicate', 'item.duplicate', 'run.duplicateOf{"line":1}'])
    expect(exportRow(items[4]!, format, ctx)).toEqual([5, '8100000002', 'item.callError', 'item.callError', 'error 500'])
    expect(format.exportBaseName).toBe('locks-enable')
  })
})
