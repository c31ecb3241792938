/** Plain node:http helpers: read a body with a size cap, send JSON, pick the language of a request. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { matchLocale, type Locale } from '@shared/i18n/locale'

/** Largest request body accepted (a batch of 100 orders with product trees fits easily). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024

export class BodyTooLarge extends Error {}
/** The client closed the connection before its request body was complete. */
export class ClientGone extends Error {}

/**
 * Reads the whole body as UTF-8; rejects with BodyTooLarge past the cap. The rest of an oversized body is read and
 * discarded first, so the caller's 413 reaches a client that is still sending and the connection stays usable; a
 * body past DRAIN_FACTOR times the cap is not worth waiting for: the connection is closed.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let over = Number(req.headers['content-length'] ?? 0) > limit
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit * DRAIN_FACTOR) {
        reject(new BodyTooLarge())
        req.destroy()
        return
      }
      if (size > limit) over = true
      if (over) chunks.length = 0
      else chunks.push(chunk)
    })
    req.on('end', () => {
      if (over) reject(new BodyTooLarge())
      else resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks).toString('utf8'))
    })
    req.on('error', reject)
    // A client gone before its body was whole (killed during the latency, say): without this the handler would
    // wait for an 'end' that never comes. Closed before we listened counts too.
    const gone = (): void => reject(new ClientGone('the client closed the connection before its body was complete'))
    req.on('close', () => {
      if (!req.complete) gone()
    })
    if (req.destroyed && !req.complete) gone()
  })
}

/** How much of an oversized body is read (and dropped) before the 413, in multiples of the cap. */
const DRAIN_FACTOR = 8

/** Sends a JSON body with its length (keep-alive friendly). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendRawJson(res, status, JSON.stringify(body), headers)
}

/** Sends text that already is JSON. */
export function sendRawJson(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}

/** The first language of Accept-Language that we speak; English otherwise. */
export function requestLocale(req: IncomingMessage): Locale {
  const header = req.headers['accept-language']
  if (!header) return 'en'
  const first = header.split(',')[0]?.split(';')[0]?.trim()
  return matchLocale(first)
}

/** A single header value (first one when repeated). */
export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}
