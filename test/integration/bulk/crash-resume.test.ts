/**
 * A bulk job killed mid-run (SIGKILL, no chance to clean up) and resumed by a new runner over the same data
 * folder: the job is listed as interrupted, resumes without resending what was done (creates in flight at the
 * kill are read back first, the others simply sent), and ends with exactly one result per employee and each
 * created exactly once. The journal tells the calls that left the machine from those that never did.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_BULK } from '@shared/settings'
import { createApiClient } from '../../../src/main/api/client'
import { BulkRunner } from '../../../src/main/services/bulk'
import { Journal } from '../../../src/main/services/journal'
import { KeytarVault } from '../../../src/main/services/vault'
import { fileKeytar } from '../../support/file-keytar'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { demoConfig, sandbox } from '../api/support'

const root = fileURLToPath(new URL('../../..', import.meta.url))
let sb: SandboxHandle
let dir: string
/** The keychain stand-in the child and the resuming runner share (outside the data folder, as the OS keychain). */
let keychainFile: string

beforeAll(async () => {
  sb = await sandbox({ latencyMs: 40 })
  dir = mkdtempSync(join(tmpdir(), 'ld-crash-'))
  keychainFile = join(mkdtempSync(join(tmpdir(), 'ld-crash-keychain-')), 'keychain.json')
})
afterAll(async () => {
  await sb.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Files under `d` whose bytes match `text`. */
function filesWith(d: string, text: RegExp): string[] {
  const out: string[] = []
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name)
    if (e.isDirectory()) out.push(...filesWith(p, text))
    else if (text.test(readFileSync(p, 'latin1'))) out.push(p)
  }
  return out
}

