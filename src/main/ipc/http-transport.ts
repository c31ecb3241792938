/**
 * Browser mode's transport: the core behind a loopback-only HTTP server. The protocol (docs/architecture.md):
 * - `GET /…` serves the built renderer (no token; never outside its folder; CSP as in Electron).
 * - `POST /api/invoke/<channel>` with `X-License-Desk-Token` and a JSON body → HTTP 200 with the IpcResult.
 *   401 bad token, 404 unknown channel, 413 body too large, 415 not JSON, 400 unparseable JSON.
 * - `GET /api/events` with the token → server-sent events `event: <name>` / `data: <json>`, a comment every 15 s.
 * - `GET /api/download/<code>` (no token: the code is one): a finished export's file, once (exports.run's
 *   `downloadUrl`), sent as an attachment and then removed.
 * - `POST /api/session` with `{"code": …}` (no token): exchanges a one-time code of an address opened for the user
 *   (`openUrl`) for the token, once, within a minute; so the token never travels on a command line.
 * Every request must name us in `Host` (127.0.0.1:PORT or localhost:PORT: DNS-rebinding defence) and, when it
 * sends an `Origin`, be from that same origin. Headers and bodies that arrive too slowly time out, and each client
 * holds a bounded number of connections.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { AppError, type AppErrorData } from '@shared/errors/app-error'
import { CHANNEL_NAME } from '@shared/ipc/channel'
import { isChannelName } from '@shared/ipc/contract'
import type { EventBus } from './events'
import { inputTooLarge, MAX_INPUT_BYTES } from './input-size'
import type { HandlerRegistry } from './registry'
import { PAGE_SECURITY_HEADERS } from './security'
import { resolveStatic } from './static-files'
import type { Logger } from '../services/log'

/** Header that carries the per-launch token. */
export const TOKEN_HEADER = 'x-license-desk-token'
/**
 * Largest request body: a channel's input bound (MAX_INPUT_BYTES, 48 MiB, see input-size.ts), refused on its
 * Content-Length before reading and counted while streaming (chunked), before any parsing (docs/decisions.md).
 */
export const DEFAULT_MAX_BODY_BYTES = MAX_INPUT_BYTES
/** Interval of the keep-alive comment on the event stream. */
export const SSE_KEEPALIVE_MS = 15_000
/** Time to receive a request's headers, and its whole request (headers and body): loopback is fast, 48 MB too. */
export const HEADERS_TIMEOUT_MS = 20_000
export const REQUEST_TIMEOUT_MS = 30_000
/**
 * Connections one client address may hold at once. A page uses a handful (calls, the event stream); a few tabs a
 * few dozen. Past it new connections are closed at once, so slow clients cannot pile up sockets.
 */
export const MAX_CONNECTIONS_PER_CLIENT = 64
/** How long a one-time code of an opened address stays valid, unused. */
export const OPEN_CODE_TTL_MS = 60_000
/** Where a finished export's file is fetched once: `/api/download/<code>`. */
export const DOWNLOAD_PREFIX = '/api/download/'
/** The path that exchanges a one-time code for the token. */
export const SESSION_PATH = '/api/session'

export interface HttpTransportOptions {
  registry: HandlerRegistry
  events: EventBus
  /** Folder of the built renderer (out/renderer). */
  rendererDir: string
  log: Logger
  /** 0 (default) picks a free port. */
  port?: number
  /** The per-launch token; default 32 random bytes, base64url. */
  token?: string
  maxBodyBytes?: number
  keepAliveMs?: number
  /** Timeouts and the connection cap (tests shorten them). */
  headersTimeoutMs?: number
  requestTimeoutMs?: number
  maxConnectionsPerClient?: number
  openCodeTtlMs?: number
  /** The clock open codes expire by (tests move it instead of waiting). */
  now?: () => number
  /** Files of finished exports, each fetched once by its code (src/main/services/exports). */
  downloads?: { take(code: string): { path: string; fileName: string; mimeType: string } | null }
}

