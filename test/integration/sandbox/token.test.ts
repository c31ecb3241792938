// The token endpoint (POST /oauth/token): both grants, client authentication in the body or with Basic, and
// every RFC 6749 error a client can provoke.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { SandboxHandle } from '../../../src/sandbox/index'
import { DEMO_PASSWORD, sandbox, tokenRequest } from './helpers'

let sb: SandboxHandle
beforeAll(async () => {
  sb = await sandbox({ tokenTtlSeconds: 600 })
})
afterAll(() => sb.close())

const order = SANDBOX_DEMO.orderApp
const member = SANDBOX_DEMO.memberApp

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`
}

describe('token endpoint: success', () => {
  it('client_credentials with credentials in the body', async () => {
    const r = await tokenRequest(sb.url, { grant_type: 'client_credentials', client_id: order.clientId, client_secret: order.clientSecret })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ token_type: 'bearer', expires_in: 600, scope: 'auth_order' })
    expect(typeof r.body['access_token']).toBe('string')
    expect((r.body['access_token'] as string).length).toBeGreaterThanOrEqual(20)
    expect(r.headers.get('cache-control')).toBe('no-store')
  })

  it('client_credentials with HTTP Basic', async () => {
    const r = await tokenRequest(sb.url, { grant_type: 'client_credentials' }, { headers: { authorization: basic(member.clientId, member.clientSecret) } })
    expect(r.status).toBe(200)
    expect(r.body['scope']).toBe('auth_me')
  })

  it('password grant for the demo admin', async () => {
    const r = await tokenRequest(sb.url, {
      grant_type: 'password',
      client_id: member.clientId,
      client_secret: member.clientSecret,
      username: SANDBOX_DEMO.user.username,
      password: DEMO_PASSWORD,
    })
    expect(r.status).toBe(200)
    expect(r.body['token_type']).toBe('bearer')
  })

  it('two tokens are different', async () => {
    const form = { grant_type: 'client_credentials', client_id: order.clientId, client_secret: order.clientSecret }
    const [a, b] = await Promise.all([tokenRequest(sb.url, form), tokenRequest(sb.url, form)])
    expect(a.body['access_token']).not.toBe(b.body['access_token'])
  })

  it('a requested approved scope is granted; the no-scope app gets a token with no scope', async () => {
    const r = await tokenRequest(sb.url, { grant_type: 'client_credentials', client_id: order.clientId, client_secret: order.clientSecret, scope: 'auth_order' })
    expect(r.body['scope']).toBe('auth_order')
    const n = await tokenRequest(sb.url, { grant_type: 'client_credentials', client_id: SANDBOX_DEMO.noScopeApp.clientId, client_secret: SANDBOX_DEMO.noScopeApp.clientSecret })
    expect(n.status).toBe(200)
    expect(n.body['scope']).toBe('')
  })
})

describe('token endpoint: RFC 6749 errors', () => {
  const good = { client_id: order.clientId, client_secret: order.clientSecret }

  it('invalid_request: no grant_type', async () => {
    const r = await tokenRequest(sb.url, good)
    expect(r.status).toBe(400)
    expect(r.body['error']).toBe('invalid_request')
    expect(typeof r.body['error_description']).toBe('string')
  })

  it('invalid_request: not form-encoded', async () => {
    const res = await fetch(`${sb.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', ...good }) })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request')
  })

  it('invalid_request: a repeated parameter', async () => {
    const res = await fetch(`${sb.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&grant_type=password&client_id=${order.clientId}&client_secret=${order.clientSecret}`,
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request')
  })

  it('invalid_request: two client authentication methods at once', async () => {
    const r = await tokenRequest(sb.url, { grant_type: 'client_credentials', ...good }, { headers: { authorization: basic(order.clientId, order.clientSecret) } })
    expect(r.status).toBe(400)
    expect(r.body['error']).toBe('invalid_request')
  })

  it('invalid_request: password grant without username or password', async () => {
    const r = await tokenRequest(sb.url, { grant_type: 'password', client_id: member.clientId, client_secret: member.clientSecret, username: 'demoadmin' })
    expect(r.status).toBe(400)
    expect(r.body['error']).toBe('invalid_request')
  })

  it('invalid_client: unknown client, wrong secret, no credentials (401 with a challenge)', async () => {
    const forms: Record<string, string>[] = [
      { grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x' },
      { grant_type: 'client_credentials', client_id: order.clientId, client_secret: 'wrong' },
      { grant_type: 'client_credentials' },
    ]
    for (const form of forms) {
      const r = await tokenRequest(sb.url, form)
      expect(r.status).toBe(401)
      expect(r.body['error']).toBe('invalid_client')
      expect(r.headers.get('www-authenticate')).toMatch(/^Basic/)
    }
    const viaBasic = await tokenRequest(sb.url, { grant_type: 'client_credentials' }, { headers: { authorization: basic(order.clientId, 'nope') } })
    expect(viaBasic.status).toBe(401)
    expect(viaBasic.body['error']).toBe('invalid_client')
  })

  it('unsupported_grant_type', async () => {
    const r = await tokenRequest(sb.url, { grant_type: 'authorization_code', ...good })
    expect(r.status).toBe(400)
    expect(r.body['error']).toBe('unsupported_grant_type')
  })

  it('invalid_scope: a scope the client is not approved for', async () => {
    const r = await tokenRequest(sb.url, { grant_type: 'client_credentials', ...good, scope: 'auth_me' })
    expect(r.status).toBe(400)
    expect(r.body['error']).toBe('invalid_scope')
  })

  it('invalid_grant: wrong password or unknown user', async () => {
    for (const [username, password] of [
      ['demoadmin', 'wrong-password'],
      ['nobody', DEMO_PASSWORD],
    ]) {
      const r = await tokenRequest(sb.url, { grant_type: 'password', client_id: member.clientId, client_secret: member.clientSecret, username: username as string, password: password as string })
      expect(r.status).toBe(400)
      expect(r.body['error']).toBe('invalid_grant')
    }
  })

  it('GET is not allowed', async () => {
    const res = await fetch(`${sb.url}/oauth/token`)
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST')
  })
})
