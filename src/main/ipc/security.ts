/**
 * Security headers shared by both shells: the same Content-Security-Policy for the Electron renderer and for
 * browser mode (it matches the meta tag of src/renderer/index.html), and the headers every response carries.
 */

/** The renderer's Content-Security-Policy: own scripts only, no eval, no remote content, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Element Plus sets inline styles at run time; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Headers for every page and asset of the renderer. */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=()',
}

/** Whether a link may be opened in the system browser: https only, no credentials in it. */
export function isSafeExternalUrl(raw: string): boolean {
  try {
    const u = new URL(raw)
    return u.protocol === 'https:' && u.username === '' && u.password === '' && u.hostname !== ''
  } catch {
    return false
  }
}
