import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import type { BulkProgress, BulkStart, JobItem } from '@shared/ipc/channels/bulk'
import { DEFAULT_BULK } from '@shared/settings'
import { BulkRunner, chunk, dedupe } from '../../../../src/main/services/bulk'
import { JobStore, type JobLogLine } from '../../../../src/main/services/bulk/job-store'
import { MemoryJobSecrets } from '../../../../src/main/services/vault'
import { FakeService } from './fake-client'
import { waitFor } from '../../../support/wait'

let dir: string
let runners: BulkRunner[] = []
/** The test's keychain: its runners (a crashed one and the next) share it, as the OS keychain outlives the app. */
let keychain = new MemoryJobSecrets()
// Every test's folder, removed again at the end: a runner abandoned to play a crash may still write its job file
// (passwords dropped a second later) after its test removed the folder.
const dirs: string[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ld-bulk-'))
  dirs.push(dir)
  keychain = new MemoryJobSecrets()
})
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(runners.map((r) => r.close()))
  runners = []
  rmSync(dir, { recursive: true, force: true })
})
afterAll(async () => {
  await new Promise((r) => setTimeout(r, 1_200))
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

function runner(svc: FakeService, opts: { concurrency?: number; events?: BulkProgress[]; progressIntervalMs?: number } = {}): BulkRunner {
  const r = new BulkRunner({
    dataDir: dir,
    clientFor: async () => svc.client(),
    settings: async () => ({ ...DEFAULT_BULK, concurrency: opts.concurrency ?? 4 }),
    activeProfileId: async () => 'p1',
    operatorIdentity: async () => 'ops@example.com',
    onProgress: (p) => opts.events?.push(p),
    progressIntervalMs: opts.progressIntervalMs ?? 100,
    secrets: keychain,
  })
  runners.push(r)
  return r
}

const locks = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `L${i + from}`)
const members = (n: number) => Array.from({ length: n }, (_, i) => ({ userName: `user${i}`, password: `Passw0rd${i}`, name: `User ${i}` }))

function accounted(items: JobItem[], inputCount: number): void {
  expect(items).toHaveLength(inputCount)
  expect(items.map((i) => i.index)).toEqual([...Array(inputCount).keys()])
  for (const i of items) expect(i.result.state).not.toBe('pending')
}

/** Calls `hook` with each job log line as it is appended (before it is written); it may return a failure for it. */
function onAppend(hook: (line: JobLogLine, id: string) => Error | void): void {
  const append = JobStore.prototype.append
  vi.spyOn(JobStore.prototype, 'append').mockImplementation(function (this: JobStore, id, line, opts) {
    const err = hook(line, id)
    return err ? Promise.reject(err) : append.call(this, id, line, opts)
  })
}

async function until(cond: () => boolean, ms = 20_000): Promise<void> {
  const t0 = Date.now()
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 5))
  }
}

/** Waits for an asynchronous condition (a file on disk), checked again and again; the limit only ends a hang. */
async function untilAsync(cond: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const t0 = Date.now()
  while (!(await cond())) {
    if (Date.now() - t0 > ms) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 5))
  }
}

describe('chunk and dedupe', () => {
  it('chunk splits in order with a short last chunk', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(chunk([], 3)).toEqual([])
  })
  it('dedupe keeps first occurrences and says where repeats are', () => {
    expect(dedupe(['a', 'B', 'b', 'c', 'a'], (x) => x.toLowerCase())).toEqual({
      unique: ['a', 'B', 'c'],
      positions: [0, 1, 3],
      duplicates: [{ index: 2, of: 1 }, { index: 4, of: 0 }],
    })
    // Without repeats the positions are the indexes: not written out.
    expect(dedupe(['a', 'b'], (x) => x)).toEqual({ unique: ['a', 'b'], duplicates: [] })
  })
  it('dedupe agrees with a plain Map on thousands of keys, most of them repeated', () => {
    // Seeded so a failure repeats; 3,000 keys drawn from 700, some empty or non-ASCII.
    let seed = 7
    const next = () => (seed = (seed * 48271) % 0x7fffffff)
    const pool = Array.from({ length: 700 }, (_, i) => (i === 0 ? '' : i % 50 === 0 ? `锁${i}` : `81${String(next()).padStart(8, '0')}`))
    const keys = Array.from({ length: 3000 }, () => pool[next() % pool.length]!)
    const first = new Map<string, number>()
    const want = { unique: [] as string[], positions: [] as number[], duplicates: [] as { index: number; of: number }[] }
    keys.forEach((k, index) => {
      const of = first.get(k)
      if (of === undefined) {
        first.set(k, index)
        want.unique.push(k)
        want.positions.push(index)
      } else want.duplicates.push({ index, of })
    })
    expect(dedupe(keys, (k) => k)).toEqual(want)
    expect(dedupe(pool, (k) => k)).toEqual({ unique: pool, duplicates: [] })
  })
})

