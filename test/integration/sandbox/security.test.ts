// Security as the spec states it: bearer app tokens with the group's scope, the member group's clientToken and
// userToken (60000, 60005), and g_nonce required and refused when replayed within the window (13004 / 70001).
import { Agent, request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { Client, DEMO_ENTERPRISE, appToken, expectError, expectSuccess, nonce, sandbox, userToken } from './helpers'

let sb: SandboxHandle
let c: Client
beforeAll(async () => {
  sb = await sandbox({ nonceWindowMs: 60_000, tokenTtlSeconds: 3600 })
  c = await Client.connect(sb.url)
})
afterAll(() => sb.close())

const query = { channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', defaultCustomer: 'Y' }
const members = { path: { enterpriseGlobalId: DEMO_ENTERPRISE }, query: { pageNum: 1, pageSize: 10 } }

describe('order group authentication (60000)', () => {
  it('accepts the order app token', async () => {
    expectSuccess('queryEnterprise', await c.call('queryEnterprise', { query }))
  })

  it.each([
    ['no Authorization', undefined],
    ['not a bearer token', 'Basic abc'],
    ['an unknown token', 'Bearer not-a-token'],
  ])('refuses %s', async (_, authorization) => {
    expectError(await c.call('queryEnterprise', { query, headers: { authorization } }), '60000')
  })

  it('refuses a token without the auth_order scope (member app, no-scope app)', async () => {
    const noScope = await appToken(sb.url, SANDBOX_DEMO.noScopeApp)
    for (const t of [c.clientToken, noScope]) {
      expectError(await c.call('lockAssets', { body: { assetNums: ['8100000001'], operatorIdentity: 'x' }, headers: { authorization: `Bearer ${t}` } }), '60000')
    }
  })

  it('refuses a user token in place of the application token', async () => {
    expectError(await c.call('queryEnterprise', { query, headers: { authorization: `Bearer ${c.userTok}` } }), '60000')
  })

  it('refuses an expired token and accepts a new one', async () => {
    const local = await sandbox({ tokenTtlSeconds: 60 })
    try {
      const lc = await Client.connect(local.url)
      expectSuccess('queryEnterprise', await lc.call('queryEnterprise', { query }))
      local.advanceClock(61_000)
      expectError(await lc.call('queryEnterprise', { query }), '60000')
      const fresh = await appToken(local.url, SANDBOX_DEMO.orderApp)
      expectSuccess('queryEnterprise', await lc.call('queryEnterprise', { query, headers: { authorization: `Bearer ${fresh}` } }))
    } finally {
      await local.close()
    }
  })

  it('refuses every token after revokeTokens', async () => {
    const local = await sandbox()
    try {
      const lc = await Client.connect(local.url)
      local.revokeTokens()
      expectError(await lc.call('getShellNums', { body: { size: 1 } }), '60000')
      expectError(await lc.call('listMembers', members), '60000')
    } finally {
      await local.close()
    }
  })
})

describe('member group authentication (60000, 60005)', () => {
  it('accepts Authorization + clientToken + userToken (bare, or with a "Bearer " prefix)', async () => {
    expectSuccess('listMembers', await c.call('listMembers', members))
    expectSuccess('listMembers', await c.call('listMembers', { ...members, headers: { clienttoken: `Bearer ${c.clientToken}`, usertoken: `Bearer ${c.userTok}` } }))
  })

  it('60000 without Authorization, with a wrong one, without clientToken, with a bad clientToken', async () => {
    expectError(await c.call('listMembers', { ...members, headers: { authorization: undefined } }), '60000')
    expectError(await c.call('listMembers', { ...members, headers: { authorization: 'Bearer nope' } }), '60000')
    expectError(await c.call('listMembers', { ...members, headers: { clienttoken: undefined } }), '60000')
    expectError(await c.call('listMembers', { ...members, headers: { clienttoken: 'nope' } }), '60000')
  })

  it('60000 with tokens lacking auth_me (order app, no-scope app)', async () => {
    const noScope = await appToken(sb.url, SANDBOX_DEMO.noScopeApp)
    for (const t of [c.orderToken, noScope]) {
      expectError(await c.call('listMembers', { ...members, headers: { authorization: `Bearer ${t}`, clienttoken: t } }), '60000')
    }
  })

  it('60005 without userToken, with an unknown one, or with an app token as userToken', async () => {
    expectError(await c.call('listMembers', { ...members, headers: { usertoken: undefined } }), '60005')
    expectError(await c.call('listMembers', { ...members, headers: { usertoken: 'nope' } }), '60005')
    expectError(await c.call('listMembers', { ...members, headers: { usertoken: c.clientToken } }), '60005')
  })

  it('60005 when the user token expired (and 60000 for the expired app token first)', async () => {
    const local = await sandbox({ tokenTtlSeconds: 60 })
    try {
      const lc = await Client.connect(local.url)
      local.advanceClock(61_000)
      const freshApp = await appToken(local.url, SANDBOX_DEMO.memberApp)
      expectError(await lc.call('listMembers', members), '60000')
      expectError(await lc.call('listMembers', { ...members, headers: { authorization: `Bearer ${freshApp}`, clienttoken: freshApp } }), '60005')
      const freshUser = await userToken(local.url)
      expectSuccess('listMembers', await lc.call('listMembers', { ...members, headers: { authorization: `Bearer ${freshApp}`, clienttoken: freshApp, usertoken: freshUser } }))
    } finally {
      await local.close()
    }
  })

  it("60000 for another enterprise's id: the user token ties the member group to the admin's enterprise", async () => {
    expectError(await c.call('listMembers', { ...members, path: { enterpriseGlobalId: sb.demo.otherEnterpriseGlobalId } }), '60000')
    expectError(await c.call('listAssetNums', { path: { enterpriseGlobalId: 'E999999999999999' } }), '60000')
  })
})

describe('g_nonce', () => {
  it('is required: 13004 in the order group, 70001 in the member group', async () => {
    const o = await c.call('getShellNums', { body: { size: 1 }, nonce: null })
    expectError(o, '13004')
    expect(o.body['message']).toContain('g_nonce')
    expectError(await c.call('getShellNums', { body: { size: 1 }, nonce: '' }), '13004')
    expectError(await c.call('listMembers', { ...members, nonce: null }), '70001')
  })

  it('is refused when replayed, in either group, and nothing happens the second time', async () => {
    const n = nonce()
    const first = await c.ok<string[]>('getShellNums', { body: { size: 1 }, nonce: n })
    const replay = await c.call('getShellNums', { body: { size: 1 }, nonce: n })
    expectError(replay, '13004')
    const next = await c.ok<string[]>('getShellNums', { body: { size: 1 } })
    // The replay handed out nothing: the next number follows the first directly.
    expect(Number(next[0]) - Number(first[0])).toBe(1)
    const m = nonce()
    expectSuccess('listMembers', await c.call('listMembers', { ...members, nonce: m }))
    expectError(await c.call('listMembers', { ...members, nonce: m }), '70001')
    // One window for both groups.
    expectError(await c.call('queryEnterprise', { query, nonce: m }), '13004')
  })

  it('is accepted again once the window has passed', async () => {
    const n = nonce()
    expectSuccess('queryEnterprise', await c.call('queryEnterprise', { query, nonce: n }))
    sb.advanceClock(61_000)
    expectSuccess('queryEnterprise', await c.call('queryEnterprise', { query, nonce: n }))
  })

  it('is refused when longer than 128 characters', async () => {
    expectError(await c.call('queryEnterprise', { query, nonce: 'x'.repeat(129) }), '13004')
    expectError(await c.call('listMembers', { ...members, nonce: 'x'.repeat(129) }), '70001')
  })

  it('is not used up by a request that fails authentication', async () => {
    const n = nonce()
    expectError(await c.call('queryEnterprise', { query, nonce: n, headers: { authorization: 'Bearer nope' } }), '60000')
    expectSuccess('queryEnterprise', await c.call('queryEnterprise', { query, nonce: n }))
  })

  it('memory stays bounded: the oldest nonces are forgotten past nonceMaxEntries', async () => {
    const local = await sandbox({ nonceMaxEntries: 3 })
    try {
      const lc = await Client.connect(local.url)
      const first = nonce()
      expectSuccess('queryEnterprise', await lc.call('queryEnterprise', { query, nonce: first }))
      expectError(await lc.call('queryEnterprise', { query, nonce: first }), '13004')
      for (let i = 0; i < 3; i++) expectSuccess('queryEnterprise', await lc.call('queryEnterprise', { query }))
      expectSuccess('queryEnterprise', await lc.call('queryEnterprise', { query, nonce: first }))
    } finally {
      await local.close()
    }
  })
})

describe('unknown paths and methods', () => {
  it('answers 404 for an unknown path and 405 with Allow for a wrong method', async () => {
    const a = await fetch(`${sb.url}/order/api/order/v1/nothing?g_nonce=${nonce()}`)
    expect(a.status).toBe(404)
    const b = await fetch(`${sb.url}/order/api/order/v1/asset/lock?g_nonce=${nonce()}`)
    expect(b.status).toBe(405)
    expect(b.headers.get('allow')).toBe('POST')
  })

  it('answers 413 with an envelope for a body over 8 MiB, declared or streamed, and keeps the connection usable', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const post = (path: string, body: Buffer, chunked: boolean) =>
      new Promise<{ status: number; json: Record<string, unknown>; reused: boolean }>((resolve, reject) => {
        const headers: Record<string, string | number> = { 'content-type': chunked ? 'application/json' : 'application/x-www-form-urlencoded' }
        if (!chunked) headers['content-length'] = body.length
        const req = request(`${sb.url}${path}`, { method: 'POST', agent, headers }, (res) => {
          let text = ''
          res.setEncoding('utf8').on('data', (s: string) => (text += s))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown>, reused: req.reusedSocket }))
        })
        req.on('error', reject)
        if (chunked) {
          // Streamed in pieces without a Content-Length: counted as it arrives.
          for (let i = 0; i < body.length; i += 1024 * 1024) req.write(body.subarray(i, i + 1024 * 1024))
          req.end()
        } else req.end(body)
      })
    try {
      const big = Buffer.alloc(9 * 1024 * 1024, 0x20)
      const declared = await post(`/order/api/order/v1/asset/lock?g_nonce=${nonce()}`, big, false)
      expect(declared.status).toBe(413)
      expect(declared.json).toMatchObject({ code: '413', message: 'The request body is too large.' })
      const streamed = await post(`/order/api/order/v1/asset/lock?g_nonce=${nonce()}`, big, true)
      expect(streamed).toMatchObject({ status: 413, reused: true, json: { code: '413' } })
      const token = await post(SANDBOX_DEMO.tokenPath, Buffer.alloc(65 * 1024, 0x61), false)
      expect(token).toMatchObject({ status: 413, reused: true, json: { error: 'invalid_request' } })
    } finally {
      agent.destroy()
    }
  })

  it('uses the request language for messages (Accept-Language zh-CN)', async () => {
    const r = await c.call('getShellNums', { body: { size: 0 }, locale: 'zh-CN,zh;q=0.9' })
    expectError(r, '13004')
    expect(r.body['message']).toMatch(/size 必须在 1 到 1000 之间/)
    expect(r.body['cause']).toMatch(/size must be between 1 and 1000/)
  })
})
