/**
 * The browser-mode access key: the core prints `http://127.0.0.1:PORT/#token=TOKEN`; the page takes the token from
 * the hash, keeps it in sessionStorage so a reload still works, and removes it from the address bar. A token
 * given later (the user pastes the newly printed address into a tab that is already open: only the hash changes,
 * so the page is not loaded again) replaces the kept one, and the page starts again with it. An address the core
 * opened itself (`--open`) carries a one-time `#code=…` instead, which the page exchanges once for the token
 * (`POST /api/session`) before anything else runs.
 */

/** sessionStorage key of the token. */
export const TOKEN_STORAGE_KEY = 'ld.token'

/** The bits of `window` token handling touches (injectable for tests). */
export interface TokenEnv {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>
  history: Pick<History, 'replaceState' | 'state'>
  storage: Pick<Storage, 'getItem' | 'setItem'>
}

/** Reads `token` from a `#token=...` hash (also accepts it among other hash parameters). */
export function tokenFromHash(hash: string): string | null {
  // '#/token=…' too: the router may have put its slash in front before we look.
  const raw = hash.replace(/^#?\/?/, '')
  if (!raw.includes('token=')) return null
  const value = new URLSearchParams(raw).get('token')
  return value && value.trim() !== '' ? value.trim() : null
}

/**
 * Takes the token from the hash when there is one (storing it and clearing the hash), else the stored one.
 * Must run before the router reads the hash.
 */
export function takeToken(env: TokenEnv): string | null {
  const fromHash = tokenFromHash(env.location.hash)
  if (fromHash) {
    try {
      env.storage.setItem(TOKEN_STORAGE_KEY, fromHash)
    } catch {
      // Storage can be disabled; the token still works for this page's lifetime.
    }
    env.history.replaceState(env.history.state, '', env.location.pathname + env.location.search)
    return fromHash
  }
  try {
    return env.storage.getItem(TOKEN_STORAGE_KEY)
  } catch {
    return null
  }
}

/** The bits of `window` following the address needs. */
export interface TokenWatchEnv extends TokenEnv {
  addEventListener(type: 'hashchange' | 'popstate', listener: () => void): void
}

/**
 * Calls `onNewToken` whenever the address is given a token after the page has loaded (stored and removed from the
 * address first, as at start). Listens to popstate as well as hashchange, and must be set up before the router:
 * the router rewrites the hash on popstate, which comes first.
 */
export function watchForNewToken(env: TokenWatchEnv, onNewToken: (token: string) => void): void {
  const check = (): void => {
    if (tokenFromHash(env.location.hash) === null) return
    const token = takeToken(env)
    if (token) onNewToken(token)
  }
  env.addEventListener('popstate', check)
  env.addEventListener('hashchange', check)
}

/** Reads `code` from a `#code=...` hash (an address the core opened with a one-time code). */
export function codeFromHash(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash
  if (!raw.includes('code=')) return null
  const value = new URLSearchParams(raw).get('code')
  return value && value.trim() !== '' ? value.trim() : null
}

/**
 * Exchanges a one-time `#code=` of the address for the token and keeps it as `takeToken` would (the code is spent
 * either way and leaves the address bar). Does nothing without a code. Resolves once the token is stored, or
 * refused (then the page shows how to get in, as without a token).
 */
export async function redeemOpenCode(env: TokenEnv, fetchFn: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<void> {
  const code = codeFromHash(env.location.hash)
  if (!code) return
  env.history.replaceState(env.history.state, '', env.location.pathname + env.location.search)
  try {
    const res = await fetchFn('/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
      cache: 'no-store',
    })
    if (!res.ok) return
    const body = (await res.json()) as { token?: unknown }
    if (typeof body.token === 'string' && body.token !== '') env.storage.setItem(TOKEN_STORAGE_KEY, body.token)
  } catch {
    // The core is gone or storage is off: the page says how to get in.
  }
}
