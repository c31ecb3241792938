/**
 * Bench: Renewals (issue 33). On the sandbox over HTTP, through the core's channels as the screen calls them:
 * 200 enterprises of the customer book, 50 locks each (bound with order operation 1, bought with one order each),
 * read in the background by a bulk job (`renewals.refresh` to its `completed` event): the first reading and a refresh
 * (time, enterprises, HTTP requests).
 * The member group answers only for the connection's own enterprise, so the 199 others cost their asset list and
 * one refused product list each; the demo enterprise's assets are read whole. Then the screen's filter
 * (renewals-model.ts `filterRows`: words, a customer, a chart bar) over 10,000 rows: median and slowest ms.
 * Prints one JSON line (scenario "renewals"). Run alone: `npx tsx --tsconfig tsconfig.node.json test/bench/renewals.ts`.
 */
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { IpcResult } from '@shared/ipc/channel'
import type { ChannelName, ChannelOutput } from '@shared/ipc/contract'
import type { RenewalStatus } from '@shared/ipc/channels/renewals'
import { bucketOf, type ExpiringRow } from '@shared/renewals/expiry'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { EMPTY_FILTER, customerKey, filterRows } from '../../src/renderer/models/renewals/renewals-model'
import { startSandbox } from '../../src/sandbox/index'
import { APP_KEY, lockEntry, product } from '../integration/sandbox/fixtures'
import { Client } from '../integration/sandbox/helpers'
import { testCore } from '../support/core'
import { removeDir, tempDir } from '../support/tmp'

const ENTERPRISES = 200
const ASSETS = 50
const DAY = 86_400_000
const log = (msg: string) => process.stderr.write(`[bench:renewals] ${msg}\n`)
const round = (n: number) => Math.round(n * 10) / 10