/** Starts the child running a job; resolves with the child and its job's id. */
async function startChild(args: string[]): Promise<{ proc: ChildProcess; jobId: string }> {
  // One process (node with tsx's loader), so SIGKILL hits the runner itself, not a wrapper around it.
  const proc = spawn(process.execPath, ['--import', 'tsx/esm', 'test/integration/bulk/job-child.ts', sb.url, dir, ...args], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json', LD_TEST_KEYCHAIN: keychainFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let jobId = ''
  for await (const line of createInterface({ input: proc.stdout! })) {
    const m = /^job (\S+)$/.exec(line)
    if (m) {
      jobId = m[1]!
      break
    }
  }
  expect(jobId).not.toBe('')
  return { proc, jobId }
}

it('a job killed with SIGKILL resumes without creating anything twice', async () => {
  const prefix = `k${Date.now().toString(36)}u`
  const N = 1_500
  const { proc: child, jobId } = await startChild([String(N), prefix])
  // Kill it once some employees exist and while calls are in flight.
  const created = () => Object.keys(sb.stats().creates.applied.addMembers ?? {}).filter((u) => u.startsWith(prefix)).length
  while (created() < 400) await new Promise((r) => setTimeout(r, 10))
  child.kill('SIGKILL')
  await once(child, 'exit')
  const atKill = created()
  expect(atKill).toBeLessThan(N)
  // Killed mid-import: no initial password in any file of the data folder (they are in the keychain).
  expect(filesWith(dir, /Crash\d+pw/)).toEqual([])
  // The service finishes what reached it before the kill (a restarted app takes longer than that).
  await sb.idle()

  const journal = new Journal({ dataDir: dir })
  const client = createApiClient(demoConfig(sb), { journal })
  const runner = new BulkRunner({
    dataDir: dir,
    clientFor: async () => client,
    settings: async () => DEFAULT_BULK,
    activeProfileId: async () => 'it-profile',
    operatorIdentity: async () => 'crash@example.com',
    onProgress: () => undefined,
    secrets: new KeytarVault(fileKeytar(keychainFile)).jobs,
  })
  try {
    const listed = (await runner.list()).find((j) => j.id === jobId)
    expect(listed?.status).toBe('interrupted')
    expect(listed!.counts.pending).toBeGreaterThan(0)
    // The journal tells the calls that left without an answer recorded (in flight at the kill, or answered in
    // its last moments: end lines are written within 100 ms) from those journaled ahead and never sent.
    const interrupted = await journal.list({ jobId, outcomes: ['interrupted'] })
    const neverSent = await journal.list({ jobId, outcomes: ['interruptedBeforeSend'] })
    expect(interrupted.total).toBeGreaterThan(0)
    // At most: the child's two in flight, and the calls of 100 ms at 40 ms each, two at a time.
    expect(interrupted.total).toBeLessThanOrEqual(2 + 2 * Math.ceil(100 / 40))
    expect(neverSent.total).toBeGreaterThan(0)
    expect((await journal.list({ jobId, outcomes: ['queued', 'pending'] })).total).toBe(0)
    // None of the employees of calls never sent reached the service.
    const received0 = sb.stats().creates.received.addMembers ?? {}
    for (const e of neverSent.entries) for (const m of (e.body as { userList: { userName: string }[] }).userList) expect(received0[m.userName]).toBeUndefined()
    const readsBefore = sb.stats().byOperation.listMembers ?? 0

    await runner.resume(jobId)
    const done = await runner.wait(jobId)
    expect(done).toMatchObject({ status: 'completed', counts: { total: N, ok: N, pending: 0 } })
    const items = await runner.allItems(jobId)
    expect(items.map((i) => i.index)).toEqual([...Array(N).keys()])

    const stats = sb.stats()
    const applied = stats.creates.applied.addMembers ?? {}
    const received = stats.creates.received.addMembers ?? {}
    for (let i = 0; i < N; i++) {
      expect(applied[`${prefix}${i}`], `${prefix}${i}`).toBe(1)
      expect(received[`${prefix}${i}`], `${prefix}${i}`).toBe(1)
    }
    // Where the kill hit varies: calls in flight then were read back (reconciled), not resent; the exact
    // counts above hold whatever it hit.
    const readBack = items.filter((i) => i.result.reconciled).length
    console.info(`[crash] killed at ${atKill} created; ${interrupted.total} journal entries interrupted; ${readBack} read back`)
    // Only the employees of the calls that left are read back (not those journaled and never sent).
    expect(readBack).toBeLessThanOrEqual(interrupted.total * 100)
    expect(sb.stats().byOperation.listMembers ?? 0).toBeGreaterThan(readsBefore)
    // No initial password of a created employee is left on disk (removed just after the run: settled waits for it).
    await runner.settled(jobId)
    expect(filesWith(dir, /Crash\d+pw/)).toEqual([])
    expect(await new KeytarVault(fileKeytar(keychainFile)).jobs.get(jobId)).toEqual(new Map())
    expect(readdirSync(join(dir, 'journal')).length).toBeGreaterThan(0)
  } finally {
    await runner.close()
    await journal.close()
    await client.close()
  }
})

it('after a kill, the journal tells lock calls that left the machine from those queued and never sent', async () => {
  sb.setFaults({ latencyMs: 40 })
  try {
    const N = 3_000
    const before = sb.stats().byOperation.lockAssets ?? 0
    const { proc, jobId } = await startChild([String(N), '97', 'locks'])
    const received = () => (sb.stats().byOperation.lockAssets ?? 0) - before
    while (received() < 20) await new Promise((r) => setTimeout(r, 10))
    proc.kill('SIGKILL')
    await once(proc, 'exit')
    await sb.idle()
    const journal = new Journal({ dataDir: dir })
    try {
      const all = await journal.list({ jobId, limit: 500 })
      const notSent = all.entries.filter((e) => e.outcome === 'interruptedBeforeSend')
      const after = all.entries.filter((e) => e.outcome === 'interrupted')
      // Queued ahead of sending when the app died: never sent, shown as such (no send time).
      expect(notSent.length).toBeGreaterThan(10)
      for (const e of notSent) expect(e.sentAt).toBeUndefined()
      // Sent (a send time) but no answer recorded: at most the calls out at the kill, and a few whose end was
      // still to be written.
      for (const e of after) expect(e.sentAt).toBeDefined()
      const sent = all.entries.filter((e) => e.sentAt !== undefined).length
      // Every call the journal says was sent reached the service, and at most the calls of the last moments
      // reached it without their send written (toggles record it lazily: they are harmless to send again).
      expect(received()).toBeGreaterThanOrEqual(sent)
      expect(received() - sent).toBeLessThanOrEqual(4)
      console.info(`[crash] locks: ${received()} received, ${sent} sent per the journal, ${after.length} interrupted after sending, ${notSent.length} before`)
    } finally {
      await journal.close()
    }
  } finally {
    sb.clearFaults()
  }
})
