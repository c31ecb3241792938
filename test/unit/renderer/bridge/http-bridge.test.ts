import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHttpBridge, resultFromResponse, TOKEN_HEADER, type BridgeStatus } from '../../../../src/renderer/bridge/http-bridge'
import { waitFor } from '../../../support/wait'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('resultFromResponse', () => {
  it('passes a 200 IpcResult through, success or failure', async () => {
    expect(await resultFromResponse(json(200, { ok: true, value: { a: 1 } }))).toEqual({ ok: true, value: { a: 1 } })
    const failure = { ok: false, error: { code: '60002', messageKey: '60002', params: {}, details: {} } }
    expect(await resultFromResponse(json(200, failure))).toEqual(failure)
  })

  it('maps 401 to the access-key error whatever the body says', async () => {
    const r = await resultFromResponse(json(401, { ok: false, error: { code: 'app.unauthorized', messageKey: 'app.unauthorized' } }))
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.code).toBe('app.bridgeUnauthorized')
      expect(r.error.details.httpStatus).toBe(401)
    }
  })

  it('maps other statuses without a structured body to a network error naming the status', async () => {
    const r = await resultFromResponse(new Response('<html>bad gateway</html>', { status: 502 }))
    expect(r).toMatchObject({ ok: false, error: { code: 'app.network', params: { detail: 'HTTP 502' }, details: { httpStatus: 502, retryable: true } } })
  })

  it('keeps the server structured error of a non-200 answer, adding the status', async () => {
    const body = { ok: false, error: { code: 'app.invalidInput', messageKey: 'app.invalidInput', params: { detail: 'too large' }, details: {} } }
    const r = await resultFromResponse(json(413, body))
    expect(r).toMatchObject({ ok: false, error: { code: 'app.invalidInput', details: { httpStatus: 413 } } })
  })

  it('treats a 200 without an IpcResult as a bad answer', async () => {
    const r = await resultFromResponse(json(200, { hello: 'world' }))
    expect(r).toMatchObject({ ok: false, error: { code: 'app.badResponse' } })
  })
})

describe('createHttpBridge invoke', () => {
  it('posts JSON with the token header to /api/invoke/<channel>', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true, value: null }))
    const bridge = createHttpBridge({ token: 'tok', fetch, baseUrl: 'http://127.0.0.1:9' })
    await bridge.invoke('profiles.delete', { id: 'p1' })
    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('http://127.0.0.1:9/api/invoke/profiles.delete')
    expect(init.method).toBe('POST')
    expect(init.headers).toMatchObject({ [TOKEN_HEADER]: 'tok', 'Content-Type': 'application/json' })
    expect(JSON.parse(init.body as string)).toEqual({ id: 'p1' })
  })

  it('sends {} when there is no input', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true, value: null }))
    await createHttpBridge({ token: 't', fetch }).invoke('app.info', undefined)
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body).toBe('{}')
  })

  it('reports the core as not running when fetch fails, and ok again when it answers', async () => {
    const statuses: BridgeStatus[] = []
    let up = false
    const fetch = vi.fn(async () => {
      if (!up) throw new TypeError('Failed to fetch')
      return json(200, { ok: true, value: 1 })
    })
    const bridge = createHttpBridge({ token: 't', fetch, onStatus: (s) => statuses.push(s) })
    const r = await bridge.invoke('app.info', {})
    expect(r).toMatchObject({ ok: false, error: { code: 'app.coreUnavailable', details: { retryable: true } } })
    up = true
    expect(await bridge.invoke('app.info', {})).toEqual({ ok: true, value: 1 })
    expect(statuses).toEqual(['coreUnavailable', 'ok'])
  })

  it('without a token, fails with the access-key error and never calls the server', async () => {
    const fetch = vi.fn()
    const statuses: BridgeStatus[] = []
    const r = await createHttpBridge({ token: null, fetch, onStatus: (s) => statuses.push(s) }).invoke('app.info', {})
    expect(r).toMatchObject({ ok: false, error: { code: 'app.bridgeUnauthorized' } })
    expect(fetch).not.toHaveBeenCalled()
    expect(statuses).toEqual(['unauthorized'])
  })

  it('stays unauthorized after a 401 even if a later call succeeds', async () => {
    const statuses: BridgeStatus[] = []
    const answers = [json(401, {}), json(200, { ok: true, value: 1 })]
    const bridge = createHttpBridge({ token: 'wrong', fetch: async () => answers.shift()!, onStatus: (s) => statuses.push(s) })
    await bridge.invoke('app.info', {})
    await bridge.invoke('app.info', {})
    expect(statuses).toEqual(['unauthorized'])
  })
})

