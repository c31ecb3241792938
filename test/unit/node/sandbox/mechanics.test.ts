// Sandbox internals that the HTTP tests reach only indirectly: the g_nonce window, routing of the 19
// operations, fault decisions, and the determinism and size of the demo data.
import { describe, expect, it } from 'vitest'
import { GROUP_PREFIX, OPERATIONS, OPERATION_IDS, fillPath, pathParamNames } from '@shared/api/operations'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { Clock } from '../../../../src/sandbox/clock'
import { FaultInjector } from '../../../../src/sandbox/faults'
import { NonceWindow } from '../../../../src/sandbox/nonce'
import { Router } from '../../../../src/sandbox/routes'
import { DEMO_ASSETS, buildDemoState } from '../../../../src/sandbox/state/demo'

describe('NonceWindow', () => {
  it('refuses a replay within the window and accepts it after', () => {
    const clock = new Clock(() => 1_000_000)
    const w = new NonceWindow(clock, 1000, 100)
    expect(w.use('a')).toBe(true)
    expect(w.use('a')).toBe(false)
    clock.advance(999)
    expect(w.use('a')).toBe(false)
    clock.advance(2)
    expect(w.use('a')).toBe(true)
  })

  it('forgets expired nonces and holds at most maxEntries', () => {
    const clock = new Clock(() => 1_000_000)
    const w = new NonceWindow(clock, 1000, 3)
    for (const n of ['a', 'b', 'c', 'd']) w.use(n)
    expect(w.size).toBe(3)
    expect(w.use('a')).toBe(true)
    clock.advance(1001)
    w.use('e')
    expect(w.size).toBe(1)
  })
})

describe('Router', () => {
  const router = new Router()
  it.each(OPERATION_IDS)('routes %s with its path parameters', (id) => {
    const def = OPERATIONS[id]
    const params = Object.fromEntries(pathParamNames(def.path).map((n) => [n, `v/${n} x`]))
    const path = GROUP_PREFIX[def.group] + fillPath(def.path, params)
    expect(router.match(def.method, path)).toEqual({ kind: 'operation', id, params })
  })

  it('prefers literal segments and reports wrong methods', () => {
    expect(router.match('POST', '/me/api/v1/enterprise/member/M1/privileges')).toMatchObject({ id: 'configureAssets' })
    expect(router.match('GET', '/me/api/v1/enterprise/asset/A1/merchandiseProducts')).toMatchObject({ id: 'listAssetProducts' })
    expect(router.match('GET', '/order/api/order/v1/asset/lock')).toEqual({ kind: 'wrongMethod', allow: ['POST'] })
    expect(router.match('GET', '/order/api/order/v1/nothing')).toEqual({ kind: 'none' })
  })
})

describe('FaultInjector', () => {
  it('decides the same for the same seed, and consumes queued faults first', () => {
    const seq = (seed: number) => {
      const f = new FaultInjector(seed, { failureRate: 0.3, dropRate: 0.1, dropAfterWorkRate: 0.1 })
      return Array.from({ length: 50 }, () => f.decide('lockAssets'))
    }
    expect(seq(3)).toEqual(seq(3))
    expect(new Set(seq(3))).toEqual(new Set([null, 'fail500', 'drop', 'dropAfterWork']))
    const f = new FaultInjector(1)
    f.enqueue({ kind: 'drop', operation: 'addMembers', times: 2 })
    expect(f.decide('lockAssets')).toBeNull()
    expect(f.decide('addMembers')).toBe('drop')
    expect(f.decide('addMembers')).toBe('drop')
    expect(f.decide('addMembers')).toBeNull()
  })
})

describe('demo data', () => {
  it('is the same for the same seed; fixed ids and numbers do not depend on the seed', () => {
    expect(JSON.stringify(buildDemoState(1, 1).toData())).toBe(JSON.stringify(buildDemoState(1, 1).toData()))
    const a = buildDemoState(1, 1)
    const b = buildDemoState(2, 1)
    expect(JSON.stringify(a.toData())).not.toBe(JSON.stringify(b.toData()))
    for (const s of [a, b]) {
      const c = s.customerByChannel(SANDBOX_DEMO.channelCode, SANDBOX_DEMO.channelCustomerId)
      expect(c?.enterpriseGlobalId).toBe(SANDBOX_DEMO.enterpriseGlobalId)
      for (const n of [...DEMO_ASSETS.refillable, ...DEMO_ASSETS.cloudAccounts, DEMO_ASSETS.lentBorrowedLock]) expect(s.assetByNum(n)).toBeDefined()
      expect(s.employeeByUserName(SANDBOX_DEMO.enterpriseGlobalId, 'zhangsan')?.name).toBe('张三')
    }
  })

  it('scales the demo enterprise: 25 x scale employees, 100 x scale assets', () => {
    const s = buildDemoState(1, 8)
    expect(s.employeesOf(SANDBOX_DEMO.enterpriseGlobalId)).toHaveLength(200)
    expect(s.assetsOfEnterprise(SANDBOX_DEMO.enterpriseGlobalId)).toHaveLength(800)
    const one = buildDemoState(1, 1)
    expect(one.employeesOf(SANDBOX_DEMO.enterpriseGlobalId).length).toBeGreaterThanOrEqual(20)
  })
})
