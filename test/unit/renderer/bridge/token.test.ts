import { describe, expect, it, vi } from 'vitest'
import { codeFromHash, redeemOpenCode, takeToken, tokenFromHash, TOKEN_STORAGE_KEY, watchForNewToken, type TokenEnv } from '../../../../src/renderer/bridge/token'

function env(hash: string, stored: string | null = null) {
  const store = new Map<string, string>()
  if (stored !== null) store.set(TOKEN_STORAGE_KEY, stored)
  const replaceState = vi.fn()
  const e: TokenEnv = {
    location: { hash, pathname: '/', search: '' },
    history: { replaceState, state: null },
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
  }
  return { e, store, replaceState }
}

describe('tokenFromHash', () => {
  it('reads the token parameter of the hash', () => {
    expect(tokenFromHash('#token=abc-DEF_123')).toBe('abc-DEF_123')
    expect(tokenFromHash('#x=1&token=t0k')).toBe('t0k')
    // As the router leaves it when it saw the hash first.
    expect(tokenFromHash('#/token=abc')).toBe('abc')
  })
  it('returns null for router hashes and empty tokens', () => {
    expect(tokenFromHash('#/settings')).toBeNull()
    expect(tokenFromHash('')).toBeNull()
    expect(tokenFromHash('#token=')).toBeNull()
  })
})

describe('takeToken', () => {
  it('stores the token from the hash and removes the hash from the address', () => {
    const { e, store, replaceState } = env('#token=fresh', 'old')
    expect(takeToken(e)).toBe('fresh')
    expect(store.get(TOKEN_STORAGE_KEY)).toBe('fresh')
    expect(replaceState).toHaveBeenCalledWith(null, '', '/')
  })
  it('falls back to the stored token on reload, leaving the address alone', () => {
    const { e, replaceState } = env('#/orders', 'kept')
    expect(takeToken(e)).toBe('kept')
    expect(replaceState).not.toHaveBeenCalled()
  })
  it('returns null when there is no token anywhere', () => {
    expect(takeToken(env('').e)).toBeNull()
  })
  it('still returns the hash token when storage throws', () => {
    const { e } = env('#token=t')
    e.storage.setItem = () => {
      throw new Error('disabled')
    }
    expect(takeToken(e)).toBe('t')
  })
})

describe('watchForNewToken', () => {
  it('takes a token pasted into the address of an open page (a hash change only), and ignores router hashes', () => {
    const { e, store, replaceState } = env('', 'stale')
    let onHash: () => void = () => {}
    const types: string[] = []
    const taken: string[] = []
    watchForNewToken({ ...e, addEventListener: (type, l) => void (types.push(type), (onHash = l)) }, (t) => taken.push(t))
    expect(types.sort()).toEqual(['hashchange', 'popstate'])
    ;(e.location as { hash: string }).hash = '#/locks'
    onHash()
    expect(taken).toEqual([])
    ;(e.location as { hash: string }).hash = '#token=fresh'
    onHash()
    expect(taken).toEqual(['fresh'])
    expect(store.get(TOKEN_STORAGE_KEY)).toBe('fresh')
    expect(replaceState).toHaveBeenCalled()
  })
})

describe('redeemOpenCode', () => {
  const ok = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }))

  it('exchanges a one-time #code= for the token, stores it and clears the address', async () => {
    const { e, store, replaceState } = env('#code=once')
    const fetchFn = ok({ token: 'T0K' })
    await redeemOpenCode(e, fetchFn as unknown as typeof fetch)
    expect(fetchFn).toHaveBeenCalledWith('/api/session', expect.objectContaining({ method: 'POST', body: JSON.stringify({ code: 'once' }) }))
    expect(store.get(TOKEN_STORAGE_KEY)).toBe('T0K')
    expect(replaceState).toHaveBeenCalledWith(null, '', '/')
    // takeToken then finds it, as after a reload.
    expect(takeToken({ ...e, location: { hash: '', pathname: '/', search: '' } })).toBe('T0K')
  })

  it('a refused code stores nothing (the page then says how to get in) and still leaves the address', async () => {
    const { e, store, replaceState } = env('#code=spent', 'old-from-another-launch')
    await redeemOpenCode(e, ok({ ok: false }, 401) as unknown as typeof fetch)
    expect(store.get(TOKEN_STORAGE_KEY)).toBe('old-from-another-launch')
    expect(replaceState).toHaveBeenCalled()
  })

  it('does nothing without a code, and survives a core that is gone', async () => {
    const fetchFn = vi.fn()
    await redeemOpenCode(env('#/settings').e, fetchFn as unknown as typeof fetch)
    expect(fetchFn).not.toHaveBeenCalled()
    const failing = vi.fn(async () => {
      throw new TypeError('fetch failed')
    })
    await expect(redeemOpenCode(env('#code=x').e, failing as unknown as typeof fetch)).resolves.toBeUndefined()
    expect(codeFromHash('#code=abc&x=1')).toBe('abc')
    expect(codeFromHash('#token=abc')).toBeNull()
  })
})