/** A listening browser-mode server. */
export interface HttpTransport {
  /** The address to open, token included: `http://127.0.0.1:PORT/#token=TOKEN`. */
  url: string
  /** The origin without the token. */
  origin: string
  port: number
  token: string
  /**
   * An address to open in a browser for the user: `http://127.0.0.1:PORT/#code=CODE`, whose code the page exchanges
   * once for the token (POST /api/session); useless after that or after a minute. Unlike `url`, it can go on a
   * browser's command line, which other local users can read.
   */
  openUrl(): string
  close(): Promise<void>
}

/** A fresh per-launch token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

const API_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'Content-Type': 'application/json; charset=utf-8' }

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  if (res.headersSent) return
  const text = JSON.stringify(body)
  res.writeHead(status, { ...API_HEADERS, 'Content-Length': Buffer.byteLength(text), ...extra })
  res.end(text)
}

function sendError(res: ServerResponse, status: number, error: AppErrorData, extra: Record<string, string> = {}): void {
  sendJson(res, status, { ok: false, error }, extra)
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** Constant-time comparison of the presented token with ours (hashing first hides the length too). */
function tokenMatches(presented: string | string[] | undefined, token: string): boolean {
  if (typeof presented !== 'string' || presented === '') return false
  const a = createHash('sha256').update(presented).digest()
  const b = createHash('sha256').update(token).digest()
  return timingSafeEqual(a, b)
}

