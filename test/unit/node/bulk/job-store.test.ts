import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ItemResult } from '@shared/ipc/channels/bulk'
import { JobStore, type JobLogLine } from '../../../../src/main/services/bulk/job-store'
import { AppendLog } from '../../../../src/main/services/journal'

const dirs: string[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function record(store: JobStore, id: string, n: number, resultOf: (i: number) => ItemResult): Promise<JobLogLine[]> {
  const writes: Promise<void>[] = []
  // As a run records them: 100 per answer, each answer in a turn of the event loop of its own.
  for (let c = 0; c < n / 100; c++) {
    const chunk = Array.from({ length: 100 }, (_, k) => c * 100 + k)
    writes.push(store.addResults(id, chunk, chunk.map(resultOf), 2 + c))
    await new Promise((r) => setImmediate(r))
  }
  await Promise.all(writes)
  await store.closeLog(id)
  return readFileSync(join(store.dir, id, 'log.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as JobLogLine)
}

function newStore(): JobStore {
  const dir = mkdtempSync(join(tmpdir(), 'ld-jobstore-'))
  dirs.push(dir)
  return new JobStore(dir)
}

describe('JobStore results lines', () => {
  it("results that share an object (a lock job's) stay in one line until the next flush", async () => {
    const store = newStore()
    const early = vi.spyOn(AppendLog.prototype, 'flushSoon')
    const ok: ItemResult = { state: 'ok', status: 1 }
    const lines = await record(store, 'job-2', 2_500, () => ok)
    // No early write asked for: the line waits for the log's next flush (here its close; a slow machine may let
    // the 100 ms timer of lazy lines run out first).
    expect(early).not.toHaveBeenCalled()
    const results = lines.filter((l) => l.e === 'result')
    expect(results.length).toBeLessThanOrEqual(2)
    const runs = results.flatMap((l) => (l.e === 'result' ? l.g.flatMap(([r, items]) => (r.state === 'ok' ? items : [])) : []))
    expect(runs.reduce<number>((n, r) => n + (typeof r === 'number' ? 1 : r[1] - r[0] + 1), 0)).toBe(2_500)
    await store.close()
  })

  it('an import of distinct results is written in lines of about a thousand, not all at the next flush', async () => {
    const store = newStore()
    const n = 2_500
    const items = Array.from({ length: n }, (_, i) => ({ userName: `u${i}`, name: `N ${i}`, password: `Pw-${i}-x` }))
    const file = { v: 1 as const, id: 'job-1', profileId: 'p', createdAt: 1, inputCount: n, kind: 'members.import' as const, enterpriseGlobalId: 'E1', items, duplicates: [] }
    await store.create(file, { ownFile: true })
    const lines = await record(store, file.id, n, (i) => ({ state: 'ok', memberGlobalId: `M${i}` }))
    const sizes = lines.flatMap((l) => (l.e === 'result' ? [l.g.length] : []))
    // The first line is sealed in the turn after its thousandth result; later ones also take what came in while
    // the line before was being fsynced.
    expect(sizes.length).toBeGreaterThanOrEqual(2)
    expect(sizes[0]).toBeLessThanOrEqual(1_000)
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(n)
    const loaded = await store.load(file.id)
    expect(loaded?.results.filter((r) => r?.state === 'ok')).toHaveLength(n)
    expect(loaded?.results[1_234]).toEqual({ state: 'ok', memberGlobalId: 'M1234' })
    await store.close()
  })
})
