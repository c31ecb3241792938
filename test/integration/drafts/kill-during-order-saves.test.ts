/**
 * Order drafts survive kill -9 too: a child process saves 'orders.order' drafts of realistic size (1 to 100
 * entries with asset numbers, products and package trees; up to a few hundred KB) in a loop and is killed
 * (SIGKILL) 15 times at random moments. After every kill the database opens, every order draft reads back and
 * checks against the order draft schema, its summary is there (customer, entries, issues), and no draft is older
 * than the last save the child was told had succeeded.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { buildSync } from 'esbuild'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { orderDraftSchema } from '@shared/orders/draft'
import { MIGRATIONS, openDatabase } from '../../../src/main/services/db'
import { DraftStore } from '../../../src/main/services/drafts'
import { silentLogger } from '../../../src/main/services/log'
import { removeDir, tempDir } from '../../support/tmp'

const root = fileURLToPath(new URL('../../..', import.meta.url))
// 15 kills at random points prove the behaviour in seconds; a longer soak: LICENSE_DESK_TEST_KILLS=200 npx vitest run <this file>.
const KILLS = Number(process.env['LICENSE_DESK_TEST_KILLS'] ?? 15)
let dir: string
let childScript: string

beforeAll(async () => {
  dir = await tempDir('ld-order-drafts-kill-')
  mkdirSync(join(root, '.tmp'), { recursive: true })
  childScript = join(root, '.tmp', `order-draft-save-child-${process.pid}.mjs`)
  buildSync({
    entryPoints: [join(root, 'test/integration/drafts/save-order-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    alias: { '@shared': join(root, 'src/shared') },
    outfile: childScript,
    logLevel: 'error',
  })
})
afterAll(async () => {
  await removeDir(dir)
  rmSync(childScript, { force: true })
})

async function runAndKill(round: number): Promise<Map<string, number>> {
  const child = spawn(process.execPath, [childScript, dir, String(round)], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
  const acked = new Map<string, number>()
  // Kill after a random number of acknowledged saves (1 to 12), i.e. at a random point of a save.
  const killAfter = 1 + Math.floor(Math.random() * 12)
  let seen = 0
  for await (const line of createInterface({ input: child.stdout! })) {
    const m = /^saved (\S+) (\d+)$/.exec(line)
    if (!m) continue
    acked.set(m[1]!, Number(m[2]))
    if (++seen >= killAfter) {
      child.kill('SIGKILL')
      break
    }
  }
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit')
  return acked
}

it(`every order draft is readable after ${KILLS} kills during saves, and no acknowledged save is lost`, async () => {
  const everAcked = new Map<string, number>()
  let largest = 0
  for (let round = 0; round < KILLS; round++) {
    const acked = await runAndKill(round)
    for (const [id, rev] of acked) everAcked.set(id, Math.max(everAcked.get(id) ?? 0, rev))
    const db = openDatabase({ dataDir: dir, migrations: MIGRATIONS, log: silentLogger })
    try {
      const store = new DraftStore(db)
      const listed = store.list({ kinds: ['orders.order'], limit: 1000 })
      // Every acknowledged draft is there; a kill may also land after a new draft's commit and before its
      // acknowledgement reached us, so at most one more per kill so far.
      const ids = new Set(listed.drafts.map((d) => d.id))
      for (const id of everAcked.keys()) expect(ids.has(id), id).toBe(true)
      expect(listed.total).toBeLessThanOrEqual(everAcked.size + round + 1)
      for (const meta of listed.drafts) {
        const draft = store.get(meta.id) // throws if the body is damaged or does not check
        const body = orderDraftSchema.parse(draft.body)
        expect(draft.revision).toBeGreaterThanOrEqual(everAcked.get(meta.id) ?? 1)
        expect(meta.summary.entries).toBe(body.entries.length)
        expect(meta.summary.customer).toMatch(/^Customer 0 of round \d+/)
        expect(typeof meta.summary.issues).toBe('number')
        largest = Math.max(largest, JSON.stringify(body).length)
      }
    } finally {
      db.close()
    }
  }
  expect(everAcked.get('order-a')).toBeGreaterThan(KILLS / 4)
  // The bodies were of the size a real order reaches (100 entries: a few hundred KB).
  expect(largest).toBeGreaterThan(100_000)
}, 300_000)
