/**
 * An import without a keychain (its passwords in the process's memory) killed at chosen points of its run, by the
 * child killing itself at an event (not at a time): after the restart an employee whose request may have left is
 * read back (found: imported; not found: "not imported, password not kept"), one never sent ends "not imported,
 * password not kept", and nobody is created twice. 150 employees, one call at a time: a call of 100, then one of 50.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_BULK } from '@shared/settings'
import { createApiClient, type ApiClient } from '../../../src/main/api/client'
import { BulkRunner } from '../../../src/main/services/bulk'
import { Journal } from '../../../src/main/services/journal'
import { MemoryJobSecrets } from '../../../src/main/services/vault'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { removeDir, tempDir } from '../../support/tmp'
import { demoConfig, sandbox, unique } from '../api/support'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const N = 150
let sb: SandboxHandle
let dir: string
let journal: Journal
let client: ApiClient
const runners: BulkRunner[] = []

beforeAll(async () => {
  sb = await sandbox()
  dir = await tempDir('ld-kill-points-')
  journal = new Journal({ dataDir: dir })
  client = createApiClient(demoConfig(sb), { journal })
})
afterAll(async () => {
  for (const r of runners) await r.close()
  await journal.close()
  await client.close()
  await sb.close()
  await removeDir(dir)
})

/** Runs the import in a child that kills itself at `killAt` (see job-child.ts); resolves with the job's id once it is dead. */
async function killedAt(killAt: string, prefix: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'test/integration/bulk/job-child.ts', sb.url, dir, String(N), prefix], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json', LD_TEST_CONCURRENCY: '1', LD_TEST_KILL_AT: killAt },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  const [, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null]
  expect(signal).toBe('SIGKILL')
  const id = /^job (\S+)$/m.exec(out)?.[1]
  expect(id).toBeDefined()
  return id!
}

/** The job log's lines of one kind. */
function logLines(jobId: string, e: string): { items?: number[] }[] {
  return readFileSync(join(dir, 'jobs', jobId, 'log.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { e: string; items?: number[] })
    .filter((l) => l.e === e)
}

/** Employees of this import the service created, and how many times each. */
function created(prefix: string): number[] {
  return Object.entries(sb.stats().creates.applied.addMembers ?? {})
    .filter(([u]) => u.startsWith(prefix))
    .map(([, n]) => n)
}

/** The app started again (its memory, and so the passwords, gone): resumes the job and waits for its end. */
async function restartAndResume(jobId: string) {
  const r = new BulkRunner({
    dataDir: dir,
    secrets: new MemoryJobSecrets(),
    clientFor: async () => client,
    settings: async () => ({ ...DEFAULT_BULK, concurrency: 1 }),
    activeProfileId: async () => 'it-profile',
    operatorIdentity: async () => 'kill@example.com',
    onProgress: () => undefined,
  })
  runners.push(r)
  expect((await r.list()).find((j) => j.id === jobId)?.status).toBe('interrupted')
  await r.resume(jobId)
  const done = await r.settled(jobId)
  const items = await r.allItems(jobId)
  return { done, items }
}

it('killed as the first hundred are counted done, their result not yet on disk: they are read back as imported; the others are imported if the service has them, else not imported', async () => {
  const prefix = unique('kd')
  const jobId = await killedAt('done:100', prefix)
  // The kill point is the one named: the first call's items left (their `sent` line), no result is on disk. The
  // second call may have left too (a call's place is given back once its answer is in, before it is read).
  const sent = logLines(jobId, 'sent').map((l) => l.items!.length)
  expect(sent[0]).toBe(100)
  expect(logLines(jobId, 'result')).toEqual([])
  await sb.idle()
  const atKill = created(prefix).length
  expect(atKill === 100 || (sent[1] === 50 && atKill === 150)).toBe(true)

  const { done, items } = await restartAndResume(jobId)
  expect(done.counts).toMatchObject({ ok: atKill, failed: N - atKill, unknown: 0, pending: 0 })
  for (const it of items.slice(0, atKill)) expect(it.result).toMatchObject({ state: 'ok', reconciled: true })
  for (const it of items.slice(atKill)) expect(it.result.error).toMatchObject({ code: 'app.passwordNotKept' })
  expect(created(prefix)).toEqual(new Array<number>(atKill).fill(1))
})

it('killed right after the second call is marked as leaving, before it left: its fifty are read back, found nowhere, and not imported', async () => {
  const prefix = unique('ks')
  const jobId = await killedAt('sent:2', prefix)
  expect(logLines(jobId, 'sent').map((l) => l.items!.length)).toEqual([100, 50])
  await sb.idle()
  expect(created(prefix)).toHaveLength(100)

  const sends = sb.stats().byOperation.addMembers ?? 0
  const { done, items } = await restartAndResume(jobId)
  expect(done.counts).toMatchObject({ ok: 100, failed: 50, unknown: 0, pending: 0 })
  for (const it of items.slice(0, 100)) expect(it.result.state).toBe('ok')
  for (const it of items.slice(100)) expect(it.result.error).toMatchObject({ code: 'app.passwordNotKept' })
  for (const it of items.slice(0, 100)) expect(it.result).toMatchObject({ reconciled: true })
  // Nothing sent again: there was no password to send with.
  expect(sb.stats().byOperation.addMembers ?? 0).toBe(sends)
  expect(created(prefix)).toEqual(new Array<number>(100).fill(1))
})
