/**
 * The bulk engine through the core's channels against a sandbox over HTTP: a lock that fails its whole chunk is
 * isolated, the journal shows when calls were sent (and which never were), every count and status of a job is
 * the same in bulk.list, bulk.get and bulk.progress, and inputs are strict and bounded.
 */
import dc from 'node:diagnostics_channel'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeError } from '@shared/errors/app-error'
import type { BulkProgress, JobDetail, JobSummary } from '@shared/ipc/channels/bulk'
import type { JournalPage } from '@shared/ipc/channels/journal'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import type { IpcResult } from '@shared/ipc/channel'
import type { Core } from '../../../src/main/core'
import { createLogger } from '../../../src/main/services/log'
import { DEMO_ASSETS, MAGIC_LOCKS, type SandboxHandle } from '../../../src/sandbox/index'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { demoProfileInput, sandbox } from '../api/support'
import { waitFor } from '../../support/wait'

const ctx = { transport: 'test' } as const
let sb: SandboxHandle
let dir: string
let core: Core
let profile: ProfileView
const events: BulkProgress[] = []

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = (await core.registry.invoke(channel, input, ctx)) as IpcResult<T>
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value
}
async function fails(channel: string, input: unknown): Promise<{ code: string }> {
  const r = (await core.registry.invoke(channel, input, ctx)) as IpcResult<unknown>
  expect(r.ok).toBe(false)
  return (r as { ok: false; error: { code: string } }).error
}
async function finished(id: string): Promise<JobSummary> {
  for (;;) {
    const d = await call<JobDetail>('bulk.get', { id, limit: 1 })
    if (!['running', 'cancelling'].includes(d.job.status) && d.job.counts.inFlight === 0) return d.job
    await new Promise((r) => setTimeout(r, 20))
  }
}
async function until(cond: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const t0 = Date.now()
  while (!(await cond())) {
    if (Date.now() - t0 > ms) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 10))
  }
}
/** Lock numbers the sandbox does not have (each answered status 2): any number of them, for long runs. */
const absent = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `97${String(from + i).padStart(8, '0')}`)

beforeAll(async () => {
  sb = await sandbox()
  dir = await tempDir('ld-bulk-engine-')
  core = await testCore(dir, { log: createLogger({ file: join(dir, 'logs', 'main.log'), level: 'debug', stderrLevel: 'off' }) })
  core.events.onAny((name, payload) => {
    if (name === 'bulk.progress') events.push(payload as BulkProgress)
  })
  profile = await call<ProfileView>('profiles.create', demoProfileInput(sb, 'Engine'))
  // Quick retries: the magic lock's 500 is retried before the chunk counts as failed.
  await call('settings.update', { bulk: { retryBaseMs: 1, maxRetries: 2 } })
})
afterAll(async () => {
  await core.dispose()
  await sb.close()
  await removeDir(dir)
})

