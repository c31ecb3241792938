/**
 * Bench: from "submit" to result for an order of 100 entries (issue 11), on the sandbox over HTTP, through the
 * core's channels as the Orders screen calls them: `orders.submit` (checks the draft with the shared rules,
 * fixes the order number, writes the outbox, removes the draft) and the sender (a token, the asset list read as
 * read-back evidence, the journal's start and send record on disk, order operation 5, the answer recorded).
 * Each entry is a new purchase of one fresh lock with one product, for the demo enterprise's customer.
 *
 * - submitToDone: from calling `orders.submit` to the order `done` (answer recorded, `orders.changed` sent).
 * - lostAnswer: the same with the answer dropped after the work: UNKNOWN, read back (asset list, products of
 *   each asset), done; nothing sent twice.
 * Prints one JSON line (scenario "order-submit": median and slowest ms over the reps); details on stderr.
 * Run alone: `npx tsx --tsconfig tsconfig.node.json test/bench/order-submit.ts [--reps N] [--latency MS]`.
 */
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { BatchOrderBody } from '@shared/api/orders'
import type { IpcResult } from '@shared/ipc/channel'
import type { ChannelName, ChannelOutput } from '@shared/ipc/contract'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { draftFromBody } from '@shared/orders/refund'
import { startSandbox } from '../../src/sandbox/index'
import { testCore } from '../support/core'
import { removeDir, tempDir } from '../support/tmp'

const log = (msg: string) => process.stderr.write(`[bench:order-submit] ${msg}\n`)
const round = (n: number) => Math.round(n * 10) / 10
const ENTRIES = 100

function stats(xs: number[]): { median: number; max: number } {
  const s = [...xs].sort((a, b) => a - b)
  return { median: round(s[Math.floor(s.length / 2)] ?? 0), max: round(s.at(-1) ?? 0) }
}

let serial = 0
function body(customerId: string, run: string): BatchOrderBody {
  const orderList = Array.from({ length: ENTRIES }, (_, i) => {
    const no = `86${String(Date.now() % 1e4).padStart(4, '0')}${String(++serial % 1e4).padStart(4, '0')}`
    return {
      sequence: i + 1, customerId, crmCustomerId: 'CRM-DEMO-0001', customerName: '演示科技有限公司', channelCustomerId: 'DEMO-0001',
      adminName: '管理员', adminAccount: 'demoadmin', adminEmail: 'admin@example.com', adminCellNumber: '13800138000',
      passwordMobile: '13800138000', address: '北京', customerType: 'company' as const, branchCode: 'BJ', branchName: '北京分公司',
      enterpriseGlobalId: SANDBOX_DEMO.enterpriseGlobalId, licenseType: 'normal_recover_usbkey' as const, orderType: 'new_buy' as const,
      assets: [{ assetNos: [no], products: [{ crmProductId: `B-${no}`, parentCrmProductId: '', productUri: 'GMS-1001', productName: '计价软件', productType: 'tool', limitConcurrent: 1, limitTimeDuration: 0, strictMatchWhenDelete: false, trial: 0, trialEndDate: 0, timeUnit: 'year', timeUnitQuantity: 1, timeDurationExpression: '1-0-0', productFeatures: [] }] }],
    }
  })
  return { channelCode: SANDBOX_DEMO.channelCode, channelOrderId: `BENCH-${run}`, syncMode: 'sync', orderList }
}

export async function runOrderSubmitBench(reps = 5, latencyMs = 0): Promise<Record<string, unknown>> {
  const dir = await tempDir('ld-bench-orders-')
  const sb = await startSandbox({ quiet: true, latencyMs })
  const core = await testCore(dir, { orderTiming: { tickMs: 50 } })
  const call = async <C extends ChannelName>(channel: C, input: unknown): Promise<ChannelOutput<C>> => {
    const r = (await core.registry.invoke(channel, input, { transport: 'test' })) as IpcResult<ChannelOutput<C>>
    if (!r.ok) throw new Error(`${channel}: ${JSON.stringify(r.error)}`)
    return r.value
  }
  try {
    const profile = await call('profiles.create', {
      fields: { name: 'Bench', baseUrl: sb.url, orderAppKey: SANDBOX_DEMO.orderApp.clientId, memberAppKey: SANDBOX_DEMO.memberApp.clientId, userLogin: SANDBOX_DEMO.user.username, operatorIdentity: 'bench@example.com', channelCode: SANDBOX_DEMO.channelCode },
      secrets: { orderAppSecret: SANDBOX_DEMO.orderApp.clientSecret, memberAppSecret: SANDBOX_DEMO.memberApp.clientSecret, userPassword: SANDBOX_DEMO.user.password },
    })
    await call('profiles.activate', { id: profile.id })
    const one = async (run: string, dropAnswer: boolean): Promise<number> => {
      const b = body(sb.demo.customerId, run)
      const draft = await call('drafts.save', { kind: 'orders.order', profileId: profile.id, name: run, body: { ...draftFromBody(b, b.channelOrderId), ready: true }, baseRevision: 0 })
      if (dropAnswer) sb.queueFault({ kind: 'dropAfterWork', operation: 'batchOrder' })
      const done = new Promise<void>((resolve) => {
        const off = core.events.on('orders.changed', ({ ids }) => {
          const o = core.services.orders.store.find(ids[0]!)
          if (o && o.channelOrderId === b.channelOrderId && (o.state === 'done' || o.state === 'needsDecision' || o.state === 'refused')) {
            off()
            resolve()
          }
        })
      })
      const t0 = performance.now()
      await call('orders.submit', { draftId: draft.id, baseRevision: draft.revision })
      await done
      const ms = performance.now() - t0
      const o = core.services.orders.store.list({ profileId: profile.id, query: b.channelOrderId, states: [], offset: 0, limit: 1 }).orders[0]!
      if (o.state !== 'done') throw new Error(`order ${run} ended ${o.state}`)
      return ms
    }
    await one('warmup', false)
    const plain: number[] = []
    const lost: number[] = []
    for (let r = 0; r < reps; r++) plain.push(await one(`plain-${r}-${Date.now()}`, false))
    for (let r = 0; r < reps; r++) lost.push(await one(`lost-${r}-${Date.now()}`, true))
    const applied = Object.entries(sb.stats().creates.applied['batchOrder'] ?? {}).filter(([k]) => k.startsWith('DEMO/BENCH-'))
    const duplicates = applied.filter(([, n]) => n > 1).length
    const p = stats(plain)
    const l = stats(lost)
    const load = loadavg().map((x) => round(x))
    log(`${ENTRIES} entries, sandbox latency ${latencyMs} ms: submit to done median ${p.median} ms (slowest ${p.max}); with the answer lost and read back median ${l.median} ms (slowest ${l.max}); duplicates ${duplicates}; load ${load.join(' ')}`)
    return { scenario: 'order-submit', entries: ENTRIES, latencyMs, reps, submitToDoneMedianMs: p.median, submitToDoneMaxMs: p.max, lostAnswerMedianMs: l.median, lostAnswerMaxMs: l.max, duplicates, load }
  } finally {
    await core.dispose()
    await sb.close()
    await removeDir(dir)
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (n: string, d: number) => {
    const i = process.argv.indexOf(`--${n}`)
    return i >= 0 ? Number(process.argv[i + 1]) : d
  }
  process.stdout.write(JSON.stringify(await runOrderSubmitBench(arg('reps', 5), arg('latency', 0))) + '\n')
}
