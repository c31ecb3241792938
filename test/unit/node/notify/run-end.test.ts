/** The notification of an ended run (src/shared/notify/run-end.ts): once per run seen running, in both languages. */
import { describe, expect, it } from 'vitest'
import { RunEndWatch, runEndNotice } from '@shared/notify/run-end'

const counts = { total: 120, ok: 117, failed: 2, unknown: 1, cancelled: 0, duplicate: 0, pending: 0, inFlight: 0, retryable: 0 }

describe('run end notifications', () => {
  it('says so once when a run seen running ends; pauses and old runs are no news', () => {
    const watch = new RunEndWatch()
    expect(watch.ended({ jobId: 'old', status: 'completed' })).toBe(false)
    expect(watch.ended({ jobId: 'a', status: 'running' })).toBe(false)
    expect(watch.ended({ jobId: 'a', status: 'running' })).toBe(false)
    expect(watch.ended({ jobId: 'a', status: 'completed' })).toBe(true)
    expect(watch.ended({ jobId: 'a', status: 'completed' })).toBe(false)
    expect(watch.ended({ jobId: 'b', status: 'running' })).toBe(false)
    expect(watch.ended({ jobId: 'b', status: 'paused' })).toBe(false)
    expect(watch.ended({ jobId: 'c', status: 'running' })).toBe(false)
    expect(watch.ended({ jobId: 'c', status: 'cancelling' })).toBe(false)
    expect(watch.ended({ jobId: 'c', status: 'cancelled' })).toBe(true)
  })

  it('words the outcome in English and Chinese', () => {
    const p = { kind: 'members.import' as const, status: 'completed' as const, counts: { ...counts } }
    expect(runEndNotice(p, 'en')).toEqual({ title: 'The employee import has finished', body: '117 done, 2 failed, 1 unknown, of 120.' })
    expect(runEndNotice(p, 'zh-CN')).toEqual({ title: '员工导入已完成', body: '共 120 项：117 项完成，2 项失败，1 项结果未知。' })
    expect(runEndNotice({ ...p, kind: 'locks.disable', status: 'interrupted' }, 'en').title).toBe('Disabling locks stopped')
  })
})