describe('one bad lock', () => {
  it('the sandbox magic 8000000500 fails only itself; a retry sends it alone; its error says it once', async () => {
    const good: string[] = [...DEMO_ASSETS.refillable, ...DEMO_ASSETS.refillableLan, ...DEMO_ASSETS.keyAccount]
    const items = [...good.slice(0, 5), MAGIC_LOCKS.error500, ...good.slice(5), MAGIC_LOCKS.status3, '8999999999', DEMO_ASSETS.nonRefillable[0]]
    const started = await call<JobSummary>('bulk.start', { kind: 'locks.disable', profileId: profile.id, items, chunkSize: 100 })
    const done = await finished(started.id)
    expect(done).toMatchObject({ status: 'completed', counts: { total: items.length, ok: good.length, failed: 4, pending: 0, inFlight: 0, retryable: 2 } })
    const page = await call<JobDetail>('bulk.get', { id: started.id, limit: 100 })
    const bad = page.items.find((i) => i.key === MAGIC_LOCKS.error500)!
    expect(bad).toMatchObject({ retryable: true, tries: 1, result: { state: 'failed', error: { code: '500' } } })
    for (const i of page.items.filter((x) => good.includes(x.key))) expect(i.result).toEqual({ state: 'ok', status: 1 })
    expect(page.items.find((i) => i.key === MAGIC_LOCKS.status3)).toMatchObject({ retryable: true, result: { status: 3 } })
    expect(page.items.find((i) => i.key === '8999999999')).toMatchObject({ retryable: false, result: { status: 2 } })
    // The message names the lock, in each language, without repeating itself.
    for (const locale of ['en', 'zh-CN'] as const) {
      const text = describeError(bad.result.error!, locale)
      expect(text).toContain(MAGIC_LOCKS.error500)
      expect(text.split(locale === 'en' ? 'Network error' : '服务端网络错误')).toHaveLength(2)
      expect(text).not.toContain(locale === 'en' ? '服务端网络错误' : 'Network error')
    }
    const retryable = await call<JobDetail>('bulk.get', { id: started.id, retryable: true })
    expect(retryable.items.map((i) => i.key).sort()).toEqual([MAGIC_LOCKS.error500, MAGIC_LOCKS.status3].sort())

    // Retry: the same job, only the two a retry can change, the bad one on its own call.
    const calls = await call<JournalPage>('journal.list', { jobId: started.id, limit: 500 })
    await call<JobSummary>('bulk.retryFailed', { id: started.id })
    const again = await finished(started.id)
    expect(again).toMatchObject({ id: started.id, status: 'completed', counts: { ok: good.length, failed: 4, retryable: 2 } })
    const after = await call<JournalPage>('journal.list', { jobId: started.id, limit: 500 })
    const retryCalls = after.entries.slice(0, after.total - calls.total).filter((e) => e.attempt === 0)
    const bodies = retryCalls.map((e) => (e.body as { assetNums: string[] }).assetNums)
    expect(bodies.flat().filter((n) => n === MAGIC_LOCKS.error500).length).toBeGreaterThanOrEqual(1)
    expect(bodies.filter((b) => b.includes(MAGIC_LOCKS.error500)).every((b) => b.length <= 2)).toBe(true)
    expect((await call<JobDetail>('bulk.get', { id: started.id, limit: 100 })).items.find((i) => i.key === MAGIC_LOCKS.error500)!.tries).toBe(2)
  })
})

describe('requests in flight', () => {
  it('never more than the concurrency setting, with retries and the isolation of a bad lock among them', async () => {
    // Counted where requests leave this process: written to a connection, until their answer ends or fails.
    let out = 0
    let most = 0
    const lockRequests = new Set<unknown>()
    const sent = (m: unknown) => {
      const request = (m as { request: { path: string } }).request
      if (!request.path.includes('/asset/lock')) return
      lockRequests.add(request)
      most = Math.max(most, ++out)
    }
    const done = (m: unknown) => {
      if (lockRequests.delete((m as { request: unknown }).request)) out--
    }
    dc.subscribe('undici:client:sendHeaders', sent)
    dc.subscribe('undici:request:trailers', done)
    dc.subscribe('undici:request:error', done)
    await call('settings.update', { bulk: { concurrency: 2 } })
    try {
      sb.queueFault({ kind: 'fail500', operation: 'lockAssets', times: 3 })
      const items = [...absent(95, 1000), MAGIC_LOCKS.error500, ...absent(104, 2000)]
      const started = await call<JobSummary>('bulk.start', { kind: 'locks.disable', profileId: profile.id, items, chunkSize: 10 })
      expect(await finished(started.id)).toMatchObject({ status: 'completed', counts: { total: 200, failed: 200 } })
    } finally {
      dc.unsubscribe('undici:client:sendHeaders', sent)
      dc.unsubscribe('undici:request:trailers', done)
      dc.unsubscribe('undici:request:error', done)
      await call('settings.update', { bulk: { concurrency: 4 } })
    }
    expect(sb.stats().faults.failed500).toBeGreaterThanOrEqual(3)
    expect(most).toBe(2)
    expect(out).toBe(0)
  })
})