describe('BulkRunner: locks', () => {
  it('repeats of a lock number are found whatever their case and spaces, in clean lists too', async () => {
    const svc = new FakeService(0)
    const r = runner(svc)
    const mixed = await r.start({ kind: 'locks.disable', items: ['abc1', ' ABC1', 'Abc1 ', 'x'] })
    await r.wait(mixed.id)
    expect((await r.get(mixed.id)).items.map((i) => i.result)).toEqual([
      { state: 'failed', status: 2 },
      { state: 'duplicate', duplicateOf: 0 },
      { state: 'duplicate', duplicateOf: 0 },
      { state: 'failed', status: 2 },
    ])
    const digits = await r.start({ kind: 'locks.disable', items: ['8100000001', '8100000002', '8100000001'] })
    await r.wait(digits.id)
    expect((await r.get(digits.id)).items[2]!.result).toEqual({ state: 'duplicate', duplicateOf: 0 })
    expect(svc.lockSends.get('abc1')).toBe(1)
    expect(svc.lockSends.get('8100000001')).toBe(1)
  })

  it('reads numbers with the one asset-number reader: full-width digits and spreadsheet quotes repeat the plain number', async () => {
    const svc = new FakeService(0)
    const r = runner(svc)
    const fullWidth = [...'8100000005'].map((d) => String.fromCharCode(0xff10 + Number(d))).join('')
    const job = await r.start({ kind: 'locks.enable', items: ['8100000005', fullWidth, '"8100000005"', "'8100000006"] })
    await r.wait(job.id)
    const results = (await r.get(job.id)).items.map((i) => i.result.state)
    expect(results).toEqual(['failed', 'duplicate', 'duplicate', 'failed'])
    // Sent once each, in the form the service knows (folded, unquoted).
    expect(svc.lockSends.get('8100000005')).toBe(1)
    expect(svc.lockSends.get('8100000006')).toBe(1)
  })

  it('one result per input item, duplicates not sent, chunks and concurrency bounded', async () => {
    const svc = new FakeService(1000)
    svc.delayMs = 2
    const events: BulkProgress[] = []
    const r = runner(svc, { concurrency: 3, events })
    const input = [...locks(1000), 'L5', ' L7 ', 'X1', 'X2'] // 2 duplicates, 2 unknown locks
    const started = await r.start({ kind: 'locks.disable', items: input, chunkSize: 100 })
    expect(started.status).toBe('running')
    const done = await r.wait(started.id)
    expect(done.status).toBe('completed')
    expect(done.counts).toEqual({ total: 1004, ok: 1000, failed: 2, unknown: 0, cancelled: 0, duplicate: 2, pending: 0, inFlight: 0, retryable: 0 })
    const items = await r.allItems(started.id)
    accounted(items, 1004)
    expect(items[1000]!.result).toEqual({ state: 'duplicate', duplicateOf: 5 })
    expect(items[1001]!.result).toEqual({ state: 'duplicate', duplicateOf: 7 })
    expect(items[1002]).toMatchObject({ key: 'X1', result: { state: 'failed', status: 2 } })
    expect([...svc.lockSends.values()].every((n) => n === 1)).toBe(true)
    expect(svc.lockSends.size).toBe(1002)
    expect(svc.calls).toBe(11)
    expect(svc.maxInFlight).toBeLessThanOrEqual(3)
    expect([...svc.locks.values()].every(Boolean)).toBe(true)
    const last = events[events.length - 1]!
    expect(last).toMatchObject({ jobId: started.id, status: 'completed', done: 1004, remaining: 0 })
  })

  it('a call answered gives its place to the next one, which leaves before the answer is read; a failed one keeps it', async () => {
    const svc = new FakeService(500)
    svc.trace = []
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start({ kind: 'locks.disable', items: locks(500), chunkSize: 100 })
    expect((await r.wait(s.id)).counts).toMatchObject({ ok: 500 })
    // One place: each call leaves once the one before is answered, before that answer is read.
    expect(svc.trace.slice(0, 7)).toEqual(['sent 0', 'answered 0', 'sent 1', 'read 0', 'answered 1', 'sent 2', 'read 1'])
    expect(svc.maxInFlight).toBe(1)

    // A failure is read before the place is given back: a call that stops the job is known before another leaves.
    const f = new FakeService(500)
    f.trace = []
    f.fault = (n) => (n === 1 ? 'fail60000' : null)
    const r2 = runner(f, { concurrency: 1 })
    const s2 = await r2.start({ kind: 'locks.disable', items: locks(500), chunkSize: 100 })
    expect(await r2.wait(s2.id)).toMatchObject({ status: 'paused', error: { code: '60000' } })
    expect(f.trace).toEqual(['sent 0', 'answered 0', 'sent 1', 'read 0', 'answered 1', 'read 1'])
  })

  it('progress events are throttled', async () => {
    const svc = new FakeService(2000)
    svc.delayMs = 1
    const events: BulkProgress[] = []
    const r = runner(svc, { concurrency: 1, events, progressIntervalMs: 200 })
    const t0 = Date.now()
    const s = await r.start({ kind: 'locks.enable', items: locks(2000), chunkSize: 10 })
    await r.wait(s.id)
    const seconds = (Date.now() - t0) / 1000
    // 200 calls, but no more than ~5 events a second (plus status changes)
    expect(events.length).toBeLessThanOrEqual(Math.ceil(seconds * 5) + 4)
    expect(events.at(-1)).toMatchObject({ status: 'completed', remaining: 0 })
  })

  it('pause finishes calls in flight and sends nothing more; resume completes without resending', async () => {
    const svc = new FakeService(2000)
    svc.delayMs = 10
    const r = runner(svc, { concurrency: 2 })
    const s = await r.start({ kind: 'locks.disable', items: locks(2000), chunkSize: 50 })
    await until(() => svc.calls >= 4)
    const paused = await r.pause(s.id)
    expect(paused.status).toBe('paused')
    const atPause = await r.wait(s.id)
    expect(atPause.status).toBe('paused')
    const callsAtPause = svc.calls
    expect(atPause.counts.pending).toBeGreaterThan(0)
    expect(atPause.counts.ok).toBe(callsAtPause * 50)
    await new Promise((res) => setTimeout(res, 50))
    expect(svc.calls).toBe(callsAtPause)
    await r.resume(s.id)
    const done = await r.wait(s.id)
    expect(done).toMatchObject({ status: 'completed', counts: { ok: 2000, pending: 0 } })
    expect([...svc.lockSends.values()].every((n) => n === 1)).toBe(true)
  })

  it('a resume or cancel that comes while a run writes its pause is not lost; a pause after it undoes the resume', async () => {
    for (const then of ['resume', 'cancel', 'resume, pause'] as const) {
      const svc = new FakeService(400)
      svc.delayMs = 5
      const r = runner(svc, { concurrency: 2 })
      const s = await r.start({ kind: 'locks.disable', items: locks(400), chunkSize: 10 })
      // The run has stopped sending and writes its pause: too late for it to see this.
      let asked: Promise<unknown> | undefined
      onAppend((line, id) => {
        if (id !== s.id || line.e !== 'status' || line.status !== 'paused') return
        asked ??= then === 'cancel' ? r.cancel(s.id) : then === 'resume' ? r.resume(s.id) : r.resume(s.id).then(() => r.pause(s.id))
      })
      await until(() => svc.calls >= 3)
      await r.pause(s.id)
      const end = await r.wait(s.id)
      await asked
      expect([...svc.lockSends.values()].every((n) => n === 1)).toBe(true)
      if (then === 'resume') expect(end).toMatchObject({ status: 'completed', counts: { ok: 400, pending: 0 } })
      else if (then === 'cancel') expect(end).toMatchObject({ status: 'cancelled', counts: { ok: svc.calls * 10, cancelled: 400 - svc.calls * 10 } })
      // The pause undoes the resume that waited for the run's end.
      else expect(end).toMatchObject({ status: 'paused', counts: { ok: svc.calls * 10, pending: 400 - svc.calls * 10 } })
      if (then !== 'resume, pause') accounted(await r.allItems(s.id), 400)
      vi.restoreAllMocks()
    }
  })

  it('cancel aborts calls in flight; everything not done is cancelled', async () => {
    const svc = new FakeService(1000)
    svc.delayMs = 30
    const r = runner(svc, { concurrency: 2 })
    const s = await r.start({ kind: 'locks.disable', items: locks(1000), chunkSize: 100 })
    await until(() => svc.calls >= 3)
    const c = await r.cancel(s.id)
    expect(c.status).toBe('cancelling')
    const done = await r.wait(s.id)
    expect(done.status).toBe('cancelled')
    expect(done.counts.ok + done.counts.cancelled).toBe(1000)
    expect(done.counts.cancelled).toBeGreaterThan(0)
    accounted(await r.allItems(s.id), 1000)
  })

  it('a call failing for good fails its items with the error; retryFailed sends only those again', async () => {
    const svc = new FakeService(500)
    svc.fault = (n) => (n === 1 ? 'fail502' : null)
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start({ kind: 'locks.disable', items: locks(500), chunkSize: 100 })
    const done = await r.wait(s.id)
    expect(done.counts).toMatchObject({ ok: 400, failed: 100 })
    const failed = await r.get(s.id, { states: ['failed'], limit: 1000 })
    expect(failed.matching).toBe(100)
    expect(failed.items[0]!.result.error).toMatchObject({ code: 'app.httpStatus', details: { httpStatus: 502 } })
    svc.fault = () => null
    await r.retryFailed(s.id)
    const again = await r.wait(s.id)
    expect(again.counts).toMatchObject({ ok: 500, failed: 0 })
    expect(svc.lockSends.get('L150')).toBe(2)
    expect(svc.lockSends.get('L50')).toBe(1)
  })

  it('retryFailed of a lock job sends status 3, failed calls, unknown and cancelled locks again, never status 2 or 4', async () => {
    const svc = new FakeService(400)
    // Locks L0-L399 exist; L400-L409 do not (status 2); L10-L19 answer 3 (failed), L20-L29 4 (wrong type).
    for (let i = 10; i < 20; i++) svc.lockStatus.set(`L${i}`, 3)
    for (let i = 20; i < 30; i++) svc.lockStatus.set(`L${i}`, 4)
    // The call of the third chunk (L200-L299) fails for good.
    svc.fault = (n) => (n === 2 ? 'fail502' : null)
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start({ kind: 'locks.disable', items: locks(410), chunkSize: 100 })
    expect((await r.wait(s.id)).counts).toMatchObject({ ok: 280, failed: 130 })
    svc.fault = () => null
    svc.lockStatus.clear() // what status 3 was is fixed now; status 4 would be too, were it sent
    svc.lockSends.clear()
    await r.retryFailed(s.id)
    const again = await r.wait(s.id)
    // Sent again: the ten status-3 locks and the hundred of the failed call; not the 2s or the 4s.
    expect([...svc.lockSends.keys()].sort()).toEqual([...locks(10, 10), ...locks(100, 200)].sort())
    expect(again.counts).toMatchObject({ ok: 390, failed: 20 })
    const left = await r.get(s.id, { states: ['failed'], limit: 100 })
    expect(left.items.map((i) => i.result.status).sort()).toEqual([...Array(10).fill(2), ...Array(10).fill(4)])
    // Nothing a retry can change is left: another retry sends nothing and the job stays completed.
    svc.lockSends.clear()
    expect((await r.retryFailed(s.id)).status).toBe('completed')
    await r.wait(s.id)
    expect(svc.lockSends.size).toBe(0)
  })

  it('retryFailed claims the job at once: a cancel right after it ends the retry cancelled, nothing sent', async () => {
    const svc = new FakeService(300)
    svc.fault = (n) => (n === 1 ? 'fail502' : null)
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start({ kind: 'locks.disable', items: locks(300), chunkSize: 100 })
    expect((await r.wait(s.id)).counts).toMatchObject({ ok: 200, failed: 100 })
    const calls = svc.calls
    const retried = r.retryFailed(s.id)
    await r.cancel(s.id)
    expect((await retried).status).toBe('running')
    expect(await r.wait(s.id)).toMatchObject({ status: 'cancelled', counts: { ok: 200, cancelled: 100, pending: 0 } })
    expect(svc.calls).toBe(calls)
  })

  it('retryFailed whose reset line cannot be written leaves every result as it was, paused with the error', async () => {
    const svc = new FakeService(300)
    svc.fault = (n) => (n === 1 ? 'fail502' : null)
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start({ kind: 'locks.disable', items: locks(300), chunkSize: 100 })
    await r.wait(s.id)
    onAppend((line) => (line.e === 'reset' ? AppError.app('app.storage', { detail: 'disk full' }) : undefined))
    const calls = svc.calls
    await r.retryFailed(s.id)
    const after = await r.wait(s.id)
    expect(after).toMatchObject({ status: 'paused', error: { code: 'app.storage' }, counts: { ok: 200, failed: 100, pending: 0 } })
    expect(svc.calls).toBe(calls)
  })

  it.runIf(existsSync('/proc/self/fd'))('a job at rest holds no file open: its log is closed when a run ends', async () => {
    const svc = new FakeService(300)
    svc.fault = (n) => (n === 1 ? 'fail502' : null)
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start({ kind: 'locks.disable', items: locks(300), chunkSize: 100 })
    await r.wait(s.id)
    const log = realpathSync(join(dir, 'jobs', s.id, 'log.jsonl'))
    const handles = () => readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === log
      } catch {
        return false
      }
    }).length
    // The log is closed behind the run's end (the run does not wait for it): wait for that, not for a time.
    await waitFor(() => expect(handles()).toBe(0), { interval: 5 })
    // The next run reopens it.
    await r.retryFailed(s.id)
    expect(await r.wait(s.id)).toMatchObject({ status: 'completed', counts: { ok: 300 } })
    await waitFor(() => expect(handles()).toBe(0), { interval: 5 })
  })

  it('retryFailed and resume at the same time make one run: nothing sent twice', async () => {
    const svc = new FakeService(200)
    // Chunk 0 fails for good; chunk 1's token is refused, which stops the job (paused) with chunk 1 pending.
    svc.fault = (n) => (n === 0 ? 'fail502' : n === 1 ? 'fail60000' : null)
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start({ kind: 'locks.disable', items: locks(200), chunkSize: 100 })
    expect(await r.wait(s.id)).toMatchObject({ status: 'paused', counts: { failed: 100, pending: 100, retryable: 100 } })
    svc.fault = () => null
    await Promise.all([r.retryFailed(s.id), r.resume(s.id)])
    expect(await r.wait(s.id)).toMatchObject({ status: 'completed', counts: { ok: 200, pending: 0, retryable: 0 } })
    // Each chunk: the first send that failed, and one more.
    expect(new Set(svc.lockSends.values())).toEqual(new Set([2]))
  })

  it('a lock that makes the service fail its whole chunk is isolated: the others get their own answers, a retry sends it alone', async () => {
    const svc = new FakeService(300)
    svc.poison.add('L142')
    const r = runner(svc, { concurrency: 2 })
    const s = await r.start({ kind: 'locks.disable', items: locks(300), chunkSize: 100 })
    const done = await r.wait(s.id)
    expect(done.counts).toMatchObject({ ok: 299, failed: 1, pending: 0, retryable: 1 })
    const [bad] = (await r.get(s.id, { states: ['failed'] })).items
    expect(bad).toMatchObject({ key: 'L142', retryable: true, tries: 1, result: { state: 'failed', error: { code: '500' } } })
    expect(bad!.result.error!.details.serverMessage).toContain('L142')
    // The chunk's call, then halves down to the lock: about two calls per halving, not one per lock.
    const chunkCalls = svc.lockCalls.filter((c) => c.assetNums.some((a) => Number(a.slice(1)) >= 100 && Number(a.slice(1)) < 200))
    expect(chunkCalls.length).toBeLessThanOrEqual(1 + 2 * Math.ceil(Math.log2(100)))
    // Isolating calls are retried once at most (the chunk's own failure was retried already).
    expect(chunkCalls.slice(1).every((c) => c.maxRetries === 1)).toBe(true)
    expect(chunkCalls[0]!.maxRetries).toBeUndefined()
    // Every other lock of its chunk is done, each sent in one call that was answered.
    for (let i = 100; i < 200; i++) if (i !== 142) expect(svc.locks.get(`L${i}`)).toBe(true)

    const before = svc.lockCalls.length
    await r.retryFailed(s.id)
    const again = await r.wait(s.id)
    expect(again.counts).toMatchObject({ ok: 299, failed: 1, retryable: 1 })
    expect(svc.lockCalls.slice(before).map((c) => c.assetNums)).toEqual([['L142']])
    expect((await r.get(s.id, { states: ['failed'] })).items[0]).toMatchObject({ key: 'L142', tries: 2 })
  })

  it('two bad locks in different halves are both isolated', async () => {
    const svc = new FakeService(100)
    svc.poison.add('L10')
    svc.poison.add('L90')
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start({ kind: 'locks.disable', items: locks(100), chunkSize: 100 })
    expect((await r.wait(s.id)).counts).toMatchObject({ ok: 98, failed: 2 })
    expect((await r.get(s.id, { states: ['failed'] })).items.map((i) => i.key)).toEqual(['L10', 'L90'])
  })

  it('a failure that every part of a chunk gets alike is not split further: the chunk fails after a few calls', async () => {
    const svc = new FakeService(200)
    // Any call with a lock of the first chunk fails (say the service cannot serve that range at all).
    for (const l of locks(100)) svc.poison.add(l)
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start({ kind: 'locks.disable', items: locks(200), chunkSize: 100 })
    const done = await r.wait(s.id)
    expect(done.counts).toMatchObject({ ok: 100, failed: 100 })
    // The second chunk's call; the first's, its halves, their halves: then given up.
    expect(svc.calls).toBe(1 + 1 + 2 + 4)
    expect((await r.get(s.id, { states: ['failed'], limit: 1 })).items[0]!.result.error).toMatchObject({ code: '500' })
  })

  it('failures on the way (a proxy, the network) and creates are never split', async () => {
    const svc = new FakeService(100)
    svc.fault = () => 'fail502'
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start({ kind: 'locks.disable', items: locks(100), chunkSize: 100 })
    expect((await r.wait(s.id)).counts).toMatchObject({ failed: 100 })
    expect(svc.calls).toBe(1)
    const m = new FakeService()
    m.fault = () => 'fail13004'
    const r2 = runner(m, { concurrency: 1 })
    const s2 = await r2.start({ kind: 'members.import', enterpriseGlobalId: 'E1', items: members(100) })
    expect((await r2.wait(s2.id)).counts).toMatchObject({ failed: 100 })
    expect(m.calls).toBe(1)
  })

  it('a credentials error stops the job (paused with the error) instead of failing every item', async () => {
    const svc = new FakeService(1000)
    svc.fault = () => 'fail60000'
    const r = runner(svc, { concurrency: 2 })
    const s = await r.start({ kind: 'locks.disable', items: locks(1000), chunkSize: 100 })
    const stopped = await r.wait(s.id)
    expect(stopped.status).toBe('paused')
    expect(stopped.error).toMatchObject({ code: '60000' })
    expect(stopped.counts.pending).toBe(1000)
    expect(svc.calls).toBeLessThanOrEqual(2)
    svc.fault = () => null
    await r.resume(s.id)
    expect(await r.wait(s.id)).toMatchObject({ status: 'completed', counts: { ok: 1000 } })
    expect((await r.wait(s.id)).error).toBeUndefined()
  })

  it('cancelling a stopped job whose log cannot be written pauses it with the error, not stuck cancelling', async () => {
    const svc = new FakeService(300)
    svc.fault = () => 'fail60000'
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start({ kind: 'locks.disable', items: locks(300), chunkSize: 100 })
    expect(await r.wait(s.id)).toMatchObject({ status: 'paused', counts: { pending: 300 } })
    onAppend((line) => (line.e === 'status' && line.status === 'cancelling' ? AppError.app('app.storage', { detail: 'disk full' }) : undefined))
    expect((await r.cancel(s.id)).status).toBe('cancelling')
    expect(await r.wait(s.id)).toMatchObject({ status: 'paused', error: { code: 'app.storage' }, counts: { pending: 300 } })
    vi.restoreAllMocks()
    // Once the disk is fixed, the cancel goes through.
    await r.cancel(s.id)
    expect(await r.wait(s.id)).toMatchObject({ status: 'cancelled', counts: { cancelled: 300 } })
  })

  it('calls that cannot be prepared stop the job with the error, whatever it is (not prepared again and again)', async () => {
    const svc = new FakeService(300)
    let refusals = 20
    svc.prepareFault = () => (refusals-- > 0 ? AppError.app('app.cancelled') : null)
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start({ kind: 'locks.disable', items: locks(300), chunkSize: 100 })
    expect(await r.wait(s.id)).toMatchObject({ status: 'paused', error: { code: 'app.cancelled' }, counts: { pending: 300 } })
    // The first batch goes alone (the next is built once its calls have left); none after its error.
    expect(svc.prepareBatches).toBe(1)
    expect(svc.calls).toBe(0)
  })

  it('refuses a lock job without an operator identity', async () => {
    const svc = new FakeService(1)
    const r = new BulkRunner({
      dataDir: dir,
      clientFor: async () => svc.client(),
      settings: async () => DEFAULT_BULK,
      activeProfileId: async () => 'p1',
      operatorIdentity: async () => '',
      onProgress: () => undefined,
    })
    runners.push(r)
    await expect(r.start({ kind: 'locks.disable', items: ['L0'] })).rejects.toMatchObject({ code: 'app.invalidInput' })
  })
})

