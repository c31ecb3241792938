/**
 * The browser-mode transport: the RawBridge over the loopback HTTP server of the core.
 * Calls are `POST /api/invoke/<channel>`; events come from `GET /api/events` (server-sent events read with fetch
 * streaming, because EventSource cannot send the token header), reconnected with backoff.
 */
import { z } from 'zod'
import { ipcFailureSchema, type IpcResult } from '@shared/ipc/channel'
import type { RawBridge } from '@shared/ipc/bridge'
import type { AppErrorData } from '@shared/errors/app-error'
import { bridgeError } from './errors'
import { SseParser } from './sse'

/** Header that carries the per-launch token. */
export const TOKEN_HEADER = 'X-License-Desk-Token'

/** What the page knows about its link to the core. */
export type BridgeStatus = 'ok' | 'unauthorized' | 'coreUnavailable'

/** Options of the HTTP bridge; everything but the token has a default (tests inject the rest). */
export interface HttpBridgeOptions {
  token: string | null
  /** Prefix of the API addresses; '' means the page's own origin. */
  baseUrl?: string
  fetch?: typeof fetch
  onStatus?: (status: BridgeStatus) => void
  /**
   * The event stream is open again after it was cut: events sent meanwhile were missed, so whoever follows some
   * state should read it again.
   */
  onEventsResumed?: () => void
  /** Reconnect delays of the event stream: first, and the cap it doubles up to. */
  reconnect?: { initialMs: number; maxMs: number }
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}

const ipcResultSchema = z.union([z.object({ ok: z.literal(true), value: z.unknown() }), ipcFailureSchema])

function failure(error: AppErrorData): IpcResult<never> {
  return { ok: false, error }
}

