/**
 * Client mechanics against a scripted local HTTP server: which calls are retried (with a fresh g_nonce), that a
 * create is never repeated and ends UNKNOWN, token re-issue once, pasted-token rejection, abort, timeouts and
 * the journal calls. (The same behaviours against the real sandbox are in test/integration/api.)
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import type { SecretName } from '@shared/ipc/channels/profiles'
import { AbortScope } from '../../../../src/main/api/abort-scope'
import { createApiClient, type ApiClient } from '../../../../src/main/api/client'
import type { ConnectionConfig } from '../../../../src/main/api/connection'
import type { JournalEnd, JournalSink, JournalStart } from '../../../../src/main/api/journal-sink'
import { waitFor } from '../../../support/wait'

interface Seen {
  path: string
  nonce: string | null
  auth: string | undefined
  body: string
}
type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen, n: number) => void

let server: Server
let base = ''
let seen: Seen[] = []
let tokenRequests: Record<string, string>[] = []
let handler: Handler = (_q, res) => send(res, 200, { code: 0, message: 'success', data: [] })
let clients: ApiClient[] = []

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x')
      if (url.pathname === '/oauth/token') {
        const form = Object.fromEntries(new URLSearchParams(body))
        tokenRequests.push(form)
        send(res, 200, { access_token: `tok${tokenRequests.length}`, token_type: 'Bearer', expires_in: 3600 })
        return
      }
      const s: Seen = { path: url.pathname, nonce: url.searchParams.get('g_nonce'), auth: req.headers.authorization, body }
      seen.push(s)
      handler(req, res, s, seen.length)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()))
  clients = []
  seen = []
  tokenRequests = []
})

function config(secrets: Partial<Record<SecretName, string>> = { orderAppSecret: 'os', memberAppSecret: 'ms', userPassword: 'pw' }): ConnectionConfig {
  return {
    profileId: 'p1',
    baseUrl: base,
    tokenUrl: `${base}/oauth/token`,
    orderAppKey: 'ok',
    memberAppKey: 'mk',
    userLogin: 'alice',
    operatorIdentity: 'op',
    getSecret: async (n) => secrets[n] ?? null,
  }
}

class MemoryJournal implements JournalSink {
  starts: JournalStart[] = []
  ends: { id: string; end: JournalEnd }[] = []
  sends: { id: string; at: number }[] = []
  async started(e: JournalStart): Promise<string> {
    this.starts.push(e)
    return String(this.starts.length)
  }
  async startedAll(es: JournalStart[]): Promise<string[]> {
    return Promise.all(es.map((e) => this.started(e)))
  }
  sent(id: string, at: number): Promise<void> | null {
    this.sends.push({ id, at })
    return null
  }
  async ended(id: string, end: JournalEnd): Promise<void> {
    this.ends.push({ id, end })
  }
}

function client(opts: Parameters<typeof createApiClient>[1] = {}, cfg = config()): ApiClient {
  const c = createApiClient(cfg, { settings: { retryBaseMs: 1, maxRetries: 3, ...opts.settings }, ...opts })
  clients.push(c)
  return c
}

const lockBody = { assetNums: ['A1'], operatorIdentity: 'op' }

describe('ApiClient', () => {
  it('retries an idempotent call on 500 with a fresh g_nonce each time', async () => {
    handler = (_q, res, _s, n) =>
      n < 3 ? send(res, 200, { code: '500', message: 'network error, retry', cause: '' }) : send(res, 200, { code: 0, message: 'success', data: [{ assetNum: 'A1', status: 1 }] })
    const j = new MemoryJournal()
    const r = await client({ journal: j }).call('lockAssets', { body: lockBody })
    expect(r.attempts).toBe(3)
    expect(seen).toHaveLength(3)
    expect(new Set(seen.map((s) => s.nonce)).size).toBe(3)
    expect(r.nonce).toBe(seen[2]!.nonce)
    // every attempt journaled with its own nonce, ended error, error, ok
    expect(j.starts.map((s) => s.nonce)).toEqual(seen.map((s) => s.nonce))
    expect(j.ends.map((e) => e.end.outcome)).toEqual(['error', 'error', 'ok'])
    expect(j.ends[2]!.end.summary).toBe('1 locks: 1 ok')
  })

  it('gives up after maxRetries with the last error', async () => {
    handler = (_q, res) => send(res, 299, { code: '500', message: 'network error, retry', cause: 'db' })
    const e = await client().lockAssets(lockBody).catch((x: unknown) => x)
    expect(e).toMatchObject({ code: '500', details: { serverMessage: 'network error, retry', cause: 'db' } })
    expect(seen).toHaveLength(4)
  })

  it('does not retry business errors', async () => {
    handler = (_q, res) => send(res, 299, { code: '13004', message: 'bad assetNums', cause: '' })
    await expect(client().lockAssets(lockBody)).rejects.toMatchObject({ code: '13004' })
    expect(seen).toHaveLength(1)
  })

  it('never repeats a create: a 500 or a dropped connection leaves it UNKNOWN in the journal', async () => {
    const j = new MemoryJournal()
    const c = client({ journal: j })
    handler = (_q, res) => send(res, 200, { code: '500', message: 'network error, retry', cause: '' })
    const e1 = await c.getShellNums(5).catch((x: unknown) => x)
    expect(e1).toMatchObject({ code: 'app.unknownOutcome', details: { operation: 'getShellNums', retryable: false } })
    handler = (req) => req.socket.destroy()
    const e2 = await c.addMembers('E1', [{ userName: 'u1', password: 'secretpw', name: 'U' }]).catch((x: unknown) => x)
    expect(e2).toMatchObject({ code: 'app.unknownOutcome' })
    expect(seen).toHaveLength(2)
    expect(j.ends.map((x) => x.end.outcome)).toEqual(['unknown', 'unknown'])
  })

  it('a create refused before sending (connection refused) is a plain network error, safe to resend', async () => {
    const cfg = { ...config(), baseUrl: 'http://127.0.0.1:1' }
    const c = client({}, cfg)
    // tokens come from the working server; the call goes to a closed port
    const e = await c.getShellNums(1).catch((x: unknown) => x)
    expect(e).toMatchObject({ code: 'app.network', details: { retryable: true } })
  })

  it('re-issues the token once on 60000 and repeats the call, then gives a clear error', async () => {
    handler = (_q, res, s) =>
      s.auth === 'Bearer tok1'
        ? send(res, 299, { code: '60000', message: 'token expired', cause: '' })
        : send(res, 200, { code: 0, message: 'success', data: [] })
    const c = client()
    await expect(c.queryEnterprise({ channelCode: 'C', channelCustomerId: 'X', defaultCustomer: 'N' })).resolves.toEqual([])
    expect(tokenRequests).toHaveLength(2)
    expect(seen.map((s) => s.auth)).toEqual(['Bearer tok1', 'Bearer tok2'])

    handler = (_q, res) => send(res, 401, { code: '60000', message: 'nope', cause: '' })
    await expect(c.queryEnterprise({ channelCode: 'C', channelCustomerId: 'X', defaultCustomer: 'N' })).rejects.toMatchObject({ code: '60000' })
    expect(tokenRequests).toHaveLength(3) // one more re-issue, not a loop
  })

  it('60005 re-issues only the user token', async () => {
    let first = true
    handler = (_q, res) => {
      if (first) {
        first = false
        send(res, 299, { code: '60005', message: 'user token invalid', cause: '' })
      } else send(res, 200, { code: 0, message: 'success', data: [] })
    }
    await client().listLentLocks('E1')
    expect(tokenRequests.map((f) => f['grant_type']).sort()).toEqual(['client_credentials', 'password', 'password'])
  })

  it('50 concurrent calls cause one token request per kind', async () => {
    handler = (_q, res) => send(res, 200, { code: 0, message: 'success', data: [] })
    const c = client()
    await Promise.all(Array.from({ length: 50 }, () => c.listAssetNums('E1')))
    expect(tokenRequests).toHaveLength(2) // client_credentials + password, once each
    expect(seen).toHaveLength(50)
  })

  it('a rejected pasted token gives the pasted-token error without re-issuing', async () => {
    handler = (_q, res) => send(res, 299, { code: '60000', message: 'expired', cause: '' })
    const c = client({}, config({ orderAccessToken: 'PASTED' }))
    const e = await c.lockAssets(lockBody).catch((x: unknown) => x)
    expect(e).toMatchObject({ code: 'app.pastedTokenRejected', params: { secret: 'orderAccessToken' } })
    expect(tokenRequests).toHaveLength(0)
    expect(seen[0]!.auth).toBe('Bearer PASTED')
  })

  it('aborts an in-flight read and a backoff wait', async () => {
    // Each wait would outlast the test's timeout: only the abort ends them (aborted once the request is in).
    handler = () => undefined // never answers
    const ac = new AbortController()
    const c = client()
    const asked = seen.length
    const p = c.listAssetNums('E1', { signal: ac.signal })
    await waitFor(() => expect(seen.length).toBe(asked + 1))
    ac.abort()
    await expect(p).rejects.toMatchObject({ code: 'app.cancelled' })

    let answered = 0
    handler = (_q, res) => {
      send(res, 200, { code: '500', message: 'retry', cause: '' })
      answered++
    }
    const slow = client({ settings: { retryBaseMs: 60_000, maxRetries: 3 }, random: () => 0.99 })
    const ac2 = new AbortController()
    const p2 = slow.listAssetNums('E1', { signal: ac2.signal })
    await waitFor(() => expect(answered).toBe(1))
    ac2.abort()
    await expect(p2).rejects.toMatchObject({ code: 'app.cancelled' })
  })

  it('calls sharing an AbortScope all stop on one abort, and finished calls leave nothing listening on it', async () => {
    handler = (_q, res) => send(res, 200, { code: 0, message: 'success', data: [{ assetNum: 'A1', status: 1 }] })
    const c = client()
    const scope = new AbortScope()
    await Promise.all(Array.from({ length: 20 }, () => c.lockAssets(lockBody, { signal: scope })))
    expect(scope.listening).toBe(0)

    handler = () => undefined // never answers
    const stuck = Array.from({ length: 20 }, () => c.lockAssets(lockBody, { signal: scope }).catch((e: unknown) => e))
    await waitFor(() => expect(scope.listening).toBe(20))
    scope.abort(new Error('stop'))
    for (const e of await Promise.all(stuck)) expect(e).toMatchObject({ code: 'app.cancelled' })
    expect(scope.listening).toBe(0)
    // A call after the abort does not go out.
    seen = []
    await expect(c.lockAssets(lockBody, { signal: scope })).rejects.toMatchObject({ code: 'app.cancelled' })
    expect(seen).toHaveLength(0)
  })

  it('prepareAll journals the starts of many calls in one write; each is sent as journaled, or closed as not sent', async () => {
    handler = (_q, res) => send(res, 200, { code: 0, message: 'success', data: [{ assetNum: 'A1', status: 1 }] })
    const j = new MemoryJournal()
    let batches = 0
    const startedAll = j.startedAll.bind(j)
    j.startedAll = (es) => {
      batches++
      return startedAll(es)
    }
    const c = client({ journal: j })
    const calls = [1, 2, 3].map((n) => ({ req: { body: { assetNums: [`A${n}`], operatorIdentity: 'op' } }, context: { jobId: 'job1', chunk: n } }))
    const prepared = await c.prepareAll('lockAssets', calls)
    expect(batches).toBe(1)
    expect(j.starts.map((s) => s.context?.chunk)).toEqual([1, 2, 3])
    // The journal gets the body as sent (to reuse when nothing in it is secret).
    expect(j.starts[0]!.bodyJson).toBe(JSON.stringify(calls[0]!.req.body))
    expect(seen).toHaveLength(0) // nothing sent yet

    const r = await c.call('lockAssets', calls[0]!.req, { prepared: prepared[0]! })
    expect(seen).toHaveLength(1)
    expect(seen[0]!.nonce).toBe(j.starts[0]!.nonce)
    expect(r.nonce).toBe(j.starts[0]!.nonce)
    expect(j.ends[0]).toMatchObject({ id: '1', end: { outcome: 'ok', counts: { kind: 'locks', total: 1, ok: 1 } } })
    // A prepared call is sent once: reusing it is a programming error, not a second send.
    await expect(c.call('lockAssets', calls[0]!.req, { prepared: prepared[0]! })).rejects.toMatchObject({ code: 'app.internal' })

    await prepared[1]!.abandon()
    expect(j.ends[1]).toMatchObject({ id: '2', end: { outcome: 'notSent', counts: { kind: 'notSent' }, summary: 'not sent' } })
    expect(j.ends[1]!.end.error).toBeUndefined()
    expect(seen).toHaveLength(1)
  })

  it('records the send of calls journaled ahead, in the journal before the request leaves', async () => {
    const order: string[] = []
    handler = (_q, res, s) => {
      order.push(`request ${s.nonce}`)
      if (s.path.endsWith('/member')) send(res, 200, { code: 0, message: 'success', data: { succeeded: [{ id: 1, globalId: 'G1', userName: 'u1' }], failed: [] } })
      else send(res, 200, { code: 0, message: 'success', data: [{ assetNum: 'A1', status: 1 }] })
    }
    const j = new MemoryJournal()
    const sent = j.sent.bind(j)
    j.sent = (id, at) => {
      order.push(`sent ${j.starts[Number(id) - 1]!.nonce}`)
      return sent(id, at)
    }
    const c = client({ journal: j })
    const [toggle] = await c.prepareAll('lockAssets', [{ req: { body: lockBody } }], { ahead: true })
    const [create] = await c.prepareAll('addMembers', [{ req: { path: { enterpriseGlobalId: 'E1' }, body: { userList: [{ userName: 'u1', password: 'p12345', name: 'U' }] } } }], { ahead: true })
    const [single] = await c.prepareAll('lockAssets', [{ req: { body: lockBody } }])
    expect(j.starts.map((s) => s.queued)).toEqual([true, true, undefined])
    const t0 = Date.now()
    await c.call('lockAssets', { body: lockBody }, { prepared: toggle! })
    await c.call('addMembers', { path: { enterpriseGlobalId: 'E1' }, body: { userList: [{ userName: 'u1', password: 'p12345', name: 'U' }] } }, { prepared: create! })
    await c.call('lockAssets', { body: lockBody }, { prepared: single! })
    const [n1, n2, n3] = j.starts.map((s) => s.nonce)
    // Not journaled ahead: its start line is the record of its send.
    expect(order).toEqual([`sent ${n1}`, `request ${n1}`, `sent ${n2}`, `request ${n2}`, `request ${n3}`])
    // The end has the send time (when the request was handed to its connection).
    expect(j.ends[0]!.end.sentAt).toBeGreaterThanOrEqual(j.sends[0]!.at)
    expect(j.ends[0]!.end.sentAt).toBeGreaterThanOrEqual(t0)

    // A send that cannot be recorded (the journal not open, then not writable): not sent, the entry ends so.
    const [again] = await c.prepareAll('addMembers', [{ req: { path: { enterpriseGlobalId: 'E1' }, body: { userList: [{ userName: 'u2', password: 'p12345', name: 'U' }] } } }], { ahead: true })
    j.sent = () => Promise.reject(AppError.app('app.storage', { detail: 'disk full' }))
    const requests = seen.length
    await expect(c.call('addMembers', { path: { enterpriseGlobalId: 'E1' }, body: { userList: [] } }, { prepared: again! })).rejects.toMatchObject({ code: 'app.storage' })
    expect(seen).toHaveLength(requests)
    expect(j.ends.at(-1)!.end).toMatchObject({ outcome: 'notSent' })
  })

  it('a request that never got a connection has no send time', async () => {
    const j = new MemoryJournal()
    const c = client({ journal: j, settings: { maxRetries: 0 } }, { ...config(), baseUrl: 'http://127.0.0.1:9' })
    await expect(c.getShellNums(1)).rejects.toMatchObject({ code: 'app.network' })
    expect(j.ends[0]!.end.sentAt).toBeUndefined()
    expect(j.ends[0]!.end.outcome).toBe('error')
  })

  it('times out a read (retried) and a create (UNKNOWN)', async () => {
    handler = () => undefined
    const c = client({ settings: { bodyTimeoutMs: 200, retryBaseMs: 1, maxRetries: 1 } })
    await expect(c.listAssetNums('E1')).rejects.toMatchObject({ code: 'app.timeout' })
    expect(seen).toHaveLength(2)
    seen = []
    await expect(c.getShellNums(1)).rejects.toMatchObject({ code: 'app.unknownOutcome' })
    expect(seen).toHaveLength(1)
  })

  it('does not journal reads, and the journal gets the body to redact but no headers', async () => {
    handler = (_q, res) => send(res, 200, { code: 0, message: 'success', data: null })
    const j = new MemoryJournal()
    const c = client({ journal: j })
    await c.listAssetNums('E1').catch(() => undefined)
    expect(j.starts).toHaveLength(0)
    await c.resetPassword('E1', 'M1', 'n3wPassw0rd', { context: { jobId: 'job1', chunk: 2 } })
    expect(j.starts).toHaveLength(1)
    expect(j.starts[0]).toMatchObject({ operation: 'resetPassword', path: '/me/api/v1/enterprise/E1/member/M1/resetPassword', context: { jobId: 'job1', chunk: 2 } })
    expect(JSON.stringify(j.starts[0])).not.toMatch(/tok\d|Bearer/)
  })

  it('maps everything it throws to AppError', async () => {
    handler = (_q, res) => {
      res.writeHead(200)
      res.end('not json')
    }
    const e = await client().listAssetNums('E1').catch((x: unknown) => x)
    expect(e).toBeInstanceOf(AppError)
    expect((e as AppError).code).toBe('app.badResponse')
  })
})