/** A streaming Response made of the given chunks, optionally kept open until the signal aborts. */
function streamResponse(chunks: string[], keepOpen: boolean, signal?: AbortSignal | null): Response {
  const enc = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(enc.encode(c))
      if (!keepOpen) controller.close()
      else signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
    },
  })
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })
}

describe('createHttpBridge events', () => {
  let bridge: ReturnType<typeof createHttpBridge> | undefined
  afterEach(() => bridge?.close())

  it('delivers parsed events to listeners and reconnects with growing delays after the stream ends', async () => {
    const delays: number[] = []
    const received: Array<[string, unknown]> = []
    let connections = 0
    const statuses: BridgeStatus[] = []
    let resumed = 0
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      connections++
      if (connections === 1) return streamResponse(['event: profiles.changed\nda', 'ta: {"activeId":"x"}\n\n: ping\n\n'], false)
      if (connections === 2) throw new TypeError('Failed to fetch')
      return streamResponse(['event: sandbox.status\ndata: {"running":true}\n\n'], true, init?.signal)
    })
    bridge = createHttpBridge({
      token: 'tok',
      fetch: fetch as unknown as typeof globalThis.fetch,
      reconnect: { initialMs: 100, maxMs: 1000 },
      sleep: async (ms) => void delays.push(ms),
      onStatus: (s) => statuses.push(s),
      onEventsResumed: () => resumed++,
    })
    bridge.onEvent((name, payload) => received.push([name, payload]))
    await waitFor(() => expect(received).toHaveLength(2))
    // Opened, cut, refused once, opened again: told once that events may have been missed.
    expect(resumed).toBe(1)
    expect(received).toEqual([
      ['profiles.changed', { activeId: 'x' }],
      ['sandbox.status', { running: true }],
    ])
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/events')
    expect(init.headers).toMatchObject({ [TOKEN_HEADER]: 'tok' })
    // After a clean end: about the initial delay; after a failed connect: about double (jitter keeps it in [d/2, d]).
    expect(delays).toHaveLength(2)
    expect(delays[0]).toBeGreaterThanOrEqual(50)
    expect(delays[0]).toBeLessThanOrEqual(100)
    expect(delays[1]).toBeGreaterThanOrEqual(100)
    expect(delays[1]).toBeLessThanOrEqual(200)
    expect(statuses).toEqual(['ok', 'coreUnavailable', 'ok'])
  })

  it('stops reconnecting when the token is refused', async () => {
    const fetch = vi.fn(async () => new Response('', { status: 401 }))
    const statuses: BridgeStatus[] = []
    bridge = createHttpBridge({ token: 'bad', fetch, sleep: async () => {}, onStatus: (s) => statuses.push(s) })
    bridge.onEvent(() => {})
    await waitFor(() => expect(statuses).toEqual(['unauthorized']))
    await new Promise((r) => setTimeout(r, 20))
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('drops data that is not JSON and keeps reading', async () => {
    const received: unknown[] = []
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    bridge = createHttpBridge({
      token: 't',
      fetch: (async (_u: string, init?: RequestInit) =>
        streamResponse(['event: a\ndata: {oops\n\nevent: b\ndata: 2\n\n'], true, init?.signal)) as unknown as typeof fetch,
    })
    bridge.onEvent((name, payload) => received.push([name, payload]))
    await waitFor(() => expect(received).toEqual([['b', 2]]))
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('closes the stream when the last listener leaves', async () => {
    let aborted = false
    bridge = createHttpBridge({
      token: 't',
      fetch: (async (_u: string, init?: RequestInit) => {
        init?.signal?.addEventListener('abort', () => (aborted = true))
        return streamResponse([], true, init?.signal)
      }) as unknown as typeof fetch,
    })
    const off1 = bridge.onEvent(() => {})
    const off2 = bridge.onEvent(() => {})
    off1()
    expect(aborted).toBe(false)
    off2()
    expect(aborted).toBe(true)
  })
})
