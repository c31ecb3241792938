import { describe, expect, it, vi } from 'vitest'
import { readWholeNumber } from '../../../../src/renderer/models/settings/number-field'
import { formatAnyTime, formatTime } from '../../../../src/renderer/models/format'
import { createListChecker, WORKER_FROM_CHARS, type ListCheck } from '../../../../src/renderer/models/locks/lock-list'
import { NUMBER_SETTINGS } from '../../../../src/renderer/models/settings/settings-fields'
import { DEFAULT_BULK, DEFAULT_LIMITS } from '@shared/settings'

describe('a whole number as typed', () => {
  it('is read, never rounded or clamped: out of bounds is a problem to show', () => {
    expect(readWholeNumber('10', 1, 1000)).toEqual({ value: 10, problem: null })
    expect(readWholeNumber(' １,０００ ', 1, 1000)).toEqual({ value: 1000, problem: null })
    expect(readWholeNumber('100001', 1, 1000).problem).toBe('tooBig')
    expect(readWholeNumber('0', 1, 1000).problem).toBe('tooSmall')
    expect(readWholeNumber('-5', 1, 1000).problem).toBe('tooSmall')
    expect(readWholeNumber('1.5', 1, 1000).problem).toBe('notWhole')
    expect(readWholeNumber('', 1, 1000).problem).toBe('empty')
    expect(readWholeNumber('99999999999999999999', 1, Infinity).problem).toBe('tooBig')
  })
})

describe('times in one format', () => {
  it('shows epoch milliseconds and the service’s text times alike', () => {
    const ms = new Date(2024, 0, 2, 3, 4, 5).getTime()
    const shown = formatTime(ms, 'en', true)
    expect(formatAnyTime(ms, 'en', true)).toBe(shown)
    expect(formatAnyTime(String(ms), 'en', true)).toBe(shown)
    expect(formatAnyTime('2024-01-02 03:04:05', 'en', true)).toBe(shown)
    expect(formatAnyTime('2024-01-02T03:04:05', 'en', true)).toBe(shown)
    expect(formatAnyTime(null, 'en')).toBe('—')
    expect(formatAnyTime('soon', 'en')).toBe('soon')
  })
})

describe('the settings the screen offers', () => {
  it('take their bounds and defaults from the shared settings', () => {
    const chunk = NUMBER_SETTINGS.find((s) => s.key === 'lockChunkSize')!
    expect(chunk).toMatchObject({ group: 'bulk', min: 1, max: 5000, default: DEFAULT_BULK.lockChunkSize })
    const shell = NUMBER_SETTINGS.find((s) => s.key === 'maxShellNumsPerCall')!
    expect(shell).toMatchObject({ group: 'limits', min: 1, max: Infinity, default: DEFAULT_LIMITS.maxShellNumsPerCall })
    expect(new Set(NUMBER_SETTINGS.map((s) => s.key)).size).toBe(NUMBER_SETTINGS.length)
    // The days an unfinished import keeps passwords is a setting the screen offers (docs/engine.md).
    expect(NUMBER_SETTINGS.find((s) => s.key === 'passwordRetentionDays')).toMatchObject({ group: 'bulk', min: 1, max: 90, default: DEFAULT_BULK.passwordRetentionDays })
  })
})

describe('checking a list off the page’s thread', () => {
  /** A worker stand-in that checks on this thread when told to answer. */
  function fakeWorker() {
    const posted: { id: number; text: string }[] = []
    const w = {
      onmessage: null as ((e: { data: unknown }) => void) | null,
      onerror: null as ((e: unknown) => void) | null,
      postMessage: (m: { id: number; text: string }) => void posted.push(m),
      terminate: vi.fn(),
    }
    return { w, posted }
  }

  it('checks short texts at once, long ones in the worker, and answers only the latest', async () => {
    const { w, posted } = fakeWorker()
    const checker = createListChecker(() => w)
    expect((await checker.check('8100000001\n8100000001'))!).toMatchObject({ toSend: 1, duplicates: 1 })
    expect(posted).toHaveLength(0)
    const long = Array.from({ length: 3000 }, (_, i) => String(8100000000 + i)).join('\n')
    expect(long.length).toBeGreaterThanOrEqual(WORKER_FROM_CHARS)
    const first = checker.check(long)
    const second = checker.check(long + '\nabc def')
    expect(posted.map((p) => p.id)).toEqual([2, 3])
    // The first is out of date at once; its late answer is ignored; the second gets its own.
    expect(await first).toBeNull()
    const mine = { toSend: 3000, malformed: 1 } as ListCheck
    w.onmessage!({ data: { id: 2, check: { toSend: 1 } } })
    w.onmessage!({ data: { id: 3, check: mine } })
    expect(await second).toBe(mine)
  })

  it('falls back to this thread when the worker cannot run', async () => {
    const { w } = fakeWorker()
    const checker = createListChecker(() => w)
    const long = Array.from({ length: 3000 }, (_, i) => String(8100000000 + i)).join('\n')
    const pending = checker.check(long)
    w.onerror!(new Event('error'))
    expect((await pending)!.toSend).toBe(3000)
    expect(w.terminate).toHaveBeenCalled()
    expect((await checker.check(long))!.toSend).toBe(3000)
  })
})
