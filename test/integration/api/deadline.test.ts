/**
 * A call's one overall deadline against two local TCP servers that stall: one accepts and never answers, one sends
 * an answer's headers and then stalls. Every call (read, write, token request) ends as failed or unknown in words,
 * the connection test answers, and a bulk job pauses with the reason. A 1 s deadline keeps the file quick; the
 * vitest timeouts only end a hang (the old client hung here for minutes).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeError, type AppErrorData } from '@shared/errors/app-error'
import { DEFAULT_BULK } from '@shared/settings'
import { createApiClient, type ApiClient } from '../../../src/main/api/client'
import { testConnection } from '../../../src/main/api/connection-test'
import { BulkRunner } from '../../../src/main/services/bulk'
import { demoConfig } from './support'

const DEADLINE = { callDeadlineMs: 1_000, retryBaseMs: 1 }

interface Stall {
  url: string
  server: Server
  sockets: Set<Socket>
}

/** A TCP server that accepts and then does `onData` (or nothing) with what arrives. */
async function stallServer(onData?: (s: Socket) => void): Promise<Stall> {
  const sockets = new Set<Socket>()
  const server = createServer((s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
    s.on('error', () => undefined)
    if (onData) s.once('data', () => onData(s))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as { port: number }).port
  return { url: `http://127.0.0.1:${port}`, server, sockets }
}

async function closeStall(s: Stall): Promise<void> {
  for (const sock of s.sockets) sock.destroy()
  await new Promise<void>((r) => s.server.close(() => r()))
}

let silent: Stall
let headersOnly: Stall
let dir: string
const clients: ApiClient[] = []

/** A client whose tokens are pasted (no token request) or issued by `tokenUrl`. */
function clientOf(baseUrl: string, opts: { tokenUrl?: string } = {}): ApiClient {
  const secrets = opts.tokenUrl ? { orderAppSecret: 's' } : { orderAccessToken: 't', memberClientToken: 't', userToken: 't' }
  const c = createApiClient(demoConfig({ url: baseUrl }, secrets, opts.tokenUrl ? { tokenUrl: opts.tokenUrl } : {}), { settings: DEADLINE })
  clients.push(c)
  return c
}

async function failure(p: Promise<unknown>): Promise<AppErrorData> {
  const e = (await p.then(() => null, (x: unknown) => x)) as { toData?: () => AppErrorData } | null
  expect(e?.toData).toBeTypeOf('function')
  return e!.toData!()
}

beforeAll(async () => {
  silent = await stallServer()
  headersOnly = await stallServer((s) => s.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"code":'))
  dir = mkdtempSync(join(tmpdir(), 'ld-deadline-'))
})
afterAll(async () => {
  // Sockets first: a client's close waits for its requests, which end once the server's side is gone.
  await closeStall(silent)
  await closeStall(headersOnly)
  await Promise.all(clients.map((c) => c.close()))
  rmSync(dir, { recursive: true, force: true })
})

describe('the call deadline', () => {
  it('a read against a server that never answers fails, said in words: nothing was changed', async () => {
    const e = await failure(clientOf(silent.url).listAssetNums('E1'))
    expect(e.code).toBe('app.deadline')
    expect(describeError(e, 'en')).toContain('did not answer within 1 s, so the call was stopped. It failed and nothing was changed')
    expect(describeError(e, 'zh-CN')).toContain('服务未在 1 秒内应答')
  }, 20_000)

  it('after the headers, a stalled body: a read fails, an idempotent write and a create end unknown', async () => {
    const c = clientOf(headersOnly.url)
    expect((await failure(c.listAssetNums('E1'))).code).toBe('app.deadline')
    const write = await failure(c.resetPassword('E1', 'M1', 'n3wPassw0rd'))
    expect(write.code).toBe('app.deadlineUnknown')
    expect(describeError(write, 'en')).toContain('Its outcome is unknown: the change may or may not have been made')
    const create = await failure(c.getShellNums(1))
    expect(create.code).toBe('app.unknownOutcome')
    expect(create.details.cause).toContain('no answer within 1 s')
  }, 20_000)

  it('a token request ends by its deadline too', async () => {
    const e = await failure(clientOf(headersOnly.url, { tokenUrl: `${silent.url}/oauth/token` }).listVirtualAssets('E1'))
    expect(e.code).toBe('app.deadline')
  }, 20_000)

  it('the connection test answers, each step failed in words', async () => {
    const config = demoConfig(silent, { orderAppSecret: 's', memberAppSecret: 's', userPassword: 'p' }, { enterpriseGlobalId: 'E1' })
    const r = await testConnection(config, { settings: DEADLINE })
    expect(r.summary).toBe('allFailed')
    expect(r.order.token).toMatchObject({ status: 'failed', error: { code: 'app.deadline' } })
    expect(r.member.token).toMatchObject({ status: 'failed', error: { code: 'app.deadline' } })
  }, 20_000)

  it('a bulk job facing a stalled service pauses with the reason', async () => {
    const client = clientOf(headersOnly.url)
    const runner = new BulkRunner({
      dataDir: dir,
      clientFor: async () => client,
      settings: async () => ({ ...DEFAULT_BULK, ...DEADLINE, lockChunkSize: 2 }),
      activeProfileId: async () => 'it-profile',
      operatorIdentity: async () => 'deadline@example.com',
      onProgress: () => undefined,
    })
    try {
      const job = await runner.start({ kind: 'locks.disable', items: ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'L8', 'L9', 'L10', 'L11', 'L12'] })
      const done = await runner.wait(job.id)
      expect(done.status).toBe('paused')
      expect(done.error?.code).toBe('app.deadlineUnknown')
      // Nothing more was sent after the first calls ran out of time: the rest are still to do.
      expect(done.counts.pending).toBeGreaterThan(0)
    } finally {
      await runner.close()
    }
  }, 20_000)
})
