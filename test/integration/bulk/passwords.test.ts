/**
 * Employees' initial passwords never stay on disk: after each way an import can go (created, refused,
 * cancelled, paused and then left longer than the setting allows, deleted), every file of the data folder is
 * searched for them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { DEFAULT_BULK } from '@shared/settings'
import { createApiClient, type ApiClient } from '../../../src/main/api/client'
import { BulkRunner } from '../../../src/main/services/bulk'
import { Journal } from '../../../src/main/services/journal'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { removeDir, tempDir } from '../../support/tmp'
import { DEMO_EID, demoConfig, sandbox, unique } from '../api/support'

const DAY = 24 * 60 * 60 * 1000
let sb: SandboxHandle
let dir: string
let journal: Journal
let client: ApiClient
let clock = Date.now()
const runners: BulkRunner[] = []

function runner(): BulkRunner {
  const r = new BulkRunner({
    dataDir: dir,
    clientFor: async () => client,
    settings: async () => ({ ...DEFAULT_BULK, concurrency: 1, passwordRetentionDays: 7 }),
    activeProfileId: async () => 'it-profile',
    operatorIdentity: async () => 'pw@example.com',
    onProgress: () => undefined,
    now: () => clock,
  })
  runners.push(r)
  return r
}

/** Files of the data folder that contain `text`. */
function filesWith(text: string, d = dir): string[] {
  const out: string[] = []
  for (const name of readdirSync(d)) {
    const p = join(d, name)
    if (statSync(p).isDirectory()) out.push(...filesWith(text, p))
    else if (readFileSync(p).includes(text)) out.push(p)
  }
  return out
}

function people(n: number, password: string) {
  const prefix = unique('pw')
  return Array.from({ length: n }, (_, i) => ({ userName: `${prefix}${i}`, password, name: `Pw ${i}` }))
}

beforeAll(async () => {
  sb = await sandbox()
  dir = await tempDir('ld-passwords-')
  journal = new Journal({ dataDir: dir })
  client = createApiClient(demoConfig(sb), { journal })
})
afterEach(() => sb.clearFaults())
afterAll(async () => {
  for (const r of runners) await r.close()
  await journal.close()
  await client.close()
  await sb.close()
  await removeDir(dir)
})

it('created employees: no password left once the import ends', async () => {
  const r = runner()
  const s = await r.start({ kind: 'members.import', enterpriseGlobalId: DEMO_EID, items: people(120, 'CreatedPw1') })
  expect((await r.settled(s.id)).counts).toMatchObject({ ok: 120 })
  expect(filesWith('CreatedPw1')).toEqual([])
})

it('refused employees: their passwords go as soon as they are refused (no retry resends them)', async () => {
  const r = runner()
  const first = people(3, 'FirstPw1')
  await r.settled((await r.start({ kind: 'members.import', enterpriseGlobalId: DEMO_EID, items: first })).id)
  // The same names again: the service refuses them (they exist).
  const again = first.map((m) => ({ ...m, password: 'RefusedPw1' }))
  const s = await r.start({ kind: 'members.import', enterpriseGlobalId: DEMO_EID, items: again })
  const done = await r.settled(s.id)
  expect(done.counts).toMatchObject({ failed: 3, retryable: 0 })
  expect(filesWith('RefusedPw1')).toEqual([])
  expect(filesWith('FirstPw1')).toEqual([])
})

it('a cancelled import keeps none', async () => {
  sb.setFaults({ latencyMs: 40 })
  const r = runner()
  const s = await r.start({ kind: 'members.import', enterpriseGlobalId: DEMO_EID, items: people(500, 'CancelPw1') })
  await new Promise((res) => setTimeout(res, 60))
  await r.cancel(s.id)
  const done = await r.settled(s.id)
  expect(done.status).toBe('cancelled')
  expect(done.counts.cancelled).toBeGreaterThan(0)
  expect(filesWith('CancelPw1')).toEqual([])
})

it('a paused import keeps the passwords of the employees not done, until the set time; then they go, with the reason on each', async () => {
  sb.setFaults({ latencyMs: 40 })
  const r = runner()
  const s = await r.start({ kind: 'members.import', enterpriseGlobalId: DEMO_EID, items: people(400, 'PausedPw1') })
  await new Promise((res) => setTimeout(res, 60))
  await r.pause(s.id)
  const paused = await r.settled(s.id)
  expect(paused.status).toBe('paused')
  expect(paused.counts.pending).toBeGreaterThan(0)
  // Still needed to finish the import: kept, in the job file only, and the summary says until when.
  expect(filesWith('PausedPw1').map((f) => f.slice(dir.length))).toEqual([join('/jobs', s.id, 'job.json')])
  expect(paused.passwordsExpireAt).toBe(paused.updatedAt + 7 * DAY)
  // Six days later it may still be resumed; past seven, the app (here: a restart) ends it.
  clock += 6 * DAY
  expect((await runner().list()).find((j) => j.id === s.id)!.status).toBe('paused')
  expect(filesWith('PausedPw1')).toHaveLength(1)
  clock += 2 * DAY
  const later = runner()
  const ended = (await later.list()).find((j) => j.id === s.id)!
  await later.settled(s.id)
  expect(ended).toMatchObject({ status: 'completed', error: { code: 'app.passwordExpired', params: { days: 7 } }, counts: { pending: 0 } })
  expect(filesWith('PausedPw1')).toEqual([])
  const failed = await later.get(s.id, { states: ['failed'], limit: 1 })
  expect(failed.matching).toBe(paused.counts.pending)
  expect(failed.items[0]!.result.error).toMatchObject({ code: 'app.passwordExpired' })
  // Resume says why, and sends nothing.
  const calls = sb.stats().byOperation.addMembers ?? 0
  expect(await later.resume(s.id)).toMatchObject({ status: 'completed', error: { code: 'app.passwordExpired' } })
  expect(sb.stats().byOperation.addMembers ?? 0).toBe(calls)
})

it('resuming a paused import past the set time ends it there, with the reason', async () => {
  sb.setFaults({ latencyMs: 40 })
  const r = runner()
  const s = await r.start({ kind: 'members.import', enterpriseGlobalId: DEMO_EID, items: people(300, 'ResumePw1') })
  await new Promise((res) => setTimeout(res, 60))
  await r.pause(s.id)
  await r.settled(s.id)
  clock += 8 * DAY
  expect(await r.resume(s.id)).toMatchObject({ status: 'completed', error: { code: 'app.passwordExpired' } })
  await r.settled(s.id)
  expect(filesWith('ResumePw1')).toEqual([])
})

it('a deleted job leaves no file behind', async () => {
  sb.setFaults({ latencyMs: 40 })
  const r = runner()
  const s = await r.start({ kind: 'members.import', enterpriseGlobalId: DEMO_EID, items: people(300, 'DeletePw1') })
  await new Promise((res) => setTimeout(res, 60))
  await expect(r.delete(s.id)).rejects.toMatchObject({ code: 'app.jobRunning' })
  await r.pause(s.id)
  await r.settled(s.id)
  expect(filesWith('DeletePw1')).toHaveLength(1)
  await r.delete(s.id)
  expect(filesWith('DeletePw1')).toEqual([])
  expect(filesWith(s.id).filter((f) => f.includes(join('jobs', s.id)))).toEqual([])
  await expect(r.get(s.id)).rejects.toMatchObject({ code: 'app.notFound' })
})
