/**
 * The journal listed by run: a bulk run's calls are one row (their counts added up, their outcomes in one word),
 * single calls stay rows of their own, and `journal.list` with `byRun` pages those rows.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { JournalEntry, JournalRow } from '@shared/ipc/channels/journal'
import { Journal } from '../../../../src/main/services/journal'
import { addCounts, groupByRun, runOutcome } from '../../../../src/main/services/journal/runs'

let at = 1_000_000
function call(over: Partial<JournalEntry> = {}): JournalEntry {
  at -= 10
  return {
    id: `e${at}`,
    profileId: 'p1',
    operation: 'lockAssets',
    method: 'POST',
    path: '/order/api/order/v1/asset/lock',
    query: {},
    nonce: `n${at}`,
    attempt: 0,
    startedAt: at,
    endedAt: at + 5,
    outcome: 'ok',
    ...over,
  }
}
const locks = (total: number, ok: number, notFound: number) => ({ kind: 'locks' as const, total, ok, notFound, failed: 0, wrongType: 0 })

describe('groupByRun', () => {
  it('takes a run of 100 calls as one row at its newest call, with the counts added up; other calls stay as they are', () => {
    const before = call({ operation: 'getShellNums', id: 'shell' })
    // Newest first, as the journal lists them: the run's 100 calls of 100 locks, one other call in the middle.
    const run = Array.from({ length: 100 }, (_, i) => call({ jobId: 'job-1', chunk: 99 - i, counts: i === 0 ? locks(100, 0, 100) : locks(100, 100, 0) }))
    const other = call({ operation: 'editMember', id: 'edit' })
    const entries = [before, ...run.slice(0, 50), other, ...run.slice(50)]
    const rows = groupByRun(entries)
    expect(rows.map((r) => (r.kind === 'call' ? r.entry.id : r.run.jobId))).toEqual(['shell', 'job-1', 'edit'])
    const r = (rows[1] as Extract<JournalRow, { kind: 'run' }>).run
    expect(r).toMatchObject({ calls: 100, outcome: 'ok', outcomes: { ok: 100 }, operations: ['lockAssets'], counts: locks(10_000, 9_900, 100) })
    expect(r.firstStartedAt).toBe(run[99]!.startedAt)
    expect(r.lastStartedAt).toBe(run[0]!.startedAt)
    expect(r.endedAt).toBe(run[0]!.endedAt)
  })

  it('leaves a job with one matching call a call, and a run with a call under way without an end', () => {
    const single = call({ jobId: 'job-2' })
    const running = [call({ jobId: 'job-3', outcome: 'pending', endedAt: undefined }), call({ jobId: 'job-3' })]
    const rows = groupByRun([single, ...running])
    expect(rows[0]).toEqual({ kind: 'call', entry: single })
    const r = (rows[1] as Extract<JournalRow, { kind: 'run' }>).run
    expect(r.outcome).toBe('pending')
    expect(r.endedAt).toBeUndefined()
  })

  it('words a run of mixed outcomes as partly done, unknown while one is open, and adds only counts of one kind', () => {
    expect(runOutcome({ ok: 3 })).toBe('ok')
    expect(runOutcome({ ok: 3, error: 1 })).toBe('partial')
    expect(runOutcome({ ok: 3, notSent: 2 })).toBe('partial')
    expect(runOutcome({ ok: 3, interrupted: 1 })).toBe('unknown')
    expect(runOutcome({ ok: 3, queued: 1 })).toBe('pending')
    expect(addCounts([locks(2, 1, 1), undefined, locks(3, 3, 0)])).toEqual(locks(5, 4, 1))
    expect(addCounts([{ kind: 'employees', added: 98, failed: 2 }, { kind: 'employees', added: 100, failed: 0 }])).toEqual({ kind: 'employees', added: 198, failed: 2 })
    expect(addCounts([locks(2, 2, 0), { kind: 'notSent' }])).toBeUndefined()
    expect(addCounts([undefined])).toBeUndefined()
  })
})

describe('Journal.list byRun', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('pages rows, not calls, and the jobId filter lists a run’s calls', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ld-journal-runs-'))
    const j = new Journal({ dataDir: dir })
    let t = Date.UTC(2025, 4, 10, 12)
    const start = (jobId?: string) => ({
      profileId: 'p1',
      operation: 'lockAssets' as const,
      method: 'POST',
      path: '/order/api/order/v1/asset/lock',
      query: {},
      body: { assetNums: ['8100000001'] },
      nonce: `n${++t}`,
      attempt: 0,
      startedAt: t,
      ...(jobId ? { context: { jobId } } : {}),
    })
    const ids = [await j.started(start()), ...(await j.startedAll(Array.from({ length: 5 }, () => start('job-a')))), await j.started(start())]
    for (const id of ids) await j.ended(id, { outcome: 'ok', endedAt: ++t, httpStatus: 200, counts: locks(1, 1, 0) })

    const all = await j.list({ byRun: true })
    expect(all.total).toBe(3)
    expect(all.entries).toEqual([])
    expect(all.rows!.map((r) => r.kind)).toEqual(['call', 'run', 'call'])
    const second = await j.list({ byRun: true, offset: 1, limit: 1 })
    expect(second.rows).toHaveLength(1)
    expect(second.rows![0]).toMatchObject({ kind: 'run', run: { jobId: 'job-a', calls: 5, counts: locks(5, 5, 0) } })
    const calls = await j.list({ jobId: 'job-a' })
    expect(calls.total).toBe(5)
    // Without byRun the page is as it was: one entry per call.
    expect((await j.list({})).total).toBe(7)
    await j.close()
  })
})