/** Starts the server on 127.0.0.1. */
export async function startHttpTransport(options: HttpTransportOptions): Promise<HttpTransport> {
  const { registry, events, rendererDir, log } = options
  const token = options.token ?? newToken()
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const keepAliveMs = options.keepAliveMs ?? SSE_KEEPALIVE_MS
  const headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS
  const requestTimeout = Math.max(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, headersTimeout)
  const maxPerClient = options.maxConnectionsPerClient ?? MAX_CONNECTIONS_PER_CLIENT
  const codeTtl = options.openCodeTtlMs ?? OPEN_CODE_TTL_MS
  const clock = options.now ?? Date.now
  const streams = new Set<ServerResponse>()
  /** One-time codes of opened addresses (sha-256 of the code) → when they stop working. */
  const openCodes = new Map<string, number>()
  let port = 0
  let allowedHosts = new Set<string>()
  let allowedOrigins = new Set<string>()

  // Slow or stuck clients must not pin sockets: the headers within headersTimeout, the whole request (body
  // included) within requestTimeout, else 408 and the connection closes. A request that has arrived is not timed,
  // so the event stream (a GET without a body) stays open. Node checks these every connectionsCheckingInterval.
  const server: Server = createServer(
    { headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(headersTimeout / 4))) },
    (req, res) => {
      handle(req, res).catch((err: unknown) => {
        log.error('request failed', { url: req.url?.split('?')[0], error: err })
        sendError(res, 500, AppError.app('app.internal').toData())
      })
    },
  )
  const perClient = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const who = socket.remoteAddress ?? ''
    const n = (perClient.get(who) ?? 0) + 1
    if (n > maxPerClient) {
      socket.destroy()
      return
    }
    perClient.set(who, n)
    socket.once('close', () => {
      const left = (perClient.get(who) ?? 1) - 1
      if (left <= 0) perClient.delete(who)
      else perClient.set(who, left)
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = req.headers.host?.toLowerCase()
    if (!host || !allowedHosts.has(host)) {
      sendError(res, 421, AppError.app('app.unauthorized', { status: 421 }, { httpStatus: 421 }).toData())
      return
    }
    const origin = req.headers.origin
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase())) {
      sendError(res, 403, AppError.app('app.unauthorized', { status: 403 }, { httpStatus: 403 }).toData())
      return
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/'

    // The one API path without the token: it is how a page opened with a one-time code gets the token.
    if (path === SESSION_PATH) return exchangeCode(req, res)
    // A link the page follows to save a file cannot send the token header: the one-time code stands for it.
    if (path.startsWith(DOWNLOAD_PREFIX)) return download(req, res, path.slice(DOWNLOAD_PREFIX.length))

    if (path === '/api' || path.startsWith('/api/')) {
      if (!tokenMatches(req.headers[TOKEN_HEADER], token)) {
        sendError(res, 401, AppError.app('app.unauthorized', { status: 401 }, { httpStatus: 401 }).toData())
        return
      }
      if (path === '/api/events') return openEventStream(req, res)
      if (path.startsWith('/api/invoke/')) return invoke(req, res, path.slice('/api/invoke/'.length))
      sendError(res, 404, AppError.app('app.notFound', { what: path }, { httpStatus: 404 }).toData())
      return
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(res, 405, AppError.app('app.notFound', { what: `${req.method} ${path}` }, { httpStatus: 405 }).toData(), { Allow: 'GET, HEAD' })
      return
    }
    const file = await resolveStatic(rendererDir, path)
    if (!file) {
      res.writeHead(404, { ...PAGE_SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
      res.end('Not found')
      return
    }
    res.writeHead(200, {
      ...PAGE_SECURITY_HEADERS,
      'Content-Type': file.mime,
      'Content-Length': file.size,
      'Cache-Control': file.cacheControl,
    })
    if (req.method === 'HEAD') {
      res.end()
      return
    }
    createReadStream(file.path)
      .on('error', (err) => {
        log.error('static file read failed', { error: err })
        res.destroy()
      })
      .pipe(res)
  }

  async function invoke(req: IncomingMessage, res: ServerResponse, channel: string): Promise<void> {
    if (req.method !== 'POST') {
      sendError(res, 405, AppError.app('app.notFound', { what: `${req.method} /api/invoke/${channel}` }, { httpStatus: 405 }).toData(), { Allow: 'POST' })
      return
    }
    if (!CHANNEL_NAME.test(channel) || !isChannelName(channel)) {
      sendError(res, 404, AppError.app('app.notFound', { what: `channel ${channel.slice(0, 100)}` }, { httpStatus: 404 }).toData())
      return
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/json') {
      sendError(res, 415, AppError.app('app.invalidInput', { detail: 'the body must be application/json' }, { httpStatus: 415 }).toData())
      return
    }
    // The answer goes out at once; the rest of the body is read and dropped (Node drains it), so a client still
    // sending gets the 413 instead of a reset connection. A body past DRAIN_FACTOR times the bound is not waited for.
    const tooLarge = (close: boolean): void => sendError(res, 413, inputTooLarge(maxBody, 413).toData(), close ? { Connection: 'close' } : {})
    const declared = Number(req.headers['content-length'] ?? '0')
    if (declared > maxBody) {
      tooLarge(declared > maxBody * DRAIN_FACTOR)
      req.resume()
      return
    }
    const body = await readBody(req, maxBody)
    if (body === 'tooLarge') {
      tooLarge(false)
      return
    }
    let input: unknown = undefined
    if (body.length > 0) {
      try {
        input = JSON.parse(body.toString('utf8'))
      } catch {
        sendError(res, 400, AppError.app('app.invalidInput', { detail: 'the body is not valid JSON' }, { httpStatus: 400 }).toData())
        return
      }
    }
    const result = await registry.invoke(channel, input, { transport: 'http' })
    sendJson(res, 200, result)
  }

  function download(req: IncomingMessage, res: ServerResponse, code: string): void {
    if (req.method !== 'GET') {
      sendError(res, 405, AppError.app('app.notFound', { what: `${req.method} ${DOWNLOAD_PREFIX}` }, { httpStatus: 405 }).toData(), { Allow: 'GET' })
      return
    }
    const file = /^[A-Za-z0-9_-]{20,100}$/.test(code) ? (options.downloads?.take(code) ?? null) : null
    if (!file) {
      sendError(res, 404, AppError.app('app.notFound', { what: 'download' }, { httpStatus: 404 }).toData())
      return
    }
    res.writeHead(200, {
      'Content-Type': file.mimeType,
      'Content-Disposition': `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    const gone = (): void => void rm(file.path, { force: true })
    res.on('close', gone)
    createReadStream(file.path)
      .on('error', (err) => {
        log.error('download read failed', { error: err })
        res.destroy()
      })
      .pipe(res)
  }

  function newOpenCode(): string {
    const now = clock()
    for (const [k, until] of openCodes) if (until <= now) openCodes.delete(k)
    const code = randomBytes(32).toString('base64url')
    openCodes.set(sha256(code), now + codeTtl)
    return code
  }

  /** POST /api/session {"code"}: the token for a valid, unused, unexpired code (then the code is spent), else 401. */
  async function exchangeCode(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      sendError(res, 405, AppError.app('app.notFound', { what: `${req.method} ${SESSION_PATH}` }, { httpStatus: 405 }).toData(), { Allow: 'POST' })
      return
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/json') {
      sendError(res, 415, AppError.app('app.invalidInput', { detail: 'the body must be application/json' }, { httpStatus: 415 }).toData())
      return
    }
    const body = await readBody(req, 1024)
    let code: unknown
    try {
      code = body === 'tooLarge' ? undefined : (JSON.parse(body.toString('utf8')) as { code?: unknown }).code
    } catch {
      code = undefined
    }
    const key = typeof code === 'string' ? sha256(code) : ''
    const until = openCodes.get(key)
    // Spent on first use, right or late: a code never works twice.
    openCodes.delete(key)
    if (until === undefined || until <= clock()) {
      sendError(res, 401, AppError.app('app.unauthorized', { status: 401 }, { httpStatus: 401 }).toData())
      return
    }
    sendJson(res, 200, { token })
  }

  function openEventStream(req: IncomingMessage, res: ServerResponse): void {
    if (req.method !== 'GET') {
      sendError(res, 405, AppError.app('app.notFound', { what: `${req.method} /api/events` }, { httpStatus: 405 }).toData(), { Allow: 'GET' })
      return
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'keep-alive',
    })
    req.socket.setTimeout(0)
    req.socket.setNoDelay(true)
    res.write(': connected\n\n')
    streams.add(res)
    const timer = setInterval(() => res.write(': keep-alive\n\n'), keepAliveMs)
    timer.unref()
    const done = (): void => {
      clearInterval(timer)
      streams.delete(res)
    }
    res.on('close', done)
  }

  const offEvents = events.onAny((name, payload) => {
    if (streams.size === 0) return
    // JSON.stringify never yields a raw newline, so one data line always suffices.
    const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`
    for (const res of streams) res.write(frame)
  })

  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolvePromise()
    })
  })
  port = (server.address() as AddressInfo).port
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`])
  allowedOrigins = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`])
  const origin = `http://127.0.0.1:${port}`
  log.info('browser-mode server listening', { origin })

  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    openUrl: () => `${origin}/#code=${newOpenCode()}`,
    async close() {
      offEvents()
      for (const res of streams) res.end()
      streams.clear()
      await new Promise<void>((r) => {
        server.close(() => r())
        server.closeAllConnections()
      })
    },
  }
}

/** How much of an oversized body is read (and dropped) after its 413, in multiples of the bound; past it, closed. */
const DRAIN_FACTOR = 4

/**
 * Reads a request body up to `max` bytes; beyond that it answers 'tooLarge' at once and drops the rest as it
 * arrives (closing the connection past DRAIN_FACTOR times `max`).
 */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | 'tooLarge'> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let over = false
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (over) {
        if (size > max * DRAIN_FACTOR) req.destroy()
        return
      }
      if (size > max) {
        over = true
        chunks.length = 0
        resolvePromise('tooLarge')
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => {
      if (!over) resolvePromise(Buffer.concat(chunks))
    })
    req.on('error', reject)
  })
}
