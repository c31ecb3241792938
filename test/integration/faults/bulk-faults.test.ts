/**
 * The bulk runner against a sandbox that fails 10% of calls with 500 and drops connections both before the work
 * (5%) and after it (5%): a 10,000-lock disable and a 2,000-employee import end with one result for every item,
 * the service's state agrees with the results, and (from the sandbox's counters) no employee create was
 * received twice. Latency 0 keeps each run well under two minutes on 2 cores.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOGGLEABLE_LOCK_TYPES } from '@shared/api/orders'
import { DEFAULT_BULK } from '@shared/settings'
import type { JobItem } from '@shared/ipc/channels/bulk'
import { createApiClient, type ApiClient } from '../../../src/main/api/client'
import { listAllMembers } from '../../../src/main/api/reconcile'
import { BulkRunner } from '../../../src/main/services/bulk'
import { Journal } from '../../../src/main/services/journal'
import { MAGIC_LOCKS, type SandboxHandle } from '../../../src/sandbox/index'
import { DEMO_EID, demoConfig, sandbox } from '../api/support'

const FAULTS = { failureRate: 0.1, dropRate: 0.05, dropAfterWorkRate: 0.05 }

let sb: SandboxHandle
let dir: string
let journal: Journal
let client: ApiClient
let clean: ApiClient
let runner: BulkRunner
// Node's warning when more than 10 listeners wait on one AbortSignal (the calls of a job once shared one).
const listenerWarnings: string[] = []
const onWarning = (w: Error) => {
  if (w.name === 'MaxListenersExceededWarning') listenerWarnings.push(w.message)
}

beforeAll(async () => {
  process.on('warning', onWarning)
  // Scale 200: 20,000 demo assets, about 12,000 of them locks that can be disabled; 5,000 employees.
  sb = await sandbox({ scale: 200, seed: 7 })
  dir = mkdtempSync(join(tmpdir(), 'ld-faults-'))
  journal = new Journal({ dataDir: dir })
  client = createApiClient(demoConfig(sb), { journal, settings: { retryBaseMs: 20 } })
  clean = createApiClient(demoConfig(sb))
  runner = new BulkRunner({
    dataDir: dir,
    clientFor: async () => client,
    settings: async () => ({ ...DEFAULT_BULK, retryBaseMs: 20 }),
    activeProfileId: async () => 'it-profile',
    operatorIdentity: async () => 'faults@example.com',
    onProgress: () => undefined,
  })
})
afterAll(async () => {
  process.off('warning', onWarning)
  await runner.close()
  await journal.close()
  await client.close()
  await clean.close()
  await sb.close()
  rmSync(dir, { recursive: true, force: true })
})

function accountedFor(items: JobItem[], n: number): void {
  expect(items).toHaveLength(n)
  expect(new Set(items.map((i) => i.index)).size).toBe(n)
  expect(items.filter((i) => i.result.state === 'pending')).toEqual([])
}

describe('bulk runs under faults', () => {
  it('disables 10,000 locks: every lock accounted for, and the ones reported done are disabled', async () => {
    sb.clearFaults()
    const assets = await clean.listVirtualAssets(DEMO_EID)
    const magic = new Set<string>(Object.values(MAGIC_LOCKS))
    const locks = assets
      .filter((a) => (TOGGLEABLE_LOCK_TYPES as readonly string[]).includes(a.licenseType) && !a.borrowedUsbKey && !magic.has(a.assetNum))
      .map((a) => a.assetNum)
      .slice(0, 10_000)
    expect(locks).toHaveLength(10_000)

    sb.setFaults(FAULTS)
    sb.queueFault({ kind: 'dropAfterWork', operation: 'lockAssets' })
    sb.queueFault({ kind: 'drop', operation: 'lockAssets' })
    sb.resetStats()
    const job = await runner.start({ kind: 'locks.disable', items: locks })
    const done = await runner.wait(job.id)
    sb.clearFaults()
    const stats = sb.stats()

    const items = await runner.allItems(job.id)
    accountedFor(items, 10_000)
    expect(done.status).toBe('completed')
    expect(done.counts.ok + done.counts.failed).toBe(10_000)
    // The faults really happened...
    expect(stats.faults.failed500).toBeGreaterThan(5)
    expect(stats.faults.dropped).toBeGreaterThan(2)
    expect(stats.faults.droppedAfterWork).toBeGreaterThan(2)
    // ...and retries absorbed nearly all of them (a call fails for good only after 5 faults in a row).
    expect(done.counts.ok).toBeGreaterThanOrEqual(9_800)
    const locked = new Map((await clean.listVirtualAssets(DEMO_EID)).map((a) => [a.assetNum, a.locked]))
    for (const i of items) if (i.result.state === 'ok') expect(locked.get(i.key), i.key).toBe(true)
    console.info(`[faults] locks: ${JSON.stringify(done.counts)}; injected ${JSON.stringify(stats.faults)}; lock calls ${stats.byOperation['lockAssets']}`)
  })

  it('imports 2,000 employees: every one accounted for, none created or even received twice', async () => {
    const run = Date.now().toString(36)
    const people = Array.from({ length: 2_000 }, (_, i) => ({ userName: `f${run}u${i}`, password: `Faults${i}x`, name: `Fault ${i}` }))
    sb.setFaults(FAULTS)
    // Besides the random ones, one of each for certain: dropped after the work, dropped before it, and 500.
    sb.queueFault({ kind: 'dropAfterWork', operation: 'addMembers' })
    sb.queueFault({ kind: 'drop', operation: 'addMembers' })
    sb.queueFault({ kind: 'fail500', operation: 'addMembers' })
    sb.resetStats()
    const job = await runner.start({ kind: 'members.import', enterpriseGlobalId: DEMO_EID, items: people })
    const done = await runner.wait(job.id)
    sb.clearFaults()
    const stats = sb.stats()

    const items = await runner.allItems(job.id)
    accountedFor(items, 2_000)
    expect(done.status).toBe('completed')
    expect(done.counts.ok + done.counts.failed + done.counts.unknown).toBe(2_000)
    expect(stats.faults.failed500).toBeGreaterThan(0)
    expect(stats.faults.dropped).toBeGreaterThan(0)
    expect(stats.faults.droppedAfterWork).toBeGreaterThan(0)

    const received = stats.creates.received.addMembers ?? {}
    const applied = stats.creates.applied.addMembers ?? {}
    const twice = people.filter((p) => (received[p.userName] ?? 0) > 1).map((p) => p.userName)
    expect(twice).toEqual([])
    expect(people.filter((p) => (applied[p.userName] ?? 0) > 1)).toEqual([])

    // What the results say matches the service: created ones exist (with that id), the others do not.
    const listed = new Map((await listAllMembers(clean, DEMO_EID)).map((m) => [m.userName, m.globalId]))
    for (const i of items) {
      if (i.result.state === 'ok') expect(listed.get(i.key), i.key).toBe(i.result.memberGlobalId)
      else expect(listed.has(i.key), i.key).toBe(false)
    }
    // Sent again only after a read-back said "not done", so nearly all got through.
    expect(done.counts.ok).toBeGreaterThanOrEqual(1_900)
    expect(items.filter((i) => i.result.reconciled).length).toBeGreaterThan(0)
    console.info(`[faults] employees: ${JSON.stringify(done.counts)}; reconciled ${items.filter((i) => i.result.reconciled).length}; injected ${JSON.stringify(stats.faults)}; add calls received ${stats.byOperation['addMembers']}`)
  })

  it('the runs above (a fresh client waiting for its tokens, retries, read-backs) piled no listeners on a shared signal', async () => {
    // Warnings are emitted on the next tick.
    await new Promise((r) => setImmediate(r))
    expect(listenerWarnings).toEqual([])
  })
})
