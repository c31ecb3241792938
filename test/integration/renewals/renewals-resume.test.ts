/**
 * The renewals reading is a bulk job (`renewals.read`, one item per enterprise): paused part-way, the core closed,
 * and resumed by a NEW core on the same data folder, it reads only the enterprises not read yet (the asset lists
 * the service received, counted per enterprise by a proxy in front of the sandbox) and ends with the same rows as
 * a reading that was never interrupted. The pause comes when the third enterprise's asset list reaches the proxy,
 * which holds it until the job has been paused (events, not timers); the reading has one place for its calls.
 */
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RenewalList, RenewalStatus } from '@shared/ipc/channels/renewals'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { Core } from '../../../src/main/core'
import { MemoryVault } from '../../../src/main/services/vault'
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/index'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { call, profileInput } from '../orders/support'
import { APP_KEY, lockEntry, product } from '../sandbox/fixtures'
import { Client } from '../sandbox/helpers'

const ENTERPRISES = 7
const HOLD_AT = 2
const DAY = 86_400_000

/** A pass-through proxy that counts asset-list requests per enterprise and can hold one enterprise's. */
interface Gate {
  url: string
  counts: Map<string, number>
  /** Holds the next asset list of `eid`: resolves when it arrives; `release` lets it through. */
  hold(eid: string): { arrived: Promise<void>; release: () => void }
  close(): Promise<void>
}

function gate(target: string): Promise<Gate> {
  const counts = new Map<string, number>()
  let held: { eid: string; arrived: () => void; open: Promise<void> } | null = null
  const to = new URL(target)
  const server: Server = createServer((req, res) => {
    const m = /\/asset\/([^/?]+)\/list/.exec(req.url ?? '')
    const eid = m ? decodeURIComponent(m[1]!) : null
    if (eid) counts.set(eid, (counts.get(eid) ?? 0) + 1)
    const forward = () => {
      const out = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers)
        up.pipe(res)
      })
      out.on('error', () => res.destroy())
      req.pipe(out)
    }
    if (eid && held?.eid === eid) {
      const h = held
      held = null
      h.arrived()
      void h.open.then(forward)
    } else forward()
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        counts,
        hold(eid) {
          let arrived!: () => void
          let release!: () => void
          const a = new Promise<void>((r) => (arrived = r))
          const open = new Promise<void>((r) => (release = r))
          held = { eid, arrived, open }
          return { arrived: a, release }
        },
        close: () => new Promise<void>((r) => {
          server.closeAllConnections()
          server.close(() => r())
        }),
      })
    })
  })
}

let sb: SandboxHandle
let proxy: Gate
const dirs: string[] = []
const cores: Core[] = []
const eids: string[] = []
const customers: Record<string, unknown>[] = []

async function newCore(dir: string, vault: MemoryVault): Promise<Core> {
  const core = await testCore(dir, { vault })
  cores.push(core)
  return core
}

/** A core with the profile (through the proxy) and the book's enterprises; the reading one enterprise at a time. */
async function setUp(dir: string, vault: MemoryVault): Promise<Core> {
  const core = await newCore(dir, vault)
  const profile = await call(core, 'profiles.create', profileInput(proxy.url, 'Renewals resume'))
  await call(core, 'profiles.activate', { id: profile.id })
  await call(core, 'settings.update', { bulk: { concurrency: 1 } })
  for (const fields of customers) await call(core, 'customers.save', { fields })
  return core
}

function ended(core: Core): Promise<RenewalStatus> {
  return new Promise((resolve) => {
    const off = core.events.on('renewals.progress', (s) => {
      if (s.state === 'completed' || s.state === 'paused') {
        off()
        resolve(s)
      }
    })
  })
}

const WINDOW = { window: { withinDays: 365 } }
/** What the list shows, without what differs between two books (record ids) and two readings (times). */
function shown(l: RenewalList) {
  return {
    rows: l.rows.map(({ customerRef: _ref, ...r }) => r),
    enterprises: l.enterprises.map(({ readAt, ...e }) => ({ ...e, read: readAt !== null })),
  }
}