describe('the journal of a bulk run', () => {
  it('shows when each call was sent, not when it was queued; calls never sent after a pause read "not sent"', async () => {
    sb.setFaults({ latencyMs: 25 })
    try {
      const started = await call<JobSummary>('bulk.start', { kind: 'locks.disable', profileId: profile.id, items: absent(2000), chunkSize: 10 })
      // Some calls done, many queued ahead: pause.
      await until(async () => (await call<JobDetail>('bulk.get', { id: started.id, limit: 1 })).job.counts.failed >= 40)
      await call('bulk.pause', { id: started.id })
      const paused = await finished(started.id)
      expect(paused.status).toBe('paused')
      // The calls it had journaled ahead are closed as not sent as soon as those in flight are answered.
      await until(async () => (await call<JournalPage>('journal.list', { jobId: started.id, outcomes: ['queued', 'pending'] })).total === 0)
      const page = await call<JournalPage>('journal.list', { jobId: started.id, limit: 500 })
      const sent = page.entries.filter((e) => e.sentAt !== undefined)
      const notSent = page.entries.filter((e) => e.outcome === 'notSent')
      expect(sent.length).toBeGreaterThan(0)
      expect(notSent.length).toBeGreaterThan(0)
      expect(page.entries.filter((e) => e.outcome === 'error')).toHaveLength(0)
      for (const e of notSent) {
        expect(e.sentAt).toBeUndefined()
        expect(e.error).toBeUndefined()
        expect(e.queuedAt).toBe(e.startedAt)
      }
      for (const e of sent) {
        // Journaled ahead, shown at the time it went out.
        expect(e.startedAt).toBe(e.sentAt)
        expect(e.queuedAt).toBeLessThanOrEqual(e.sentAt!)
        expect(e.durationMs).toBeGreaterThanOrEqual(10)
      }
      // Four in flight at most: no start time is shared by more than four calls (they were queued together).
      const perMs = new Map<number, number>()
      for (const e of sent) perMs.set(e.startedAt, (perMs.get(e.startedAt) ?? 0) + 1)
      expect(Math.max(...perMs.values())).toBeLessThanOrEqual(4)
      // Journaled ahead: some calls waited in the queue for at least one answer of the 25 ms service before going
      // out (not a clock comparison between calls, which a busy machine spreads over several milliseconds).
      expect(sent.some((e) => e.sentAt! - e.queuedAt! >= 25)).toBe(true)
      // The items of calls not sent are pending, and go out on resume.
      expect(paused.counts.pending).toBeGreaterThan(0)
      await call('bulk.resume', { id: started.id })
      // (a resume that comes while the paused run is still closing its calls takes effect once it has)
      await until(async () => (await call<JobDetail>('bulk.get', { id: started.id, limit: 1 })).job.status === 'completed')
      expect(await finished(started.id)).toMatchObject({ status: 'completed', counts: { failed: 2000, pending: 0 } })
    } finally {
      sb.clearFaults()
    }
  })
})

describe('one source for a job\'s counts', () => {
  const same = async (id: string) => {
    // The run's last progress event comes as it writes its end (after its last call): waited for, not timed.
    await waitFor(
      async () => {
        const job = (await call<JobDetail>('bulk.get', { id, limit: 1 })).job
        expect(events.filter((e) => e.jobId === id).at(-1)).toMatchObject({ status: job.status, counts: job.counts })
      },
      { interval: 10 },
    )
    const list = (await call<{ jobs: JobSummary[] }>('bulk.list', {})).jobs.find((j) => j.id === id)!
    const got = (await call<JobDetail>('bulk.get', { id, limit: 1 })).job
    const last = events.filter((e) => e.jobId === id).at(-1)!
    expect(list.status).toBe(got.status)
    expect(last.status).toBe(got.status)
    expect(list.counts).toEqual(got.counts)
    expect(last.counts).toEqual(got.counts)
    expect(last.done).toBe(got.counts.total - got.counts.pending)
    const c = got.counts
    expect(c.ok + c.failed + c.unknown + c.cancelled + c.duplicate + c.pending).toBe(c.total)
    // The items say the same as the counts.
    const all = await call<JobDetail>('bulk.get', { id, limit: 1000 })
    const by = (s: string) => all.items.filter((i) => i.result.state === s).length
    expect([by('ok'), by('failed'), by('pending'), by('duplicate')]).toEqual([c.ok, c.failed, c.pending, c.duplicate])
    expect(all.items.filter((i) => i.retryable).length).toBe(c.retryable)
    return got
  }

  it('bulk.list, bulk.get and bulk.progress agree while a run is paused, resumed, and stopped on an error', async () => {
    sb.setFaults({ latencyMs: 15 })
    try {
      const items = [...absent(500, 1000), ...absent(5, 1000)] // 5 repeats
      const started = await call<JobSummary>('bulk.start', { kind: 'locks.disable', profileId: profile.id, items, chunkSize: 10 })
      await until(async () => (await call<JobDetail>('bulk.get', { id: started.id, limit: 1 })).job.counts.failed >= 50)
      await call('bulk.pause', { id: started.id })
      // Right after the pause, while its calls finish, and once they have.
      const pausing = (await call<JobDetail>('bulk.get', { id: started.id, limit: 1 })).job
      expect(pausing.status).toBe('paused')
      await finished(started.id)
      const paused = await same(started.id)
      expect(paused).toMatchObject({ status: 'paused', counts: { duplicate: 5, inFlight: 0 } })
      expect(paused.counts.pending).toBeGreaterThan(0)

      // Resumed, then stopped by an error that would fail every call (the credentials refused).
      await call('bulk.resume', { id: started.id })
      await until(async () => (await call<JobDetail>('bulk.get', { id: started.id, limit: 1 })).job.counts.failed >= paused.counts.failed + 30)
      await call('profiles.setSecret', { id: profile.id, name: 'orderAppSecret', value: 'wrong-secret' })
      sb.revokeTokens()
      const stopped = await finished(started.id)
      expect(stopped).toMatchObject({ status: 'paused', error: { code: expect.any(String) } })
      const s = await same(started.id)
      expect(s.error).toEqual(stopped.error)
      expect(s.counts.pending).toBeGreaterThan(0)
    } finally {
      sb.clearFaults()
      await call('profiles.setSecret', { id: profile.id, name: 'orderAppSecret', value: demoProfileInput(sb, 'x').secrets.orderAppSecret! })
    }
  })
})

