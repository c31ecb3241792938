/**
 * The bulk and journal channels through the core's registry (as the renderer and the CLI reach them), against
 * a sandbox over HTTP with a remote profile whose secrets sit in the vault; then every file the app wrote (the
 * journal, the log, the job logs) is searched for every secret and token it handled.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { BulkProgress, JobDetail, JobSummary } from '@shared/ipc/channels/bulk'
import type { JournalExport, JournalPage } from '@shared/ipc/channels/journal'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import type { IpcResult } from '@shared/ipc/channel'
import type { Core } from '../../../src/main/core'
import { createLogger } from '../../../src/main/services/log'
import { DEMO_ASSETS, type SandboxHandle } from '../../../src/sandbox/index'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { DEMO_EID, demoProfileInput, sandbox, unique } from '../api/support'

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
    if (!['running', 'cancelling'].includes(d.job.status)) return d.job
    await new Promise((r) => setTimeout(r, 20))
  }
}
async function token(form: Record<string, string>): Promise<string> {
  const res = await fetch(`${sb.url}${SANDBOX_DEMO.tokenPath}`, { method: 'POST', body: new URLSearchParams(form) })
  return ((await res.json()) as { access_token: string }).access_token
}

const EMPLOYEE_PASSWORD = 'Imp0rtSecret'
const NEW_PASSWORD = 'Res3tSecret'

beforeAll(async () => {
  sb = await sandbox()
  dir = await tempDir('ld-bulk-channels-')
  core = await testCore(dir, { log: createLogger({ file: join(dir, 'logs', 'main.log'), level: 'debug', stderrLevel: 'off' }) })
  core.events.onAny((name, payload) => {
    if (name === 'bulk.progress') events.push(payload as BulkProgress)
  })
  profile = await call<ProfileView>('profiles.create', demoProfileInput(sb, 'Integration'))
})
afterAll(async () => {
  await core.dispose()
  await sb.close()
  await removeDir(dir)
})

describe('bulk channels', () => {
  it('locks: start returns at once, progress events follow, one result per input line', async () => {
    const items = [...DEMO_ASSETS.refillable, DEMO_ASSETS.refillable[0], '8999999999', DEMO_ASSETS.nonRefillable[0]]
    sb.queueFault({ kind: 'fail500', operation: 'lockAssets' }) // retried, and logged as a retry
    const started = await call<JobSummary>('bulk.start', { kind: 'locks.disable', profileId: profile.id, items, chunkSize: 3 })
    expect(started).toMatchObject({ kind: 'locks.disable', profileId: profile.id, target: 'ops@example.com', counts: { total: 11, duplicate: 1 } })
    const done = await finished(started.id)
    expect(done).toMatchObject({ status: 'completed', counts: { total: 11, ok: 8, failed: 2, duplicate: 1, pending: 0 } })
    const page = await call<JobDetail>('bulk.get', { id: started.id, offset: 0, limit: 100 })
    expect(page.items.map((i) => i.index)).toEqual([...Array(11).keys()])
    expect(page.items[8]!.result).toEqual({ state: 'duplicate', duplicateOf: 0 })
    expect(page.items[9]).toMatchObject({ key: '8999999999', result: { state: 'failed', status: 2 } })
    expect(page.items[10]).toMatchObject({ result: { state: 'failed', status: 4 } })
    const failed = await call<JobDetail>('bulk.get', { id: started.id, states: ['failed'] })
    expect(failed.matching).toBe(2)
    const mine = events.filter((e) => e.jobId === started.id)
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.at(-1)).toMatchObject({ status: 'completed', remaining: 0, done: 11 })
    const list = await call<{ jobs: JobSummary[] }>('bulk.list', {})
    expect(list.jobs.map((j) => j.id)).toContain(started.id)
  })

  it('employees: imported with their passwords, which then leave the disk', async () => {
    const prefix = unique('ch')
    const items = Array.from({ length: 150 }, (_, i) => ({ userName: `${prefix}${i}`, password: EMPLOYEE_PASSWORD, name: `Channel ${i}` }))
    const started = await call<JobSummary>('bulk.start', { kind: 'members.import', profileId: profile.id, enterpriseGlobalId: DEMO_EID, items })
    const done = await finished(started.id)
    expect(done.counts).toMatchObject({ ok: 150, pending: 0 })
    const first = (await call<JobDetail>('bulk.get', { id: started.id, limit: 1 })).items[0]!
    expect(first).toMatchObject({ key: `${prefix}0`, label: 'Channel 0', result: { state: 'ok', memberGlobalId: expect.any(String) } })
    // A single write from a screen goes through the same journaled clients.
    const client = await core.services.clients.get(profile.id)
    await client.resetPassword(DEMO_EID, first.result.memberGlobalId!, NEW_PASSWORD)
  })

  it('a job with pasted tokens runs too (their values are searched for below)', async () => {
    const m = SANDBOX_DEMO.memberApp
    pasted.push(
      await token({ grant_type: 'client_credentials', client_id: SANDBOX_DEMO.orderApp.clientId, client_secret: SANDBOX_DEMO.orderApp.clientSecret }),
      await token({ grant_type: 'client_credentials', client_id: m.clientId, client_secret: m.clientSecret }),
      await token({ grant_type: 'password', client_id: m.clientId, client_secret: m.clientSecret, username: SANDBOX_DEMO.user.username, password: SANDBOX_DEMO.user.password }),
    )
    const p = await call<ProfileView>('profiles.create', {
      fields: { name: 'Pasted', baseUrl: sb.url, operatorIdentity: 'ops@example.com' },
      secrets: { orderAccessToken: pasted[0], memberClientToken: pasted[1], userToken: pasted[2] },
    })
    const started = await call<JobSummary>('bulk.start', { kind: 'locks.enable', profileId: p.id, items: [...DEMO_ASSETS.refillable] })
    expect((await finished(started.id)).counts.ok).toBe(8)
    const prefix = unique('pt')
    const imp = await call<JobSummary>('bulk.start', { kind: 'members.import', profileId: p.id, enterpriseGlobalId: DEMO_EID, items: [{ userName: prefix, password: EMPLOYEE_PASSWORD, name: 'P' }] })
    expect((await finished(imp.id)).counts.ok).toBe(1)
  })

  it('refuses bad input with a specific error and unknown jobs with not-found', async () => {
    expect((await fails('bulk.start', { kind: 'locks.disable', items: [] })).code).toBe('app.invalidInput')
    expect((await fails('bulk.start', { kind: 'members.import', enterpriseGlobalId: DEMO_EID, items: [{ userName: 'x', name: 'y' }] })).code).toBe('app.invalidInput')
    expect((await fails('bulk.get', { id: 'no-such-job' })).code).toBe('app.notFound')
    expect((await fails('bulk.retryFailed', { id: '../../etc' })).code).toBe('app.notFound')
  })
})

const pasted: string[] = []

describe('journal channels', () => {
  it('lists writes newest first with filters and paging, and exports them', async () => {
    const all = await call<JournalPage>('journal.list', { limit: 500 })
    expect(all.total).toBeGreaterThan(5)
    expect(all.entries.every((e) => e.operation !== 'listMembers')).toBe(true) // reads are not journaled
    const starts = all.entries.map((e) => e.startedAt)
    expect([...starts].sort((a, b) => b - a)).toEqual(starts)
    const retried = await call<JournalPage>('journal.list', { operations: ['lockAssets'], outcomes: ['error'] })
    expect(retried.entries[0]).toMatchObject({ error: { code: '500' }, attempt: 0 })
    const reset = await call<JournalPage>('journal.list', { operations: ['resetPassword'] })
    expect(reset.entries[0]).toMatchObject({ outcome: 'ok', profileId: profile.id, body: { password: '[redacted]' } })
    const paged = await call<JournalPage>('journal.list', { offset: 2, limit: 2 })
    expect(paged.entries.map((e) => e.id)).toEqual(all.entries.slice(2, 4).map((e) => e.id))
    const csv = await call<JournalExport>('journal.export', { format: 'csv', operations: ['addMembers'] })
    expect(csv.content.split('\n')[0]).toContain('operation')
    expect(csv.count).toBeGreaterThan(0)
    const json = await call<JournalExport>('journal.export', { format: 'json', profileId: profile.id })
    expect((JSON.parse(json.content) as unknown[]).length).toBe(json.count)
  })

  it('every shell number issued is in the journal: its entry, the text search and both exports', async () => {
    const issued: string[] = []
    for (const size of [25, 3]) issued.push(...(await call<{ numbers: string[] }>('shellnums.issue', { profileId: profile.id, size })).numbers)
    expect(new Set(issued).size).toBe(28)
    const page = await call<JournalPage>('journal.list', { operations: ['getShellNums'], profileId: profile.id })
    expect(page.entries).toHaveLength(2)
    expect(page.entries.flatMap((e) => e.shellNumbers ?? []).sort()).toEqual([...issued].sort())
    expect(page.entries.map((e) => e.counts)).toEqual([
      { kind: 'shellNumbers', issued: 3 },
      { kind: 'shellNumbers', issued: 25 },
    ])
    expect((await call<JournalPage>('journal.list', { text: issued[7] })).entries.map((e) => e.id)).toEqual([page.entries[1]!.id])
    const csv = await call<JournalExport>('journal.export', { format: 'csv', operations: ['getShellNums'] })
    const json = await call<JournalExport>('journal.export', { format: 'json', operations: ['getShellNums'] })
    for (const n of issued) {
      expect(csv.content).toContain(n)
      expect(json.content).toContain(n)
    }
  })

  it('no secret or token reaches the journal, the log or the job logs', async () => {
    const secrets = [
      SANDBOX_DEMO.orderApp.clientSecret,
      SANDBOX_DEMO.memberApp.clientSecret,
      SANDBOX_DEMO.user.password,
      NEW_PASSWORD,
      ...pasted,
    ]
    expect(pasted).toHaveLength(3)
    const files: string[] = []
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const p = join(d, name)
        if (statSync(p).isDirectory()) walk(p)
        else files.push(p)
      }
    }
    for (const sub of ['journal', 'logs', 'jobs']) walk(join(dir, sub))
    expect(files.some((f) => f.includes(`${join(dir, 'journal')}`))).toBe(true)
    expect(files.some((f) => f.endsWith('main.log'))).toBe(true)
    const log = readFileSync(join(dir, 'logs', 'main.log'), 'utf8')
    expect(log).toContain('retrying') // the log did get entries from these calls
    for (const f of files) {
      const text = readFileSync(f, 'utf8')
      for (const s of secrets) expect(text.includes(s), `${s.slice(0, 6)}… in ${f}`).toBe(false)
      // Employee passwords: gone from job files once the employees exist; never in the journal or log.
      expect(text.includes(EMPLOYEE_PASSWORD), `employee password in ${f}`).toBe(false)
    }
  })
})