export async function runRenewalsBench(): Promise<Record<string, unknown>> {
  const dir = await tempDir('ld-bench-renewals-')
  const sb = await startSandbox({ quiet: true })
  const core = await testCore(dir)
  const call = async <C extends ChannelName>(channel: C, input: unknown): Promise<ChannelOutput<C>> => {
    const r = (await core.registry.invoke(channel, input, { transport: 'test' })) as IpcResult<ChannelOutput<C>>
    if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
    return r.value
  }
  try {
    const profile = await call('profiles.create', {
      fields: { name: 'Bench', baseUrl: sb.url, orderAppKey: SANDBOX_DEMO.orderApp.clientId, memberAppKey: SANDBOX_DEMO.memberApp.clientId, userLogin: SANDBOX_DEMO.user.username, operatorIdentity: 'ops@example.com', channelCode: SANDBOX_DEMO.channelCode },
      secrets: { orderAppSecret: SANDBOX_DEMO.orderApp.clientSecret, memberAppSecret: SANDBOX_DEMO.memberApp.clientSecret, userPassword: SANDBOX_DEMO.user.password },
    })
    await call('profiles.activate', { id: profile.id })
    const c = await Client.connect(sb.url)
    const now = Date.now()
    let serial = 0
    log(`building ${ENTERPRISES} enterprises x ${ASSETS} locks`)
    for (let e = 0; e < ENTERPRISES; e++) {
      const channelCustomerId = `BENCH-${e}`
      const rec = await c.ok<{ customerId: string; enterpriseGlobalId: string }>('bindEnterprise', {
        body: { channelCode: SANDBOX_DEMO.channelCode, channelCustomerId, customerName: `Bench customer ${e}`, branchName: 'HQ', enterpriseName: `Bench enterprise ${e}`, passwordMobile: '13800138000' },
      })
      await call('customers.save', { fields: { customerName: `Bench customer ${e}`, customerId: rec.customerId, channelCode: SANDBOX_DEMO.channelCode, channelCustomerId, enterpriseGlobalId: rec.enterpriseGlobalId } })
      const assetNos = Array.from({ length: ASSETS }, () => `85${String(++serial).padStart(8, '0')}`)
      const end = now + ((e * 7) % 120) * DAY
      const entry = { ...lockEntry(rec.customerId), channelCustomerId, enterpriseGlobalId: rec.enterpriseGlobalId, assets: [{ assetNos, products: [product(`B-${e}`, { limitStartDate: end - 365 * DAY, limitEndDate: end })] }] }
      await c.ok('batchOrder', { query: APP_KEY, body: { channelCode: SANDBOX_DEMO.channelCode, channelOrderId: `BENCH-${e}`, syncMode: 'sync', orderList: [entry] } })
    }
    // The demo enterprise too (the connection's own: its products are read whole).
    await call('customers.save', { fields: { customerName: 'Demo', customerId: sb.demo.customerId, channelCode: SANDBOX_DEMO.channelCode, channelCustomerId: SANDBOX_DEMO.channelCustomerId, enterpriseGlobalId: sb.demo.enterpriseGlobalId } })

    const read = async (): Promise<{ ms: number; status: RenewalStatus; requests: number }> => {
      sb.resetStats()
      const t0 = performance.now()
      // The job's own end (an earlier reading's last events may still come in).
      const ends = new Map<string, RenewalStatus>()
      let want: string | null = null
      let found: (s: RenewalStatus) => void = () => {}
      const done = new Promise<RenewalStatus>((resolve) => (found = resolve))
      const off = core.events.on('renewals.progress', (s) => {
        if (s.jobId === null || !(s.state === 'completed' || (s.state === 'paused' && s.error))) return
        ends.set(s.jobId, s)
        if (s.jobId === want) found(s)
      })
      want = (await call('renewals.refresh', {})).jobId
      const seen = want === null ? null : ends.get(want)
      if (seen) found(seen)
      const status = await done
      off()
      return { ms: round(performance.now() - t0), status, requests: sb.stats().requests }
    }
    const first = await read()
    const again = await read()
    const list = await call('renewals.list', { window: { withinDays: 90 } })
    log(`first ${first.ms} ms (${first.status.done} enterprises, ${first.requests} requests), refresh ${again.ms} ms (${again.status.done} enterprises, ${again.requests} requests); ${list.rows.length} rows within 90 days`)

    // The filter over 10,000 rows (the rows of the reading, repeated with other keys up to 10,000).
    const rows: ExpiringRow[] = []
    for (let i = 0; rows.length < 10_000; i++) {
      const r = list.rows[i % list.rows.length]!
      rows.push({ ...r, key: `${r.key}#${i}`, assetNum: `${r.assetNum.slice(0, 4)}${String(i).padStart(6, '0')}` })
    }
    const filters = [
      { ...EMPTY_FILTER, query: 'bench customer 1' },
      { ...EMPTY_FILTER, query: '8500' },
      { ...EMPTY_FILTER, customer: customerKey(rows[0]!) },
      { ...EMPTY_FILTER, size: 'week' as const, bucket: bucketOf(rows[5000]!.endsAt, 'week') },
      { ...EMPTY_FILTER, size: 'month' as const, bucket: bucketOf(rows[5000]!.endsAt, 'month'), query: 'gms-1001' },
    ]
    const times: number[] = []
    for (let rep = 0; rep < 10; rep++) {
      for (const f of filters) {
        const t0 = performance.now()
        filterRows(rows, f)
        times.push(performance.now() - t0)
      }
    }
    times.sort((a, b) => a - b)
    const line = {
      scenario: 'renewals',
      enterprises: ENTERPRISES + 1,
      assets: ENTERPRISES * ASSETS,
      firstReadMs: first.ms,
      firstReadEnterprises: first.status.done,
      firstReadHttpRequests: first.requests,
      refreshMs: again.ms,
      refreshEnterprises: again.status.done,
      refreshHttpRequests: again.requests,
      rowsWithin90Days: list.rows.length,
      filter10kMedianMs: round(times[Math.floor(times.length / 2)]!),
      filter10kMaxMs: round(times.at(-1)!),
      loadAverage: round(loadavg()[0]!),
    }
    return line
  } finally {
    await core.dispose()
    await sb.close()
    await removeDir(dir)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  runRenewalsBench().then(
    (line) => process.stdout.write(`${JSON.stringify(line)}\n`),
    (err: unknown) => {
      process.stderr.write(`${String(err)}\n`)
      process.exitCode = 1
    },
  )
}