describe('bounded, strict inputs', () => {
  it('refuses unknown keys and oversized lists at once, and caps pages', async () => {
    expect((await fails('journal.list', { operations: Array(1_000_000).fill('lockAssets') })).code).toBe('app.invalidInput')
    expect((await fails('journal.list', { outcomes: Array(100).fill('ok') })).code).toBe('app.invalidInput')
    expect((await fails('journal.export', { format: 'csv', text: 'x'.repeat(10_000) })).code).toBe('app.invalidInput')
    // A misspelt key is refused, not ignored (which would make it another, valid call).
    expect((await fails('bulk.get', { id: 'x', limt: 5 })).code).toBe('app.invalidInput')
    expect((await fails('bulk.delete', { id: 'x', force: true })).code).toBe('app.invalidInput')
    expect((await fails('bulk.start', { kind: 'locks.disable', items: ['8100000001'], chunksize: 1 })).code).toBe('app.invalidInput')
    expect((await fails('bulk.start', { kind: 'members.import', enterpriseGlobalId: 'E', items: [{ userName: 'a', password: 'b12345', name: 'c', pwd: 'x' }] })).code).toBe('app.invalidInput')
    expect((await fails('journal.list', { jobid: 'x' })).code).toBe('app.invalidInput')
    expect((await fails('bulk.get', { id: 'x', limit: 1001 })).code).toBe('app.invalidInput')
    expect((await fails('bulk.get', { id: 'x', states: Array(7).fill('ok') })).code).toBe('app.invalidInput')
    expect((await fails('bulk.list', { limit: 10_000 })).code).toBe('app.invalidInput')
    expect((await fails('bulk.retryFailed', { id: 'x'.repeat(201) })).code).toBe('app.invalidInput')
  })

  it('a journal page cuts long request lists (the export has them whole)', async () => {
    const items = absent(2_500, 5000)
    const started = await call<JobSummary>('bulk.start', { kind: 'locks.enable', profileId: profile.id, items, chunkSize: 2_500 })
    await finished(started.id)
    const page = await call<JournalPage>('journal.list', { jobId: started.id })
    expect(page.entries[0]).toMatchObject({ bodyTruncated: true })
    expect((page.entries[0]!.body as { assetNums: string[] }).assetNums).toHaveLength(1000)
    const exp = await call<{ content: string }>('journal.export', { jobId: started.id, format: 'json' })
    expect((JSON.parse(exp.content) as { body: { assetNums: string[] } }[])[0]!.body.assetNums).toHaveLength(2_500)
  })

  it('bulk.delete removes a job and its files, refuses while it runs', async () => {
    sb.setFaults({ latencyMs: 20 })
    try {
      const started = await call<JobSummary>('bulk.start', { kind: 'locks.disable', profileId: profile.id, items: absent(200, 9000), chunkSize: 10 })
      expect((await fails('bulk.delete', { id: started.id })).code).toBe('app.jobRunning')
      await call('bulk.cancel', { id: started.id })
      await finished(started.id)
      expect(await call('bulk.delete', { id: started.id })).toBeNull()
      expect((await fails('bulk.get', { id: started.id })).code).toBe('app.notFound')
      expect((await call<{ jobs: JobSummary[] }>('bulk.list', {})).jobs.map((j) => j.id)).not.toContain(started.id)
      const { existsSync } = await import('node:fs')
      expect(existsSync(join(dir, 'jobs', started.id))).toBe(false)
    } finally {
      sb.clearFaults()
    }
  })
})
