/**
 * kill -9 while an order is on its way: a child process submits orders to a slow sandbox and is killed (SIGKILL)
 * with a request in flight. A new core over the same data folder finds that order `sending`, takes it as UNKNOWN
 * (the journal holds its send record), reads it back and does not send it twice; the orders not sent yet go out
 * once each.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/index'
import type { Core } from '../../../src/main/core'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { call, until } from './support'

const root = fileURLToPath(new URL('../../..', import.meta.url))
let dir: string
let sb: SandboxHandle
let core: Core | undefined

beforeAll(async () => {
  dir = await tempDir('ld-orders-kill-')
  sb = await startSandbox({ quiet: true, acceptRepeatedChannelOrder: true, latencyMs: 300 })
})
afterAll(async () => {
  await core?.dispose()
  await sb?.close()
  await removeDir(dir)
})

it('an order in flight when the app is killed is read back, not sent twice', async () => {
  const env = { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' }
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'test/integration/orders/submit-child.ts', dir, sb.url, sb.demo.customerId, '3'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] })
  let profileId = ''
  let killedOrder = ''
  for await (const line of createInterface({ input: child.stdout! })) {
    const p = /^profile (\S+)$/.exec(line)
    if (p) profileId = p[1]!
    const m = /^sending (\S+)$/.exec(line)
    if (m) {
      killedOrder = m[1]!
      child.kill('SIGKILL')
      break
    }
  }
  if (child.exitCode === null) await once(child, 'exit')
  expect(killedOrder).not.toBe('')
  sb.setFaults({ latencyMs: 0 })
  // Let the request the child sent finish (or stop) on the sandbox before reading back.
  await sb.idle()

  core = await testCore(dir, { orderTiming: { retryBaseMs: 20, retryMaxMs: 100, readBackRetryMs: 20, tickMs: 20 } })
  // The secrets lived in the child's memory vault: give them again (a real keychain keeps them).
  await call(core, 'profiles.setSecret', { id: profileId, name: 'orderAppSecret', value: SANDBOX_DEMO.orderApp.clientSecret })
  await call(core, 'profiles.setSecret', { id: profileId, name: 'memberAppSecret', value: SANDBOX_DEMO.memberApp.clientSecret })
  await call(core, 'profiles.setSecret', { id: profileId, name: 'userPassword', value: SANDBOX_DEMO.user.password })
  core.services.orders.wake()
  const list = await until(
    'every order done',
    () => call(core!, 'orders.list', { profileId }),
    (l) => l.total === 3 && l.orders.every((o) => o.state === 'done'),
    30_000,
  )
  const killed = await call(core, 'orders.get', { id: killedOrder })
  expect(killed.attemptList[0]!.outcome).toBe('unknown')
  expect(killed.attemptList[0]!.error?.details.cause).toMatch(/stopped while sending/)
  // Read back before anything else: done (the sandbox finished the work) or not done (it stopped with the
  // connection), then sent again once.
  const verdict = killed.readBacks[0]!.verdict
  expect(['done', 'notDone']).toContain(verdict)
  if (verdict === 'notDone') expect(killed.attemptList.map((a) => a.outcome)).toEqual(['unknown', 'ok'])
  const applied = sb.stats().creates.applied['batchOrder'] ?? {}
  for (const o of list.orders) expect(applied[`DEMO/${o.channelOrderId}`]).toBe(1)
})
