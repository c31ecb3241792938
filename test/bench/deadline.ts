/**
 * Bench: how long a call and a connection test take against a service that stalls, with the default settings
 * (the call deadline of 30 s; docs/decisions.md, "Deadlines"). Two local TCP servers: one accepts and never answers,
 * one sends an answer's headers and then stalls. Measures a read against each, a write (an idempotent one), a call
 * whose token request stalls, and the connection test against the silent one. Before the deadline: 313 s for one
 * call, 628 s for a connection test. One JSON line on stdout (scenario "deadline"); details on stderr. Run with
 * `npx tsx --tsconfig tsconfig.node.json test/bench/deadline.ts` (about 40 s: the calls run side by side).
 */
import { createServer, type Server, type Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { AppError } from '@shared/errors/app-error'
import { createApiClient } from '../../src/main/api/client'
import type { ConnectionConfig } from '../../src/main/api/connection'
import { testConnection } from '../../src/main/api/connection-test'

const log = (msg: string) => process.stderr.write(`[bench:deadline] ${msg}\n`)

async function stallServer(onData?: (s: Socket) => void): Promise<{ url: string; server: Server; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>()
  const server = createServer((s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
    s.on('error', () => undefined)
    if (onData) s.once('data', () => onData(s))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server, sockets }
}

function config(baseUrl: string, tokenUrl: string, secrets: Record<string, string>): ConnectionConfig {
  return {
    profileId: 'bench',
    baseUrl,
    tokenUrl,
    orderAppKey: 'k',
    memberAppKey: 'k',
    userLogin: 'u',
    operatorIdentity: 'bench@example.com',
    enterpriseGlobalId: 'E1',
    getSecret: async (n) => secrets[n] ?? null,
  }
}

async function timed(what: string, run: () => Promise<unknown>): Promise<{ s: number; outcome: string }> {
  const t0 = performance.now()
  let outcome: string
  try {
    const r = await run()
    outcome = typeof r === 'string' ? r : 'ok'
  } catch (err) {
    outcome = err instanceof AppError ? err.code : String(err)
  }
  const s = Math.round((performance.now() - t0) / 100) / 10
  log(`${what}: ${outcome} after ${s} s`)
  return { s, outcome }
}

export async function runDeadlineBench(): Promise<Record<string, unknown>> {
  const silent = await stallServer()
  const headers = await stallServer((s) => s.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"code":'))
  const pasted = { orderAccessToken: 't', memberClientToken: 't', userToken: 't' }
  const a = createApiClient(config(silent.url, `${silent.url}/oauth/token`, pasted))
  const b = createApiClient(config(headers.url, `${headers.url}/oauth/token`, pasted))
  const c = createApiClient(config(headers.url, `${silent.url}/oauth/token`, { orderAppSecret: 's' }))
  try {
    const [readSilent, readHeaders, writeHeaders, tokenStall, test] = await Promise.all([
      timed('read, server never answers', () => a.listVirtualAssets('E1')),
      timed('read, headers then stall', () => b.listVirtualAssets('E1')),
      timed('idempotent write, headers then stall', () => b.lockAssets({ assetNums: ['1'], operatorIdentity: 'x' })),
      timed('read whose token request stalls', () => c.listVirtualAssets('E1')),
      timed('connection test, server never answers', async () => {
        const r = await testConnection(config(silent.url, `${silent.url}/oauth/token`, { orderAppSecret: 's', memberAppSecret: 's', userPassword: 'p' }))
        return `${r.summary} (${r.order.token.status === 'failed' ? r.order.token.error.code : r.order.token.status})`
      }),
    ])
    return {
      scenario: 'deadline',
      readSilentS: readSilent.s,
      readSilent: readSilent.outcome,
      readHeadersS: readHeaders.s,
      writeHeadersS: writeHeaders.s,
      writeHeaders: writeHeaders.outcome,
      tokenStallS: tokenStall.s,
      connectionTestS: test.s,
      connectionTest: test.outcome,
    }
  } finally {
    for (const s of [...silent.sockets, ...headers.sockets]) s.destroy()
    silent.server.close()
    headers.server.close()
    await Promise.all([a.close(), b.close(), c.close()])
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runDeadlineBench()
    .then((line) => process.stdout.write(`${JSON.stringify(line)}\n`))
    .catch((err: unknown) => {
      log(String(err instanceof Error ? err.stack : err))
      process.exit(1)
    })
}