/** Maps an HTTP answer of `/api/invoke` to an IpcResult: 200 carries one, 401 is the token, the rest is network. */
export async function resultFromResponse(res: Response): Promise<IpcResult<unknown>> {
  let body: unknown = undefined
  try {
    body = await res.json()
  } catch {
    // Not JSON (a proxy error page, an empty body): handled by status below.
  }
  if (res.status === 200) {
    const parsed = ipcResultSchema.safeParse(body)
    if (parsed.success) return parsed.data as IpcResult<unknown>
    return failure(bridgeError('app.badResponse', { detail: 'the core answered without a result' }, { httpStatus: 200 }).data)
  }
  if (res.status === 401) {
    return failure(bridgeError('app.bridgeUnauthorized', {}, { httpStatus: 401 }).data)
  }
  // The server's structured answer (413 too large, 415 wrong type...) is more precise than a bare status.
  const structured = ipcFailureSchema.safeParse(body)
  if (structured.success) {
    return failure({ ...structured.data.error, details: { ...structured.data.error.details, httpStatus: res.status } })
  }
  return failure(
    bridgeError('app.network', { detail: `HTTP ${res.status}` }, { httpStatus: res.status, retryable: res.status >= 500 }).data,
  )
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done(): void {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}

/** The browser-mode RawBridge, plus `close()` to stop its event stream. */
export interface HttpBridge extends RawBridge {
  close(): void
  /** Sends a call that must survive the page going away (keepalive when the body fits its 64 KB). */
  sendOnExit(channel: string, input: unknown): void
}

/** The most a keepalive request may carry (browsers' limit for all of a page's keepalive requests at once). */
const KEEPALIVE_MAX_BYTES = 60_000

/** Builds the browser-mode bridge. */
export function createHttpBridge(options: HttpBridgeOptions): HttpBridge {
  const token = options.token
  const base = options.baseUrl ?? ''
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis)
  const sleep = options.sleep ?? defaultSleep
  const reconnect = options.reconnect ?? { initialMs: 500, maxMs: 15_000 }
  const listeners = new Set<(name: string, payload: unknown) => void>()
  let status: BridgeStatus | undefined
  let stream: AbortController | null = null

  function setStatus(next: BridgeStatus): void {
    // Once the token is refused only a new page (with a new address) can fix it: never flip back to ok.
    if (status === next || status === 'unauthorized') return
    status = next
    options.onStatus?.(next)
  }

  function headers(extra: Record<string, string> = {}): Record<string, string> {
    return { [TOKEN_HEADER]: token ?? '', ...extra }
  }

  async function invoke(channel: string, input: unknown): Promise<IpcResult<unknown>> {
    if (!token) {
      setStatus('unauthorized')
      return failure(bridgeError('app.bridgeUnauthorized').data)
    }
    let res: Response
    try {
      res = await fetchFn(`${base}/api/invoke/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers: headers({ 'Content-Type': 'application/json' }),
        body: JSON.stringify(input ?? {}),
        cache: 'no-store',
      })
    } catch (err) {
      setStatus('coreUnavailable')
      return failure(bridgeError('app.coreUnavailable', {}, { cause: String(err), retryable: true, operation: channel }).data)
    }
    if (res.status === 401) setStatus('unauthorized')
    else setStatus('ok')
    return resultFromResponse(res)
  }

  function deliver(event: string, data: string): void {
    let payload: unknown
    try {
      payload = JSON.parse(data)
    } catch {
      console.warn(`[bridge] event ${event} carried data that is not JSON; dropped`)
      return
    }
    for (const listener of [...listeners]) listener(event, payload)
  }

  async function readStream(signal: AbortSignal): Promise<void> {
    let delay = reconnect.initialMs
    let opened = false
    while (!signal.aborted) {
      try {
        const res = await fetchFn(`${base}/api/events`, {
          headers: headers({ Accept: 'text/event-stream' }),
          cache: 'no-store',
          signal,
        })
        if (res.status === 401) {
          setStatus('unauthorized')
          return
        }
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`)
        setStatus('ok')
        delay = reconnect.initialMs
        if (opened) options.onEventsResumed?.()
        opened = true
        const parser = new SseParser(
          (msg) => deliver(msg.event, msg.data),
          (ms) => {
            delay = Math.min(Math.max(ms, 100), reconnect.maxMs)
          },
        )
        const decoder = new TextDecoder()
        const reader = res.body.getReader()
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          parser.push(decoder.decode(value, { stream: true }))
        }
        parser.push(decoder.decode())
        parser.end()
      } catch (err) {
        if (signal.aborted) return
        // fetch rejects with a TypeError when nothing answers at all: the core is gone.
        if (err instanceof TypeError) setStatus('coreUnavailable')
      }
      if (signal.aborted) return
      // Full jitter so many pages do not hammer a restarting core in step.
      await sleep(Math.round(delay / 2 + (Math.random() * delay) / 2), signal)
      delay = Math.min(delay * 2, reconnect.maxMs)
    }
  }

  function onEvent(listener: (name: string, payload: unknown) => void): () => void {
    listeners.add(listener)
    if (!stream && token) {
      stream = new AbortController()
      void readStream(stream.signal)
    }
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0 && stream) {
        stream.abort()
        stream = null
      }
    }
  }

  function sendOnExit(channel: string, input: unknown): void {
    if (!token) return
    const body = JSON.stringify(input ?? {})
    const init: RequestInit = { method: 'POST', headers: headers({ 'Content-Type': 'application/json' }), body, cache: 'no-store' }
    // Bytes, not characters: a Chinese character is 3 bytes of UTF-8.
    if (new Blob([body]).size <= KEEPALIVE_MAX_BYTES) init.keepalive = true
    void fetchFn(`${base}/api/invoke/${encodeURIComponent(channel)}`, init).catch(() => undefined)
  }

  return {
    shell: 'browser',
    invoke,
    onEvent,
    sendOnExit,
    close() {
      listeners.clear()
      stream?.abort()
      stream = null
    },
  }
}
