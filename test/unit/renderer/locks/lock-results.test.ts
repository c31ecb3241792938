import { describe, expect, it } from 'vitest'
import type { ItemResult, JobItem } from '@shared/ipc/channels/bulk'
import en from '../../../../src/renderer/i18n/en'
import zhCN from '../../../../src/renderer/i18n/zh-CN'
import {
  applyRetry,
  countCategories,
  isRetryable,
  resultCategory,
  resultWordsKey,
  retryableKeys,
  rowsOfJob,
} from '../../../../src/renderer/views/locks/lock-results'

const callError = { code: '500', messageKey: '500', params: {}, details: {} }
const item = (index: number, key: string, result: ItemResult): JobItem => ({ index, key, result })

function lookup(messages: object, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), messages)
}

describe('lock status in words', () => {
  it('has words for every status of both actions, in both languages', () => {
    for (const action of ['disable', 'enable'] as const) {
      for (const status of [1, 2, 3, 4] as const) {
        const key = resultWordsKey(action, { state: status === 1 ? 'ok' : 'failed', status })
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
    expect(resultWordsKey('disable', { state: 'failed', error: callError })).toBe('lockState.callError')
    expect(resultWordsKey('enable', { state: 'duplicate', duplicateOf: 0 })).toBe('lockState.duplicate')
    expect(typeof lookup(zhCN, 'lockState.unknown')).toBe('string')
  })
})

describe('what a retry can fix', () => {
  it('retries operation failed, failed calls, unknown outcomes and cancelled ones, never 2 or 4', () => {
    expect(isRetryable({ state: 'failed', status: 3 })).toBe(true)
    expect(isRetryable({ state: 'failed', error: callError })).toBe(true)
    expect(isRetryable({ state: 'unknown' })).toBe(true)
    expect(isRetryable({ state: 'cancelled' })).toBe(true)
    expect(isRetryable({ state: 'failed', status: 2 })).toBe(false)
    expect(isRetryable({ state: 'failed', status: 4 })).toBe(false)
    expect(isRetryable({ state: 'ok', status: 1 })).toBe(false)
    expect(isRetryable({ state: 'duplicate', duplicateOf: 1 })).toBe(false)
  })

  it('sends each retryable lock once', () => {
    const rows = rowsOfJob('j1', [
      item(0, '8000000003', { state: 'failed', status: 3 }),
      item(1, '8100000001', { state: 'ok', status: 1 }),
      item(2, '8199999999', { state: 'failed', status: 2 }),
      item(3, '8000000003', { state: 'duplicate', duplicateOf: 0 }),
      item(4, '8100000002', { state: 'failed', error: callError }),
    ])
    expect(retryableKeys(rows)).toEqual(['8000000003', '8100000002'])
  })
})

describe('merging a retry into the run', () => {
  it('replaces the retried locks’ results, keeps the others, and counts the tries', () => {
    const rows = rowsOfJob('j1', [
      item(0, '8100000001', { state: 'failed', error: callError }),
      item(1, '8100000002', { state: 'ok', status: 1 }),
      item(2, '8100000001', { state: 'duplicate', duplicateOf: 0 }),
    ])
    const merged = applyRetry(rows, 'j2', [item(0, '8100000001', { state: 'ok', status: 1 })])
    expect(merged.map((r) => [r.key, resultCategory(r.result), r.jobId, r.tries])).toEqual([
      ['8100000001', 'ok', 'j2', 2],
      ['8100000002', 'ok', 'j1', 1],
      ['8100000001', 'duplicate', 'j1', 0],
    ])
    expect(countCategories(merged)).toMatchObject({ ok: 2, duplicate: 1, callError: 0 })
  })
})