beforeAll(async () => {
  sb = await startSandbox({ quiet: true })
  proxy = await gate(sb.url)
  const c = await Client.connect(sb.url)
  const now = Date.now()
  for (let e = 0; e < ENTERPRISES - 1; e++) {
    const channelCustomerId = `RESUME-${e}`
    const rec = await c.ok<{ customerId: string; enterpriseGlobalId: string }>('bindEnterprise', {
      body: { channelCode: SANDBOX_DEMO.channelCode, channelCustomerId, customerName: `Resume customer ${e}`, branchName: 'HQ', enterpriseName: `Resume enterprise ${e}`, passwordMobile: '13800138000' },
    })
    eids.push(rec.enterpriseGlobalId)
    customers.push({ customerName: `Resume customer ${e}`, customerId: rec.customerId, channelCode: SANDBOX_DEMO.channelCode, channelCustomerId, enterpriseGlobalId: rec.enterpriseGlobalId })
    const end = now + (10 + e * 20) * DAY
    const entry = { ...lockEntry(rec.customerId), channelCustomerId, enterpriseGlobalId: rec.enterpriseGlobalId, assets: [{ assetNos: [`860000${e}001`, `860000${e}002`], products: [product(`R-${e}`, { limitStartDate: end - 365 * DAY, limitEndDate: end })] }] }
    await c.ok('batchOrder', { query: APP_KEY, body: { channelCode: SANDBOX_DEMO.channelCode, channelOrderId: `RESUME-${e}`, syncMode: 'sync', orderList: [entry] } })
  }
  // The connection's own enterprise too: the member group reads its products (the others' only their assets).
  eids.push(sb.demo.enterpriseGlobalId)
  customers.push({ customerName: 'Demo', customerId: sb.demo.customerId, channelCode: SANDBOX_DEMO.channelCode, channelCustomerId: SANDBOX_DEMO.channelCustomerId, enterpriseGlobalId: sb.demo.enterpriseGlobalId })
})
afterAll(async () => {
  for (const core of cores) await core.dispose()
  await proxy?.close()
  await sb?.close()
  for (const d of dirs) await removeDir(d)
})

describe('renewals reading as a bulk job', () => {
  it('paused, then resumed by a new core on the same data folder, reads only the enterprises not read yet and ends with the rows of an uninterrupted reading', async () => {
    const vault = new MemoryVault('test')
    const dir = await tempDir('ld-renewals-resume-')
    dirs.push(dir)
    const first = await setUp(dir, vault)
    const held = proxy.hold(eids[HOLD_AT]!)
    const started = await call(first, 'renewals.refresh', {})
    expect(started).toMatchObject({ state: 'running', total: ENTERPRISES, done: 0 })
    await held.arrived
    expect((await call(first, 'renewals.pause', {})).state).toBe('paused')
    held.release()
    await first.services.bulk.wait(started.jobId!)
    // The enterprises under way when it paused finish (their calls were out or waiting for a place); no other starts.
    const paused = await call(first, 'renewals.status', {})
    expect(paused).toMatchObject({ state: 'paused', total: ENTERPRISES })
    const readFirst = paused.done
    expect(readFirst).toBeGreaterThanOrEqual(HOLD_AT + 1)
    expect(readFirst).toBeLessThan(ENTERPRISES)
    // What the paused reading read is shown already (merged when it stopped).
    expect((await call(first, 'renewals.list', WINDOW)).enterprises.filter((e) => e.readAt !== null)).toHaveLength(readFirst)
    await first.dispose()
    cores.splice(cores.indexOf(first), 1)
    const firstRead = [...proxy.counts.keys()]
    expect([...proxy.counts.values()]).toEqual(firstRead.map(() => 1))
    expect(firstRead).toHaveLength(readFirst)
    expect(firstRead).toContain(eids[HOLD_AT])

    proxy.counts.clear()
    const second = await newCore(dir, vault)
    expect(await call(second, 'renewals.status', {})).toMatchObject({ state: 'paused', jobId: started.jobId, done: readFirst })
    const end = ended(second)
    expect((await call(second, 'renewals.resume', {})).state).toBe('running')
    expect(await end).toMatchObject({ state: 'completed', done: ENTERPRISES, failed: 0, error: null })
    // Each enterprise not read before, once; none read before.
    expect(Object.fromEntries(proxy.counts)).toEqual(Object.fromEntries(eids.filter((e) => !firstRead.includes(e)).map((e) => [e, 1])))
    const resumed = await call(second, 'renewals.list', WINDOW)

    // The same book read in one go, in another data folder.
    const whole = await tempDir('ld-renewals-whole-')
    dirs.push(whole)
    const third = await setUp(whole, new MemoryVault('test'))
    const done = ended(third)
    await call(third, 'renewals.refresh', {})
    expect((await done).state).toBe('completed')
    const uninterrupted = await call(third, 'renewals.list', WINDOW)
    expect(uninterrupted.rows.length).toBeGreaterThan(3)
    expect(shown(resumed)).toEqual(shown(uninterrupted))
  })
})
