/**
 * The browser-mode server over real HTTP on loopback: token, Host and Origin checks, content type, body size,
 * static files without path traversal, and server-sent events.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/main/core'
import { DEFAULT_MAX_BODY_BYTES, startHttpTransport, type HttpTransport } from '../../../src/main/ipc/http-transport'
import { MAX_INPUT_BYTES } from '../../../src/main/ipc/input-size'
import { silentLogger } from '../../../src/main/services/log'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { waitFor } from '../../support/wait'

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A request with full control of the headers (fetch would not let us forge Host). */
function raw(port: number, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, setHost: !('Host' in headers) }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

describe('browser-mode HTTP transport', () => {
  let base: string
  let core: Core
  let server: HttpTransport
  let auth: Record<string, string>

  beforeAll(async () => {
    base = await tempDir()
    const renderer = join(base, 'renderer')
    await mkdir(join(renderer, 'assets'), { recursive: true })
    await writeFile(join(renderer, 'index.html'), '<!doctype html><title>License Desk</title>')
    await writeFile(join(renderer, 'assets', 'app-1234abcd.js'), 'console.log(1)')
    await writeFile(join(base, 'outside.txt'), 'must not be served')
    core = await testCore(join(base, 'data'))
    server = await startHttpTransport({ registry: core.registry, events: core.events, rendererDir: renderer, log: silentLogger, maxBodyBytes: 64 * 1024, keepAliveMs: 200, downloads: core.services.exports })
    auth = { 'X-License-Desk-Token': server.token, 'Content-Type': 'application/json' }
  })
  afterAll(async () => {
    await server.close()
    await core.dispose()
    await removeDir(base)
  })

  it('listens on 127.0.0.1 and prints an address with a 32-byte base64url token in the hash', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${server.token}`)
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('answers a call with HTTP 200 and the IpcResult', async () => {
    const res = await fetch(`${server.origin}/api/invoke/profiles.list`, { method: 'POST', headers: auth, body: '{}' })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as { ok: boolean; value: { activeId: string } }
    expect(body).toMatchObject({ ok: true, value: { activeId: 'sandbox' } })
  })

  it('answers invalid input with 200 and the structured error (the call reached the registry)', async () => {
    const res = await fetch(`${server.origin}/api/invoke/profiles.create`, { method: 'POST', headers: auth, body: JSON.stringify({ fields: { name: '', baseUrl: 'ftp://x' } }) })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { ok: false; error: { code: string; details: { issues: Array<{ path: string }> } } }
    expect(body.error.code).toBe('app.invalidInput')
    expect(body.error.details.issues.map((i) => i.path).sort()).toEqual(['fields.baseUrl', 'fields.name'])
  })

  it('refuses a missing or wrong token with 401 and app.unauthorized', async () => {
    for (const token of [undefined, '', 'x', server.token.slice(0, -1), server.token + 'x']) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' }
      if (token !== undefined) headers['X-License-Desk-Token'] = token
      const res = await fetch(`${server.origin}/api/invoke/profiles.list`, { method: 'POST', headers, body: '{}' })
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ ok: false, error: { code: 'app.unauthorized' } })
    }
    const events = await fetch(`${server.origin}/api/events`)
    expect(events.status).toBe(401)
  })

  it('answers 404 for an unknown channel, 415 for a body that is not JSON, 400 for broken JSON', async () => {
    expect((await fetch(`${server.origin}/api/invoke/no.such`, { method: 'POST', headers: auth, body: '{}' })).status).toBe(404)
    expect((await fetch(`${server.origin}/api/invoke/..%2Fapp.info`, { method: 'POST', headers: auth, body: '{}' })).status).toBe(404)
    const text = await fetch(`${server.origin}/api/invoke/profiles.list`, { method: 'POST', headers: { ...auth, 'Content-Type': 'text/plain' }, body: '{}' })
    expect(text.status).toBe(415)
    const form = await fetch(`${server.origin}/api/invoke/profiles.list`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' })
    expect(form.status).toBe(415)
    const broken = await fetch(`${server.origin}/api/invoke/profiles.list`, { method: 'POST', headers: auth, body: '{"a":' })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toMatchObject({ error: { code: 'app.invalidInput' } })
    const charset = await fetch(`${server.origin}/api/invoke/profiles.list`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json; charset=utf-8' }, body: '{}' })
    expect(charset.status).toBe(200)
  })

  it('answers 413 for a body over the limit, declared or streamed', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(70 * 1024) })
    const declared = await raw(server.port, 'POST', '/api/invoke/profiles.list', { ...auth, 'Content-Length': String(Buffer.byteLength(big)) }, big)
    expect(declared.status).toBe(413)
    // Chunked: no Content-Length, so the limit is enforced while reading.
    const streamed = await fetch(`${server.origin}/api/invoke/profiles.list`, {
      method: 'POST',
      headers: auth,
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode('x'.repeat(10 * 1024)))
          c.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    // Said in words, the bound named; the server's default bound is the channels' input bound, under 50 MB.
    expect(await streamed.json()).toMatchObject({ ok: false, error: { code: 'app.invalidInput', params: { detail: 'the request is larger than 64 KB' }, details: { httpStatus: 413, retryable: false } } })
    expect(DEFAULT_MAX_BODY_BYTES).toBe(MAX_INPUT_BYTES)
    expect(MAX_INPUT_BYTES).toBeLessThan(50 * 1024 * 1024)
  })

  it('refuses requests whose Host is not us (DNS rebinding) and foreign Origins', async () => {
    for (const host of ['evil.example.com', `evil.example.com:${server.port}`, '127.0.0.1', `127.0.0.1:${server.port + 1}`]) {
      const res = await raw(server.port, 'GET', '/', { Host: host })
      expect(res.status, host).toBe(421)
    }
    expect((await raw(server.port, 'GET', '/', { Host: `localhost:${server.port}` })).status).toBe(200)
    for (const origin of ['http://evil.example.com', `http://127.0.0.1:${server.port + 1}`, 'null', `https://127.0.0.1:${server.port}`]) {
      const res = await raw(server.port, 'POST', '/api/invoke/profiles.list', { ...auth, Origin: origin }, '{}')
      expect(res.status, origin).toBe(403)
    }
    const same = await raw(server.port, 'POST', '/api/invoke/profiles.list', { ...auth, Origin: `http://localhost:${server.port}` }, '{}')
    expect(same.status).toBe(200)
  })

  it('serves the renderer with security headers and never a file outside it', async () => {
    const index = await fetch(`${server.origin}/`)
    expect(index.status).toBe(200)
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(index.headers.get('x-content-type-options')).toBe('nosniff')
    expect(index.headers.get('cache-control')).toBe('no-cache')
    const asset = await fetch(`${server.origin}/assets/app-1234abcd.js`)
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(asset.headers.get('cache-control')).toContain('immutable')
    for (const path of ['/../outside.txt', '/%2e%2e/outside.txt', '/assets/%2e%2e%2f%2e%2e%2foutside.txt', '/..%5coutside.txt']) {
      const res = await raw(server.port, 'GET', path, {})
      expect(res.status, path).toBe(404)
      expect(res.body).not.toContain('must not be served')
    }
    expect((await fetch(`${server.origin}/`, { method: 'POST' })).status).toBe(405)
  })

  it('serves a finished export once by its code, without the token, as an attachment, then removes the file', async () => {
    const run = await fetch(`${server.origin}/api/invoke/exports.run`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ id: 'export-http-1', format: 'csv', source: { kind: 'table', baseName: '名单 list', columns: ['a'], rows: [['x'], ['=1+1']] } }),
    })
    const r = (await run.json()) as { ok: true; value: { state: 'saved'; fileName: string; rows: number; downloadUrl: string } }
    expect(r.value).toMatchObject({ state: 'saved', fileName: '名单 list.csv', rows: 2 })
    expect(r.value.downloadUrl).toMatch(/^\/api\/download\/[A-Za-z0-9_-]{43}$/)
    const first = await raw(server.port, 'GET', r.value.downloadUrl, {})
    expect(first.status).toBe(200)
    expect(first.headers['content-type']).toBe('text/csv;charset=utf-8')
    expect(first.headers['content-disposition']).toBe(`attachment; filename="__ list.csv"; filename*=UTF-8''${encodeURIComponent('名单 list.csv')}`)
    expect(first.body).toBe("\uFEFFa\r\nx\r\n'=1+1\r\n")
    expect((await raw(server.port, 'GET', r.value.downloadUrl, {})).status).toBe(404)
    expect((await raw(server.port, 'GET', '/api/download/not-a-code-of-ours-at-all-0000000', {})).status).toBe(404)
    await expect.poll(() => readdir(join(base, 'data', 'exports'))).toEqual([])
  })

  it('delivers core events over server-sent events, with keep-alive comments', async () => {
    const ac = new AbortController()
    const res = await fetch(`${server.origin}/api/events`, { headers: { 'X-License-Desk-Token': server.token }, signal: ac.signal })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read()
        if (done) throw new Error(`stream ended before ${needle}`)
        text += decoder.decode(value, { stream: true })
      }
    }
    await readUntil(': connected')
    // A real change through the registry publishes profiles.changed to every stream.
    const created = await fetch(`${server.origin}/api/invoke/profiles.create`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ fields: { name: 'SSE check', baseUrl: 'https://x.example.com' } }),
    })
    expect(((await created.json()) as { ok: boolean }).ok).toBe(true)
    await readUntil('event: profiles.changed\ndata: {"activeId":"sandbox"}\n\n')
    await readUntil(': keep-alive')
    ac.abort()
  })
})