describe('BulkRunner: employees (creates)', () => {
  const start = (n: number): BulkStart => ({ kind: 'members.import', enterpriseGlobalId: 'E1', items: members(n) })

  it('splits into 100 per call and maps a partial success (60027) to per-item results', async () => {
    const svc = new FakeService()
    svc.refuse = new Set(['user7', 'user150'])
    const r = runner(svc)
    const s = await r.start({ kind: 'members.import', enterpriseGlobalId: 'E1', items: [...members(250), { userName: 'USER3', password: 'x12345', name: 'dup' }] })
    const done = await r.wait(s.id)
    expect(done.counts).toEqual({ total: 251, ok: 248, failed: 2, unknown: 0, cancelled: 0, duplicate: 1, pending: 0, inFlight: 0, retryable: 0 })
    expect(svc.calls).toBe(3)
    const items = await r.allItems(s.id)
    accounted(items, 251)
    expect(items[7]).toMatchObject({ key: 'user7', label: 'User 7', result: { state: 'failed', message: 'refused' } })
    expect(items[8]!.result).toEqual({ state: 'ok', memberGlobalId: 'G-user8' })
    expect(items[250]!.result).toEqual({ state: 'duplicate', duplicateOf: 3 })
  })

  it('unknown outcomes are read back before anything is resent: nothing created twice', async () => {
    const svc = new FakeService()
    // call 0: dropped after the work; call 1: dropped before it; call 4: dropped after again
    svc.fault = (n) => (n === 0 || n === 4 ? 'dropAfter' : n === 1 ? 'dropBefore' : null)
    const r = runner(svc, { concurrency: 2 })
    const s = await r.start(start(500))
    const done = await r.wait(s.id)
    expect(done.counts).toMatchObject({ ok: 500, failed: 0, unknown: 0, pending: 0 })
    expect(svc.employees.size).toBe(500)
    const items = await r.allItems(s.id)
    accounted(items, 500)
    // the chunk dropped before the work was resent once; the ones done were never resent
    const sends = [...svc.memberSends.values()]
    expect(sends.filter((n) => n === 2)).toHaveLength(100)
    expect(sends.filter((n) => n > 2)).toHaveLength(0)
    expect(items.filter((i) => i.result.reconciled)).toHaveLength(200)
  })

  it('an item never confirmed after maxSends ends failed with the unknown-outcome error, not lost', async () => {
    const svc = new FakeService()
    svc.fault = () => 'dropBefore'
    const r = runner(svc)
    const s = await r.start(start(3))
    const done = await r.wait(s.id)
    expect(done.counts).toMatchObject({ failed: 3, pending: 0 })
    expect(svc.memberSends.get('user0')).toBe(3)
    expect((await r.allItems(s.id))[0]!.result.error?.code).toBe('app.unknownOutcome')
  })

  it('after a crash mid-call the job is interrupted; resume reads back and never resends what was done', async () => {
    const svc = new FakeService()
    // The second call does the work and never answers: the app "crashes" while it is in flight.
    svc.fault = (n) => (n === 1 ? 'hangAfter' : null)
    const a = runner(svc, { concurrency: 1 })
    const s = await a.start(start(300))
    await until(() => svc.employees.size === 200)
    runners = runners.filter((x) => x !== a) // abandon it, as a crash would
    // torn last line in the job log, as a crash mid-write leaves it
    appendFileSync(join(dir, 'jobs', s.id, 'log.jsonl'), '{"e":"result","g":[[{"state":"ok"},[250,')

    svc.fault = () => null
    const b = runner(svc, { concurrency: 1 })
    const listed = (await b.list()).find((j) => j.id === s.id)!
    // Results are written lazily (within 100 ms), so the first chunk's may not have landed: either way its
    // items are either done or read back, never sent again.
    expect(listed.status).toBe('interrupted')
    expect(listed.counts.ok + listed.counts.pending).toBe(300)
    expect(listed.counts.ok).toBeLessThanOrEqual(100)
    await b.resume(s.id)
    const done = await b.wait(s.id)
    expect(done).toMatchObject({ status: 'completed', counts: { ok: 300, pending: 0 } })
    expect(svc.employees.size).toBe(300)
    // users 100-199 were created by the call in flight at the crash: read back, not resent
    expect(svc.memberSends.get('user150')).toBe(1)
    expect([...svc.memberSends.values()].every((n) => n === 1)).toBe(true)
    accounted(await b.allItems(s.id), 300)
  })

  it('after the app is killed, creates journaled but never sent are simply sent; after the machine stopped they are read back', async () => {
    for (const machineStopped of [false, true]) {
      const svc = new FakeService()
      // The second call hangs (in flight at the "kill"); chunks 3-5 are journaled ahead and never sent.
      svc.fault = (n) => (n === 1 ? 'hangAfter' : null)
      const a = runner(svc, { concurrency: 1 })
      const s = await a.start(start(500))
      await until(() => svc.employees.size === 200)
      // The first chunk's results reach the log lazily (with a later flush): wait until the disk holds them.
      const onDisk = new JobStore(dir)
      await untilAsync(async () => ((await onDisk.load(s.id))?.results.filter((r) => r !== undefined).length ?? 0) >= 100)
      runners = runners.filter((x) => x !== a) // abandon it, as a kill would
      const log = join(dir, 'jobs', s.id, 'log.jsonl')
      // A stopped machine: the log was written in another boot (its unsynced lines could be lost).
      if (machineStopped) writeFileSync(log, readFileSync(log, 'utf8').replace(/"e":"boot","boot":"[^"]*"/g, '"e":"boot","boot":"an-earlier-boot"'))
      svc.fault = () => null
      // Reading back fails now: what the runner reads back ends unknown, what it simply sends ends ok.
      svc.readFault = 'fail'
      const b = runner(svc, { concurrency: 1 })
      await b.resume(s.id)
      const done = await b.wait(s.id)
      const unknown = (await b.get(s.id, { states: ['unknown'], limit: 1000 })).items.map((i) => i.index)
      if (!machineStopped) {
        // Killed: only the call that had left (users 100-199) is read back; the calls never sent are sent.
        expect(done.counts).toMatchObject({ ok: 400, unknown: 100 })
        expect(unknown).toEqual([...Array(100).keys()].map((i) => i + 100))
        expect(svc.memberSends.get('user450')).toBe(1)
      } else {
        // The machine stopped: a "sent" line may have been lost, so every item about to be sent is read back.
        expect(done.counts).toMatchObject({ ok: 100, unknown: 400 })
        expect(svc.memberSends.get('user450')).toBeUndefined()
      }
      expect([...svc.memberSends.values()].every((n) => n === 1)).toBe(true)
    }
  })

  it('unknown creates put back by retryFailed are read back, not resent, after a crash', async () => {
    const svc = new FakeService()
    // The only call does the work but its answer is lost, and reading back fails: the three end unknown.
    svc.fault = (n) => (n === 0 ? 'dropAfter' : null)
    svc.readFault = 'fail'
    const a = runner(svc, { concurrency: 1 })
    const s = await a.start(start(3))
    expect((await a.wait(s.id)).counts).toMatchObject({ unknown: 3, pending: 0 })
    expect(svc.employees.size).toBe(3)
    // Retried; the app crashes while it reads them back.
    svc.readFault = 'hang'
    const reads = svc.reads
    await a.retryFailed(s.id)
    await until(() => svc.reads > reads)
    runners = runners.filter((x) => x !== a)

    svc.readFault = null
    const b = runner(svc, { concurrency: 1 })
    expect((await b.list()).find((j) => j.id === s.id)).toMatchObject({ status: 'interrupted', counts: { pending: 3 } })
    await b.resume(s.id)
    expect(await b.wait(s.id)).toMatchObject({ status: 'completed', counts: { ok: 3, pending: 0 } })
    expect([...svc.memberSends.values()]).toEqual([1, 1, 1])
    expect((await b.allItems(s.id)).every((i) => i.result.reconciled)).toBe(true)
  })

  it('a lock job, defined by the first line of its log, survives a crash: resume sends only what has no result', async () => {
    const svc = new FakeService(500)
    // The third call does the work and never answers: the app "crashes" while it is in flight.
    svc.fault = (n) => (n === 2 ? 'hangAfter' : null)
    const a = runner(svc, { concurrency: 1 })
    const s = await a.start({ kind: 'locks.disable', items: locks(500), chunkSize: 100 })
    await until(() => svc.calls === 3)
    // The first two calls' results reach the log lazily (with a later flush): wait until the disk holds them.
    const onDisk = new JobStore(dir)
    await untilAsync(async () => ((await onDisk.load(s.id))?.results.filter((r) => r !== undefined).length ?? 0) >= 200)
    runners = runners.filter((x) => x !== a) // abandon it, as a crash would
    // The boot of the machine it is written in (see JobStore), then the job.
    const head = readFileSync(join(dir, 'jobs', s.id, 'log.jsonl'), 'utf8').split('\n')
    expect(head[0]).toContain('"e":"boot"')
    expect(head[1]).toContain('"e":"job"')

    svc.fault = () => null
    const b = runner(svc, { concurrency: 1 })
    const listed = (await b.list()).find((j) => j.id === s.id)!
    expect(listed).toMatchObject({ status: 'interrupted', kind: 'locks.disable', target: 'ops@example.com', counts: { total: 500, ok: 200, pending: 300 } })
    await b.resume(s.id)
    expect(await b.wait(s.id)).toMatchObject({ status: 'completed', counts: { ok: 500, pending: 0 } })
    // Done before the crash: sent once. In flight at the crash (no result): sent again, harmlessly.
    expect(svc.lockSends.get('L150')).toBe(1)
    expect(svc.lockSends.get('L250')).toBe(2)
    expect(svc.lockSends.get('L450')).toBe(1)
    accounted(await b.allItems(s.id), 500)
  })

  it('reads job logs written before runs of items existed (one number per item)', async () => {
    const id = '2025-01-01-old00001'
    const job = { v: 1, id, profileId: 'p1', createdAt: 1, inputCount: 3, kind: 'locks.enable', operatorIdentity: 'ops', chunkSize: 100, items: ['A', 'B', 'C'], duplicates: [] }
    const { mkdirSync, writeFileSync } = await import('node:fs')
    mkdirSync(join(dir, 'jobs', id), { recursive: true })
    const lines = [
      { e: 'job', job, at: 1 },
      { e: 'status', status: 'running', at: 2 },
      { e: 'result', g: [[{ state: 'ok', status: 1 }, [0, 2]], [{ state: 'failed', status: 2 }, [1]]], at: 3 },
      { e: 'status', status: 'completed', at: 4 },
    ]
    writeFileSync(join(dir, 'jobs', id, 'log.jsonl'), lines.map((l) => JSON.stringify(l) + '\n').join(''))
    const r = runner(new FakeService())
    const items = await r.allItems(id)
    expect(items.map((i) => i.result)).toEqual([{ state: 'ok', status: 1 }, { state: 'failed', status: 2 }, { state: 'ok', status: 1 }])
    expect((await r.list())[0]).toMatchObject({ id, status: 'completed', counts: { ok: 2, failed: 1 } })
  })

  it('cancel reads back the creates in flight: done ones are ok, the rest cancelled', async () => {
    const svc = new FakeService()
    svc.delayMs = 40
    const r = runner(svc, { concurrency: 2 })
    const s = await r.start(start(1000))
    await until(() => svc.calls >= 3)
    await r.cancel(s.id)
    const done = await r.wait(s.id)
    expect(done.status).toBe('cancelled')
    expect(done.counts.ok).toBe(svc.employees.size)
    expect(done.counts.ok + done.counts.cancelled).toBe(1000)
    accounted(await r.allItems(s.id), 1000)
  })

  it('after a crash while cancelling, the cancel is finished on load (creates in flight read back), nothing sent', async () => {
    const svc = new FakeService()
    svc.delayMs = 40
    svc.readFault = 'hang'
    const a = runner(svc, { concurrency: 1 })
    const s = await a.start(start(300))
    await until(() => svc.calls >= 2) // chunk 0 done, chunk 1 in flight
    await a.cancel(s.id)
    await until(() => svc.reads > 0) // the app crashes while reading back chunk 1
    runners = runners.filter((x) => x !== a)

    svc.readFault = null
    const { calls, reads } = svc
    const b = runner(svc, { concurrency: 1 })
    expect(await b.wait(s.id)).toMatchObject({ status: 'cancelled', counts: { ok: 100, cancelled: 200, pending: 0 } })
    expect(svc.calls).toBe(calls)
    expect(svc.reads).toBeGreaterThan(reads)
    accounted(await b.allItems(s.id), 300)
  })

  it('paused at once and resumed at once: every call journaled is sent or closed, none left behind by the first round', async () => {
    const svc = new FakeService()
    const r = runner(svc, { concurrency: 1 })
    const s = await r.start(start(500))
    await r.pause(s.id)
    await r.wait(s.id)
    await r.resume(s.id)
    // The first round's next batch waits in a timer for the job file: it must start nothing now.
    await new Promise((res) => setTimeout(res, 30))
    expect(await r.wait(s.id)).toMatchObject({ status: 'completed', counts: { ok: 500 } })
    expect(svc.prepared).toBe(svc.calls + svc.abandoned)
    expect(svc.calls).toBe(5)
  })

  it('drops the initial passwords of created employees from the job file, refused ones too', async () => {
    const svc = new FakeService()
    svc.refuse = new Set(['user1'])
    const r = runner(svc)
    const s = await r.start(start(3))
    await r.wait(s.id)
    await r.close() // the job file is rewritten after the run; close waits for it
    const file = readFileSync(join(dir, 'jobs', s.id, 'job.json'), 'utf8')
    expect(file).not.toContain('Passw0rd0')
    expect(file).not.toContain('Passw0rd2')
    // Refused: a final result, so its password goes too (it is not retried: the user imports it again).
    expect(file).not.toContain('Passw0rd1')
    expect(file).toContain('user1')
  })
})
