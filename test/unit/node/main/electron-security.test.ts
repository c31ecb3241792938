/**
 * The Electron shell's security settings, checked without the Electron binary (the Electron e2e cannot run on
 * every machine): the window's webPreferences, permissions, the CSP header, navigation, window-open and
 * <webview> rules, and the fuses electron-builder.yml sets.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import {
  APP_SCHEME_PRIVILEGES,
  appUrlMatcher,
  devicePermissionHandler,
  hardenContents,
  mainWindowOptions,
  permissionCheckHandler,
  permissionRequestHandler,
  REQUIRED_FUSES,
  secureWebPreferences,
  withCspHeader,
  type HardenableContents,
} from '../../../../src/main/electron-security'
import { CONTENT_SECURITY_POLICY } from '../../../../src/main/ipc/security'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const isAppUrl = appUrlMatcher()

describe('the window', () => {
  it('is sandboxed and isolated, with no Node anywhere, web security on, nothing insecure or experimental, no webview', () => {
    const prefs = mainWindowOptions('/app/out/preload/index.cjs').webPreferences!
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    })
    expect(prefs.enableBlinkFeatures).toBeUndefined()
    expect(prefs.additionalArguments).toBeUndefined()
    expect(secureWebPreferences('x')).toEqual({ ...prefs, preload: 'x' })
  })

  it('loads from app:// (standard, secure), and knows only that origin (and the dev server when given) as ours', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } })
    expect(isAppUrl('app://license-desk/index.html')).toBe(true)
    for (const url of ['app://other/index.html', 'file:///index.html', 'https://license-desk/', 'http://localhost:5173/', 'not a url']) expect(isAppUrl(url), url).toBe(false)
    const dev = appUrlMatcher('http://localhost:5173')
    expect(dev('http://localhost:5173/#/locks')).toBe(true)
    expect(dev('http://localhost:5174/')).toBe(false)
  })
})

describe('the session', () => {
  it('denies every permission but the clipboard write from our own page, and every device', () => {
    const request = permissionRequestHandler(isAppUrl)
    const ask = (permission: string, url: string) => {
      const cb = vi.fn()
      request({ getURL: () => url }, permission, cb)
      return cb.mock.calls[0]?.[0] as boolean
    }
    expect(ask('clipboard-sanitized-write', 'app://license-desk/index.html')).toBe(true)
    expect(ask('clipboard-sanitized-write', 'https://evil.example.com/')).toBe(false)
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'hid', 'serial', 'usb', 'fullscreen']) {
      expect(ask(p, 'app://license-desk/index.html'), p).toBe(false)
    }
    const check = permissionCheckHandler(isAppUrl)
    expect(check(null, 'clipboard-sanitized-write', 'app://license-desk')).toBe(true)
    expect(check(null, 'clipboard-sanitized-write', 'https://evil.example.com')).toBe(false)
    expect(check(null, 'media', 'app://license-desk')).toBe(false)
    expect(devicePermissionHandler()).toBe(false)
  })

  it('puts our CSP on every response, replacing any other', () => {
    const out = withCspHeader({ responseHeaders: { 'content-security-policy': ["default-src *; script-src 'unsafe-eval'"], 'X-Other': ['1'] } })
    expect(out.responseHeaders).toEqual({ 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] })
    expect(withCspHeader({}).responseHeaders).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] })
  })
})

/** A stand-in WebContents recording the listeners the rules attach. */
function fakeContents() {
  const listeners = new Map<string, (event: { preventDefault(): void; url?: string }, url?: string) => void>()
  let openHandler: ((d: { url: string }) => { action: 'deny' }) | null = null
  const contents: HardenableContents = {
    on: (name: string, l: (event: { preventDefault(): void; url?: string }, url?: string) => void) => listeners.set(name, l),
    setWindowOpenHandler: (h) => {
      openHandler = h
    },
  }
  const fire = (name: string, url: string, asEventField = false): boolean => {
    const event = { preventDefault: vi.fn(), ...(asEventField ? { url } : {}) }
    listeners.get(name)!(event, asEventField ? undefined : url)
    return event.preventDefault.mock.calls.length > 0
  }
  return { contents, fire, open: (url: string) => openHandler!({ url }), listeners }
}

describe('navigation, new windows and webviews', () => {
  it('keeps navigation (redirects and sub-frames too) inside the app', () => {
    const f = fakeContents()
    const openExternal = vi.fn()
    hardenContents(f.contents, { isAppUrl, openExternal })
    for (const name of ['will-navigate', 'will-redirect']) {
      expect(f.fire(name, 'https://evil.example.com/'), name).toBe(true)
      expect(f.fire(name, 'file:///etc/passwd'), name).toBe(true)
      expect(f.fire(name, 'app://license-desk/index.html'), name).toBe(false)
    }
    expect(f.fire('will-frame-navigate', 'https://evil.example.com/', true)).toBe(true)
    expect(f.fire('will-frame-navigate', 'app://license-desk/index.html', true)).toBe(false)
    expect(f.fire('will-attach-webview', 'app://license-desk/index.html')).toBe(true)
  })

  it('never opens a window; plain https links without credentials go to the system browser', () => {
    const f = fakeContents()
    const openExternal = vi.fn()
    hardenContents(f.contents, { isAppUrl, openExternal })
    for (const url of ['https://docs.example.com/x', 'http://example.com', 'file:///etc/passwd', 'https://u:p@example.com', 'javascript:alert(1)', 'app://license-desk/']) {
      expect(f.open(url), url).toEqual({ action: 'deny' })
    }
    expect(openExternal.mock.calls).toEqual([['https://docs.example.com/x']])
  })
})

describe('fuses', () => {
  /** The `electronFuses:` block of electron-builder.yml as key → boolean (comments and blank lines skipped). */
  function builderFuses(): Record<string, boolean> {
    const lines = readFileSync(`${root}electron-builder.yml`, 'utf8').split('\n')
    const start = lines.findIndex((l) => /^electronFuses:\s*$/.test(l))
    expect(start, 'electron-builder.yml has an electronFuses block').toBeGreaterThanOrEqual(0)
    const out: Record<string, boolean> = {}
    for (const line of lines.slice(start + 1)) {
      if (/^\S/.test(line)) break
      const m = /^\s+([A-Za-z0-9]+):\s*(true|false)\s*(#.*)?$/.exec(line)
      if (m) out[m[1]!] = m[2] === 'true'
    }
    return out
  }

  it('electron-builder.yml flips exactly the fuses the checklist asks for', () => {
    expect(builderFuses()).toEqual(REQUIRED_FUSES)
  })

  it('asks for no Node in the binary, no injection, our archive only, checked', () => {
    expect(REQUIRED_FUSES).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })
})
