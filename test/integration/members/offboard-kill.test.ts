/**
 * An offboarding killed mid-run (SIGKILL in the child, once two people are done) and resumed by a new runner over
 * the same data folder: listed as interrupted, it ends with every person done, each account deleted and every
 * number free, and no delete sent again but those sent before the kill.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_BULK } from '@shared/settings'
import type { OffboardPerson } from '@shared/members/offboard'
import { createApiClient } from '../../../src/main/api/client'
import { BulkRunner } from '../../../src/main/services/bulk'
import { Journal } from '../../../src/main/services/journal'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { DEMO_EID, demoConfig, sandbox } from '../api/support'

const root = fileURLToPath(new URL('../../..', import.meta.url))
let sb: SandboxHandle
let dir: string

beforeAll(async () => {
  // Each call takes a moment, so the kill (after two people) finds the others not done.
  sb = await sandbox({ latencyMs: 30 })
  dir = mkdtempSync(join(tmpdir(), 'ld-offboard-kill-'))
})
afterAll(async () => {
  await sb.close()
  rmSync(dir, { recursive: true, force: true })
})

it('a killed offboarding resumes in another process: every person done once, nothing lost', async () => {
  const people: OffboardPerson[] = sb.inspect
    .employees(DEMO_EID)
    .filter((e) => /^[a-z]+\d+$/.test(e.userName) && !e.userName.startsWith('magic'))
    .slice(0, 10)
    .map((e) => ({ globalId: e.globalId, userName: e.userName, numbers: sb.inspect.assetNumsOf(e.globalId) }))
  expect(people).toHaveLength(10)
  const file = join(dir, 'people.json')
  writeFileSync(file, JSON.stringify(people))

  const proc = spawn(process.execPath, ['--import', 'tsx/esm', 'test/integration/members/offboard-child.ts', sb.url, join(dir, 'data'), file], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let jobId = ''
  for await (const line of createInterface({ input: proc.stdout })) {
    const m = /^job (\S+)$/.exec(line)
    if (m) jobId = m[1]!
  }
  const [, signal] = (await once(proc, 'exit')) as [number | null, string | null]
  expect(signal).toBe('SIGKILL')
  expect(jobId).not.toBe('')
  await sb.idle()
  const deletesAtKill = sb.stats().byOperation['deleteMember'] ?? 0
  expect(deletesAtKill).toBeLessThan(10)

  const dataDir = join(dir, 'data')
  const client = createApiClient(demoConfig({ url: sb.url }), { journal: new Journal({ dataDir }) })
  const runner = new BulkRunner({
    dataDir,
    clientFor: async () => client,
    settings: async () => ({ ...DEFAULT_BULK, concurrency: 2 }),
    activeProfileId: async () => 'it-profile',
    operatorIdentity: async () => 'offboard@example.com',
    onProgress: () => undefined,
  })
  try {
    await runner.init()
    expect((await runner.list()).find((j) => j.id === jobId)?.status).toBe('interrupted')
    await runner.resume(jobId)
    const done = await runner.wait(jobId)
    expect(done.counts).toMatchObject({ total: 10, ok: 10, failed: 0, unknown: 0 })
    const left = new Set(sb.inspect.employees(DEMO_EID).map((e) => e.globalId))
    for (const p of people) {
      expect(left.has(p.globalId)).toBe(false)
      for (const n of p.numbers) expect(sb.inspect.asset(n)?.assignMemberId).toBeNull()
    }
    // A delete sent before the kill whose result was not yet on disk (in flight, or answered but written lazily) may
    // go once more after the resume (and reads 60002: already gone); no delete goes a third time, none after a
    // recorded result.
    const deletes = sb.stats().byOperation['deleteMember'] ?? 0
    expect(deletes).toBeGreaterThanOrEqual(10)
    expect(deletes).toBeLessThanOrEqual(10 + deletesAtKill)
  } finally {
    await runner.close()
  }
})
