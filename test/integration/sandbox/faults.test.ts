// Fault injection for clients' retry and reconciliation tests: error 500 without touching state, connections
// dropped before the work and after it, queued one-shot faults, latency, determinism by seed, and the counters
// that let a test prove what reached the server.
import { afterEach, describe, expect, it } from 'vitest'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { Client, DEMO_ENTERPRISE, appToken, expectError, sandbox } from './helpers'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'

let sb: SandboxHandle
afterEach(() => sb?.close())

const at = { enterpriseGlobalId: DEMO_ENTERPRISE }
const addOne = (userName: string) => ({ path: at, body: { userList: [{ userName, password: 'Passw0rd', name: 'F' }] } })
const lock = (n: string) => ({ body: { assetNums: [n], operatorIdentity: 'faults' } })

describe('fault injection', () => {
  it('failureRate 1: every operation answers 500 (HTTP 299) and nothing changes', async () => {
    sb = await sandbox({ failureRate: 1 })
    const c = await Client.connect(sb.url)
    expectError(await c.call('lockAssets', lock('8100000001')), '500')
    expectError(await c.call('addMembers', addOne('failed1')), '500')
    expect(sb.inspect.asset('8100000001')?.locked).toBe(false)
    expect(sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'failed1')).toBeUndefined()
    const s = sb.stats()
    expect(s.faults.failed500).toBe(2)
    expect(s.byCode['500']).toBe(2)
    expect(s.creates.received.addMembers).toBeUndefined()
    // The token endpoint is never faulted, so clients can always authenticate.
    expect(await appToken(sb.url, SANDBOX_DEMO.orderApp)).toBeTruthy()
  })

  it('dropRate 1: the connection closes without an answer and nothing changes', async () => {
    sb = await sandbox()
    const c = await Client.connect(sb.url)
    sb.setFaults({ dropRate: 1 })
    await expect(c.call('addMembers', addOne('dropped1'))).rejects.toThrow()
    await expect(c.call('lockAssets', lock('8100000002'))).rejects.toThrow()
    sb.clearFaults()
    expect(sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'dropped1')).toBeUndefined()
    expect(sb.inspect.asset('8100000002')?.locked).toBe(false)
    expect(sb.stats().faults.dropped).toBe(2)
    expect(sb.stats().creates.received.addMembers?.['dropped1']).toBeUndefined()
  })

  it('dropAfterWorkRate 1: the work is done, then the connection closes without an answer', async () => {
    sb = await sandbox({ dropAfterWorkRate: 1 })
    const c = await Client.connect(sb.url)
    await expect(c.call('addMembers', addOne('afterwork1'))).rejects.toThrow()
    await expect(c.call('lockAssets', lock('8100000003'))).rejects.toThrow()
    expect(sb.inspect.employeeByUserName(DEMO_ENTERPRISE, 'afterwork1')).toBeDefined()
    expect(sb.inspect.asset('8100000003')?.locked).toBe(true)
    const s = sb.stats()
    expect(s.faults.droppedAfterWork).toBe(2)
    expect(s.creates.received.addMembers?.['afterwork1']).toBe(1)
    expect(s.creates.applied.addMembers?.['afterwork1']).toBe(1)
  })

  it('queued faults hit the next matching requests only', async () => {
    sb = await sandbox()
    const c = await Client.connect(sb.url)
    sb.queueFault({ kind: 'dropAfterWork', operation: 'addMembers' })
    sb.queueFault({ kind: 'fail500', operation: 'lockAssets', times: 2 })
    // Another operation is not affected by either.
    await c.ok('getShellNums', { body: { size: 1 } })
    expectError(await c.call('lockAssets', lock('8100000004')), '500')
    expectError(await c.call('lockAssets', lock('8100000004')), '500')
    await c.ok('lockAssets', lock('8100000004'))
    await expect(c.call('addMembers', addOne('queued1'))).rejects.toThrow()
    // A client that resends the create blindly is caught by the counters: received twice, applied once.
    expectError(await c.call('addMembers', addOne('queued1')), '60027')
    const s = sb.stats()
    expect(s.creates.received.addMembers?.['queued1']).toBe(2)
    expect(s.creates.applied.addMembers?.['queued1']).toBe(1)
    expect(s.byOperation['lockAssets']).toBe(3)
  })

  it('a queued drop before the work leaves nothing behind', async () => {
    sb = await sandbox()
    const c = await Client.connect(sb.url)
    sb.queueFault({ kind: 'drop' })
    await expect(c.call('getShellNums', { body: { size: 1 } })).rejects.toThrow()
    const [n] = await c.ok<string[]>('getShellNums', { body: { size: 1 } })
    expect(n).toBe('8200000001')
  })

  it('latency is added before each operation', async () => {
    sb = await sandbox({ latencyMs: 150 })
    const c = await Client.connect(sb.url)
    const t = performance.now()
    await c.ok('getShellNums', { body: { size: 1 } })
    expect(performance.now() - t).toBeGreaterThanOrEqual(140)
    sb.setFaults({ latencyMs: 0 })
    expect(sb.stats().byOperation['getShellNums']).toBe(1)
  })

  it('the same seed gives the same fault sequence', async () => {
    const outcomes = async (seed: number): Promise<string[]> => {
      const s = await sandbox({ seed, failureRate: 0.5 })
      try {
        const c = await Client.connect(s.url)
        const out: string[] = []
        for (let i = 0; i < 24; i++) out.push(String((await c.call('getShellNums', { body: { size: 1 } })).body['code']))
        return out
      } finally {
        await s.close()
      }
    }
    const a = await outcomes(7)
    expect(await outcomes(7)).toEqual(a)
    expect(a).toContain('0')
    expect(a).toContain('500')
    expect(await outcomes(8)).not.toEqual(a)
  })

  it('refuses rates outside 0..1 and negative latency', async () => {
    sb = await sandbox()
    expect(() => sb.setFaults({ failureRate: 1.5 })).toThrow(RangeError)
    expect(() => sb.setFaults({ dropRate: -0.1 })).toThrow(RangeError)
    expect(() => sb.setFaults({ latencyMs: -1 })).toThrow(RangeError)
    await expect(sandbox({ failureRate: 2 })).rejects.toThrow(RangeError)
  })

  it('resetStats starts the counters again', async () => {
    sb = await sandbox()
    const c = await Client.connect(sb.url)
    await c.ok('getShellNums', { body: { size: 2 } })
    expect(sb.stats().creates.applied.getShellNums?.['2']).toBe(1)
    sb.resetStats()
    expect(sb.stats()).toMatchObject({ requests: 0, byOperation: {}, tokenRequests: 0 })
  })
})
