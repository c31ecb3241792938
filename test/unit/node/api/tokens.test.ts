import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import type { SecretName } from '@shared/ipc/channels/profiles'
import type { ConnectionConfig } from '../../../../src/main/api/connection'
import { TokenManager, type TokenIssuer } from '../../../../src/main/api/tokens'

function config(secrets: Partial<Record<SecretName, string>>, fields: Partial<ConnectionConfig> = {}): ConnectionConfig {
  return {
    profileId: 'p1',
    baseUrl: 'http://x',
    tokenUrl: 'http://x/oauth/token',
    orderAppKey: 'ok',
    memberAppKey: 'mk',
    userLogin: 'alice',
    operatorIdentity: 'op',
    getSecret: async (n) => secrets[n] ?? null,
    ...fields,
  }
}

function countingIssuer(delayMs = 10): { issuer: TokenIssuer; forms: Record<string, string>[] } {
  const forms: Record<string, string>[] = []
  const issuer: TokenIssuer = async (form) => {
    forms.push(form)
    await new Promise((r) => setTimeout(r, delayMs))
    return { access_token: `T${forms.length}`, expires_in: 3600 }
  }
  return { issuer, forms }
}

describe('TokenManager', () => {
  it('single-flight: 50 concurrent callers cause one token request', async () => {
    const { issuer, forms } = countingIssuer()
    const tm = new TokenManager(config({ orderAppSecret: 's' }), issuer)
    const got = await Promise.all(Array.from({ length: 50 }, () => tm.get('order')))
    expect(forms).toHaveLength(1)
    expect(new Set(got.map((g) => g.token))).toEqual(new Set(['T1']))
    expect(forms[0]).toMatchObject({ grant_type: 'client_credentials', client_id: 'ok', client_secret: 's', scope: 'auth_order' })
  })

  it('uses the password grant for the user token', async () => {
    const { issuer, forms } = countingIssuer(0)
    const tm = new TokenManager(config({ memberAppSecret: 'ms', userPassword: 'pw' }), issuer)
    await tm.get('memberUser')
    expect(forms[0]).toMatchObject({ grant_type: 'password', username: 'alice', password: 'pw', client_id: 'mk', scope: 'auth_me' })
  })

  it('re-issues after expiry (minus the safety margin) and after invalidation, once for many failures', async () => {
    let now = 1_000_000
    const { issuer, forms } = countingIssuer(0)
    const tm = new TokenManager(config({ orderAppSecret: 's' }), issuer, () => now)
    const a = await tm.get('order')
    now += 3600_000 - 59_000 // inside the 60 s margin
    const b = await tm.get('order')
    expect(b.token).not.toBe(a.token)
    // 10 calls fail with the same token: only the first invalidation drops it.
    for (let i = 0; i < 10; i++) expect(tm.invalidate('order', b.token)).toBe(true)
    const c = await Promise.all([tm.get('order'), tm.get('order')])
    expect(forms).toHaveLength(3)
    expect(c[0].token).toBe(c[1].token)
    expect(tm.invalidate('order', 'an old token')).toBe(true)
    expect((await tm.get('order')).token).toBe(c[0].token)
  })

  it('uses a pasted token when there are no credentials, and refuses to re-issue it', async () => {
    const { issuer, forms } = countingIssuer(0)
    const tm = new TokenManager(config({ orderAccessToken: 'PASTED' }), issuer)
    const h = await tm.get('order')
    expect(h).toMatchObject({ token: 'PASTED', source: 'pasted' })
    expect(tm.invalidate('order', 'PASTED')).toBe(false)
    expect(forms).toHaveLength(0)
  })

  it('names the missing secret', async () => {
    const tm = new TokenManager(config({ memberAppSecret: 'ms' }), countingIssuer().issuer)
    const e = await tm.get('memberUser').catch((x: unknown) => x)
    expect(e).toBeInstanceOf(AppError)
    expect((e as AppError).code).toBe('app.missingSecret')
    expect((e as AppError).params['secret']).toBe('userPassword')
  })

  it('a failed issue is not cached, and one caller cancelling does not fail the others', async () => {
    let n = 0
    const issuer: TokenIssuer = async () => {
      n++
      await new Promise((r) => setTimeout(r, 20))
      if (n === 1) throw AppError.app('app.tokenRequest', { detail: 'boom' })
      return { access_token: 'OK' }
    }
    const tm = new TokenManager(config({ orderAppSecret: 's' }), issuer)
    await expect(tm.get('order')).rejects.toMatchObject({ code: 'app.tokenRequest' })
    const ac = new AbortController()
    const cancelled = tm.get('order', ac.signal)
    const other = tm.get('order')
    ac.abort()
    await expect(cancelled).rejects.toMatchObject({ code: 'app.cancelled' })
    await expect(other).resolves.toMatchObject({ token: 'OK' })
    expect(n).toBe(2)
  })
})
