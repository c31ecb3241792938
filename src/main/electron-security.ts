/**
 * The Electron shell's security settings as plain data and functions (Electron security checklist): the window's
 * webPreferences, the session's permission handlers and CSP header, navigation, window-open and <webview> rules,
 * our app:// scheme, and the fuses packaging must set. Only Electron's types are imported, so all of it is unit
 * tested without the Electron binary; src/main/electron.ts wires it in.
 */
import type { BrowserWindowConstructorOptions, CustomScheme, OnHeadersReceivedListenerDetails, WebContents, WebPreferences } from 'electron'
import { CONTENT_SECURITY_POLICY, isSafeExternalUrl } from './ipc/security'

/** Our scheme and host: the renderer's origin is `app://license-desk`. */
export const APP_SCHEME = 'app'
export const APP_HOST = 'license-desk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/** app:// as a standard, secure origin (fetch works, code is cached); registered before `ready`. */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
}

/** Whether a URL is our renderer: app://license-desk/…, or (development only) the dev server's origin. */
export function appUrlMatcher(devOrigin?: string): (raw: string) => boolean {
  return (raw) => {
    try {
      const u = new URL(raw)
      if (u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST) return true
      return devOrigin !== undefined && u.origin === devOrigin
    } catch {
      return false
    }
  }
}

/** The renderer's webPreferences: sandboxed, isolated, no Node anywhere, web security on, nothing experimental. */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
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
    safeDialogs: true,
    spellcheck: false,
  }
}

/** The main window's options. */
export function mainWindowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'License Desk',
    webPreferences: secureWebPreferences(preload),
  }
}

/** The one permission the page may have: writing plain text to the clipboard (copy buttons), from our own page. */
export const ALLOWED_PERMISSION = 'clipboard-sanitized-write'

/** session.setPermissionRequestHandler: every request denied but the clipboard write from our page. */
export function permissionRequestHandler(isAppUrl: (url: string) => boolean) {
  return (contents: Pick<WebContents, 'getURL'>, permission: string, callback: (granted: boolean) => void): void => {
    callback(permission === ALLOWED_PERMISSION && isAppUrl(contents.getURL()))
  }
}

/** session.setPermissionCheckHandler: the same rule for checks. */
export function permissionCheckHandler(isAppUrl: (url: string) => boolean) {
  return (_contents: unknown, permission: string, requestingOrigin: string): boolean =>
    permission === ALLOWED_PERMISSION && isAppUrl(requestingOrigin)
}

/** session.setDevicePermissionHandler: no USB, HID or serial device for the page. */
export function devicePermissionHandler(): boolean {
  return false
}

/** webRequest.onHeadersReceived: the CSP as a header on everything the session loads (the dev server too). */
export function withCspHeader(details: Pick<OnHeadersReceivedListenerDetails, 'responseHeaders'>): { responseHeaders: Record<string, string[]> } {
  const headers: Record<string, string[]> = {}
  for (const [k, v] of Object.entries(details.responseHeaders ?? {})) {
    // A CSP the server sent is replaced, never merged: ours is the one that applies.
    if (k.toLowerCase() !== 'content-security-policy') headers[k] = v
  }
  headers['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY]
  return { responseHeaders: headers }
}

/** The part of WebContents the rules attach to. */
export interface HardenableContents {
  on(event: 'will-navigate' | 'will-redirect' | 'will-frame-navigate', listener: (event: { preventDefault(): void; url?: string }, url?: string) => void): unknown
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void
}

/**
 * Navigation stays inside the app (top frame and sub-frames, redirects included); <webview> never attaches; no
 * window ever opens: a plain https link without credentials goes to the system browser instead.
 */
export function hardenContents(contents: HardenableContents, rules: { isAppUrl: (url: string) => boolean; openExternal: (url: string) => void }): void {
  const refuse = (event: { preventDefault(): void; url?: string }, url?: string): void => {
    const target = url ?? event.url ?? ''
    if (!rules.isAppUrl(target)) event.preventDefault()
  }
  contents.on('will-navigate', refuse)
  contents.on('will-redirect', refuse)
  contents.on('will-frame-navigate', refuse)
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) rules.openExternal(url)
    return { action: 'deny' }
  })
}

/**
 * The Electron fuses packaging must flip (electron-builder.yml `electronFuses`), as the checklist asks: the binary
 * cannot run as plain Node, takes no NODE_OPTIONS or --inspect, encrypts cookies, loads only our archive and
 * checks its integrity, and gives file:// no extra privileges. A unit test keeps the builder config equal to this.
 */
export const REQUIRED_FUSES = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: false,
} as const
