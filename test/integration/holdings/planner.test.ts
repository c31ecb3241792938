/**
 * The assignment planner against a sandbox over HTTP with injected faults (10% answered 500, 5% dropped before the
 * work, 5% after it): a plan for 1,000 employees over 5,000 numbers (every employee gets a free number, 250 are
 * taken back, 200 move to someone else) is applied through the bulk runner: every change is acknowledged by
 * exactly one call and the enterprise ends as planned; then, from a new core on the same data folder (a restart),
 * its undo, built from the journal, brings every number back to its first holder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcResult } from '@shared/ipc/channel'
import { HOLDING_FLAG, type HoldingTable } from '@shared/ipc/channels/holdings'
import type { PlanRun } from '@shared/ipc/channels/planner'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import type { JournalPage } from '@shared/ipc/channels/journal'
import { rowsOfCells } from '@shared/holdings/plan'
import { createApiClient } from '../../../src/main/api/client'
import { listAllMembers } from '../../../src/main/api/reconcile'
import type { Core } from '../../../src/main/core'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { MemoryVault } from '../../../src/main/services/vault'
import { testCore } from '../../support/core'
import { expectedHolders, makePlan } from '../../support/plan-data'
import { removeDir, tempDir } from '../../support/tmp'
import { DEMO_EID, demoConfig, demoProfileInput, sandbox } from '../api/support'

const ctx = { transport: 'test' } as const
let sb: SandboxHandle
let dir: string
let core: Core
let profile: ProfileView
// The keychain outlives the app: the restarted core finds the profile's secrets in it.
const vault = new MemoryVault('test')

async function call<T>(channel: string, input: unknown): Promise<T> {
  const r = (await core.registry.invoke(channel, input, ctx)) as IpcResult<T>
  if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
  return r.value
}
const on = <T extends object>(x: T) => ({ profileId: profile.id, enterpriseGlobalId: DEMO_EID, ...x })

/** Who holds each number that can be given (borrowed locks left out), as the service says now. */
async function holders(): Promise<Map<string, string | null>> {
  const t = await call<HoldingTable>('holdings.numbers', on({ refresh: true }))
  const out = new Map<string, string | null>()
  for (let i = 0; i < t.count; i++) {
    if ((t.flags[i]! & HOLDING_FLAG.borrowedLock) !== 0) continue
    out.set(t.assetNum[i]!, t.holder[i]! < 0 ? null : t.holders[t.holder[i]!]!)
  }
  return out
}

beforeAll(async () => {
  // Scale 50: 1,250 employees and 5,000 numbers.
  sb = await sandbox({ scale: 50, seed: 11 })
  dir = await tempDir('ld-planner-')
  core = await testCore(dir, { vault })
  await call('settings.update', { bulk: { retryBaseMs: 5, maxRetries: 3 } })
  profile = await call<ProfileView>('profiles.create', demoProfileInput(sb, 'Planner'))
})
afterAll(async () => {
  await core?.dispose()
  await sb?.close()
  await removeDir(dir)
})

describe('a plan of 1,000 employees × 5,000 numbers under faults', () => {
  it('applies every change once, and its undo after a restart restores the start exactly', async () => {
    const client = createApiClient(demoConfig(sb))
    const employees = (await listAllMembers(client, DEMO_EID, { pageSize: 500 })).filter((m) => !m.userName.startsWith('magic')).slice(0, 1000).map((m) => m.globalId)
    await client.close()
    expect(employees).toHaveLength(1000)
    const start = await holders()
    expect(start.size).toBeGreaterThan(4900)
    const cells = makePlan(employees, start, { takes: 250, moves: 200, seed: 3 })

    sb.setFaults({ failureRate: 0.1, dropRate: 0.05, dropAfterWorkRate: 0.05 })
    const run = await call<PlanRun>('planner.apply', on({ rows: rowsOfCells(cells) }))
    sb.clearFaults()
    expect(run.error).toBeUndefined()
    expect(run.failures).toEqual([])
    expect(run.plan.counts).toMatchObject({ gets: 1000, givesBack: 250, moves: 200, problems: 0 })
    expect(run.outcomes.done).toBe(cells.length + 200) // a move is two rows: the withdrawal and the tick
    expect(await holders()).toEqual(expectedHolders(start, cells))

    // Each change is in exactly one call the service acknowledged (a retry of a lost answer is the same call, once).
    const acked = new Map<string, number>()
    for (const jobId of run.plan.jobIds) {
      for (let offset = 0; ; offset += 500) {
        const p = await call<JournalPage>('journal.list', { jobId, operations: ['configureAssets'], outcomes: ['ok'], offset, limit: 500 })
        for (const e of p.entries) {
          const b = e.body as { addAssets: string[]; deleteAssets: string[] }
          for (const n of [...b.addAssets, ...b.deleteAssets]) acked.set(`${e.path}|${n}`, (acked.get(`${e.path}|${n}`) ?? 0) + 1)
        }
        if (offset + 500 >= p.total) break
      }
    }
    expect(acked.size).toBe(cells.length + 200)
    expect([...acked.values()].every((n) => n === 1)).toBe(true)
    expect(sb.stats().faults.droppedAfterWork).toBeGreaterThan(10)
    expect(sb.stats().faults.failed500).toBeGreaterThan(10)

    // A restart: a new core on the same data folder knows the plan and undoes it from the journal.
    await core.dispose()
    core = await testCore(dir, { vault })
    const { plans } = await call<{ plans: PlanRun['plan'][] }>('planner.runs', on({}))
    expect(plans.map((p) => p.id)).toEqual([run.plan.id])
    sb.setFaults({ failureRate: 0.1, dropRate: 0.05, dropAfterWorkRate: 0.05 })
    const undo = await call<PlanRun>('planner.undo', { id: run.plan.id })
    sb.clearFaults()
    expect(undo.error).toBeUndefined()
    expect(undo.failures).toEqual([])
    expect(undo.plan.undoOf).toBe(run.plan.id)
    expect(undo.plan.counts).toMatchObject({ givesBack: 1000, gets: 250, moves: 200 })
    expect(await holders()).toEqual(start)
    const after = await call<{ plans: PlanRun['plan'][] }>('planner.runs', on({}))
    expect(after.plans.find((p) => p.id === run.plan.id)?.undoneBy).toBe(undo.plan.id)
  }, 120_000)
})
