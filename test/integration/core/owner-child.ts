/**
 * Child process of the one-owner test: a real core over <dataDir> whose Sandbox profile talks to the test's
 * sandbox at <sandboxUrl> (so every process meets the same service). Modes:
 * - `locks <n>`: starts a lock disable of <n> lock numbers in chunks of 10, prints `job <id>`, then `progress <done>`
 *   as it goes (the parent kills it with SIGKILL part-way).
 * - `resume`: resumes every paused or interrupted job and waits for each to end, printing `done <id> <status>`, then
 *   `resumed`, and keeps the folder until SIGTERM.
 * - `queue <customerId> <channelOrderId>`: puts one order in the outbox without sending it (a CLI core), prints `queued <orderId>`.
 * - `hold`: prints `ready` and keeps the folder until SIGTERM.
 * - `serve <orderId>`: runs the outbox until that order has ended, prints `done <state>`, and keeps the folder until
 *   SIGTERM.
 * A core that does not own the folder prints `busy <message>` and exits with 3.
 * Args: <sandboxUrl> <dataDir> <shell> <mode> [args]
 */
import { describeError } from '@shared/errors/app-error'
import type { Shell } from '@shared/ipc/channels/app'
import { createCore, type Core } from '../../../src/main/core'
import { silentLogger } from '../../../src/main/services/log'
import { MemoryVault } from '../../../src/main/services/vault'
import { newBuyEntry, orderBody } from '../orders/support'
import { draftFromBody } from '@shared/orders/refund'

const [url, dataDir, shell, mode, ...rest] = process.argv.slice(2) as [string, string, Shell, string, ...string[]]
const say = (line: string) => process.stdout.write(line + '\n')

/**
 * Says `line`, then keeps the folder until SIGTERM: a sibling started later still meets an owner, however slowly it
 * starts on a busy machine (a timer keeps the process alive; a pending promise alone does not).
 */
async function holdUntilTerm(line: string): Promise<void> {
  const alive = setInterval(() => undefined, 60_000)
  const stop = new Promise((resolve) => process.once('SIGTERM', resolve))
  say(line)
  await stop
  clearInterval(alive)
}

function busy(err: unknown): never {
  say(`busy ${describeError((err as { toData(): Parameters<typeof describeError>[0] }).toData(), 'en')}`)
  process.exit(3)
}

let core: Core
try {
  core = await createCore({
    dataDir,
    shell,
    version: '0.0.0-test',
    log: silentLogger,
    vault: new MemoryVault('child'),
    // The built-in Sandbox profile answers at the test's sandbox.
    startSandbox: async () => ({ url, close: async () => undefined }),
    orderTiming: { tickMs: 20, retryBaseMs: 20, retryMaxMs: 100, readBackRetryMs: 20 },
  })
} catch (err) {
  busy(err)
}
await core.services.sandbox.ensure()

try {
  if (mode === 'locks') {
    const n = Number(rest[0])
    core.events.on('bulk.progress', (p) => say(`progress ${p.done}`))
    const job = await core.services.bulk.start({
      kind: 'locks.disable',
      items: Array.from({ length: n }, (_, i) => `L${String(i).padStart(6, '0')}`),
      chunkSize: 10,
      operatorIdentity: 'owner@example.com',
    })
    say(`job ${job.id}`)
    await core.services.bulk.wait(job.id)
  } else if (mode === 'resume') {
    for (const j of await core.services.bulk.list()) {
      if (j.status !== 'paused' && j.status !== 'interrupted') continue
      await core.services.bulk.resume(j.id)
      const done = await core.services.bulk.wait(j.id)
      say(`done ${j.id} ${done.status}`)
    }
    await holdUntilTerm('resumed')
  } else if (mode === 'queue') {
    const [customerId, channelOrderId] = rest as [string, string]
    const body = orderBody(channelOrderId, [newBuyEntry(customerId, [`87${channelOrderId.slice(-8)}`])])
    const order = await core.services.orders.enqueue('sandbox', { ...draftFromBody(body, channelOrderId), ready: true }, { draftName: channelOrderId })
    say(`queued ${order.id}`)
  } else if (mode === 'hold') {
    await holdUntilTerm('ready')
  } else if (mode === 'serve') {
    const end = await core.services.orders.waitFor(rest[0]!, ['done', 'refused', 'needsDecision', 'notConfirmed'], 30_000)
    await holdUntilTerm(`done ${end.state}`)
  }
} catch (err) {
  if ((err as { code?: string }).code === 'app.dataDirBusy') busy(err)
  throw err
} finally {
  await core.dispose()
}