/** Opens a raw TCP connection and reports what the server sent and when it is closed. */
function rawSocket(port: number): { socket: Socket; received: () => string; closed: Promise<void> } {
  const socket = connect({ host: '127.0.0.1', port })
  let data = ''
  socket.on('data', (d: Buffer) => (data += d.toString('latin1')))
  socket.on('error', () => undefined)
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  return { socket, received: () => data, closed }
}

/** `p`, or 'still open' if it has not settled in `ms` (only to end a hung test). */
function within<T>(p: Promise<T>, ms: number): Promise<T | 'still open'> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'still open'>((r) => (timer = setTimeout(() => r('still open'), ms)))
  return Promise.race([p, late]).finally(() => clearTimeout(timer))
}

describe('browser-mode HTTP transport: slow clients and opening the page', () => {
  let base: string
  let core: Core
  let server: HttpTransport
  const REQUEST_TIMEOUT = 600
  const PER_CLIENT = 6
  /** The clock open codes expire by: moved by the test, so a slow machine never expires a code early. */
  let clock = Date.now()

  beforeAll(async () => {
    base = await tempDir()
    await mkdir(join(base, 'renderer'), { recursive: true })
    await writeFile(join(base, 'renderer', 'index.html'), '<!doctype html><title>License Desk</title>')
    core = await testCore(join(base, 'data'))
    server = await startHttpTransport({
      registry: core.registry,
      events: core.events,
      rendererDir: join(base, 'renderer'),
      log: silentLogger,
      headersTimeoutMs: REQUEST_TIMEOUT,
      requestTimeoutMs: REQUEST_TIMEOUT,
      maxConnectionsPerClient: PER_CLIENT,
      openCodeTtlMs: 400,
      now: () => clock,
      keepAliveMs: 100,
    })
  })
  afterAll(async () => {
    await server.close()
    await core.dispose()
    await removeDir(base)
  })

  it('times out a body that arrives too slowly: 408, connection closed', async () => {
    const c = rawSocket(server.port)
    c.socket.write(
      `POST /api/invoke/profiles.list HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-License-Desk-Token: ${server.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`,
    )
    // A byte now and then keeps the socket busy, but the whole request must arrive in time.
    const drip = setInterval(() => c.socket.write(' '), 100)
    // (The wait only ends a hung test; the 408 says it was the request timeout that closed it.)
    const closed = await within(c.closed, 30_000)
    clearInterval(drip)
    expect(closed).not.toBe('still open')
    expect(c.received()).toMatch(/^HTTP\/1\.1 408/)
  })

  it('keeps the event stream open past the request timeout', async () => {
    const ac = new AbortController()
    const res = await fetch(`${server.origin}/api/events`, { headers: { 'X-License-Desk-Token': server.token }, signal: ac.signal })
    const reader = res.body!.getReader()
    await new Promise((r) => setTimeout(r, REQUEST_TIMEOUT * 3))
    core.events.emit('profiles.changed', { activeId: 'late' })
    let text = ''
    while (!text.includes('"activeId":"late"')) {
      const { value, done } = await reader.read()
      if (done) throw new Error('the stream was closed')
      text += new TextDecoder().decode(value)
    }
    ac.abort()
  })

  it('caps the connections one client holds; a slot frees when one closes', async () => {
    const held = Array.from({ length: PER_CLIENT }, () => rawSocket(server.port))
    // Connected (in the server's accept queue, which is first come first served), so the next one is the extra.
    await Promise.all(held.map((h) => once(h.socket, 'connect')))
    const extra = rawSocket(server.port)
    expect(await within(extra.closed, 30_000)).not.toBe('still open')
    expect(extra.received()).toBe('')
    // A slot frees once the server has seen one close (an event it learns of in its own time): asked until then.
    held[0]!.socket.destroy()
    await held[0]!.closed
    const served = () => waitFor(async () => expect((await raw(server.port, 'GET', '/', {})).status).toBe(200), { interval: 20 })
    await served()
    for (const h of held) h.socket.destroy()
    await Promise.all(held.map((h) => h.closed))
    await served()
  })

  it('opens with a one-time code: exchanged once for the token, refused the second time and after it expires', async () => {
    const url = new URL(server.openUrl())
    expect(url.origin).toBe(server.origin)
    expect(url.hash).toMatch(/^#code=[A-Za-z0-9_-]{43}$/)
    expect(url.href).not.toContain(server.token)
    const code = url.hash.slice('#code='.length)
    const exchange = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.origin}/api/session`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })
    const first = await exchange({ code })
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect(await first.json()).toEqual({ token: server.token })
    const again = await exchange({ code })
    expect(again.status).toBe(401)
    expect(await again.json()).toMatchObject({ ok: false, error: { code: 'app.unauthorized' } })
    // Unused but too old.
    const late = new URL(server.openUrl()).hash.slice('#code='.length)
    clock += 500
    expect((await exchange({ code: late })).status).toBe(401)
    // Wrong codes, wrong shapes, a foreign page.
    expect((await exchange({ code: 'x'.repeat(43) })).status).toBe(401)
    expect((await exchange({})).status).toBe(401)
    const fresh = new URL(server.openUrl()).hash.slice('#code='.length)
    expect((await exchange({ code: fresh }, { Origin: 'http://evil.example.com' })).status).toBe(403)
    expect((await fetch(`${server.origin}/api/session`, { method: 'GET' })).status).toBe(405)
    // The refused attempt from a foreign origin did not spend the code.
    expect((await exchange({ code: fresh })).status).toBe(200)
  })
})
