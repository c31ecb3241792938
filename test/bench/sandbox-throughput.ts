/**
 * Sandbox throughput: requests per second for "disable 100 locks" (order operation 6) and "member list page of
 * 100" (member operation 5), with a fresh g_nonce on every request (a replayed one would be refused, so the
 * count of successful answers proves every request was really processed). Only HTTP 200 answers count: every
 * error of the sandbox is HTTP 299 or 4xx/5xx.
 *
 * The sandbox runs in a child process (the CLI through tsx, as `npm run sandbox` does) and autocannon loads it
 * from this process: one core each on a 2-core machine. Target: at least 3,000 requests per second each.
 *
 * Alone: `npx tsx --tsconfig tsconfig.node.json test/bench/sandbox-throughput.ts [--duration 10] [--connections 16]`
 * prints one JSON line per scenario. The bench runner imports `runSandboxThroughput`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { TOGGLEABLE_LOCK_TYPES } from '@shared/api/orders'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'

/** The parts of autocannon's API used here (the package ships no types). */
interface AutocannonRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
}
interface AutocannonOptions {
  url: string
  connections: number
  duration: number
  pipelining?: number
  requests: (AutocannonRequest & {
    setupRequest?: (req: AutocannonRequest) => AutocannonRequest
  })[]
}
interface Histogram {
  average: number
  p50: number
  p99: number
  min: number
  max: number
}
interface AutocannonResult {
  requests: Histogram & { total: number }
  latency: Histogram
  throughput: Histogram
  duration: number
  errors: number
  timeouts: number
  non2xx: number
  statusCodeStats: Record<string, { count: number }>
}
type Autocannon = (opts: AutocannonOptions) => Promise<AutocannonResult>

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

export interface ThroughputOptions {
  /** Seconds per scenario. Default 10. */
  duration?: number
  /** Concurrent connections. Default 16. */
  connections?: number
  /** Demo scale of the sandbox under test. Default 40 (1,000 employees, 4,000 assets). */
  scale?: number
}

export interface ThroughputResult {
  bench: 'sandbox-throughput'
  scenario: 'lock-disable-100' | 'member-list-page-100'
  requestsPerSecond: number
  /** Requests answered with HTTP 200, i.e. code 0 (every one with its own g_nonce). */
  succeeded: number
  /** Anything else: HTTP errors, non-zero codes, connection errors. */
  failed: number
  latencyMs: { p50: number; p99: number; max: number }
  connections: number
  durationSeconds: number
  target: number
  meetsTarget: boolean
  /** Server CPU (user + system) per successful request, measured from /proc: independent of other load. */
  serverCpuMsPerRequest: number | null
  /** Requests per second one core of the server could answer at that cost. */
  serverCapacityPerCore: number | null
  setup: string
}

export const TARGET_RPS = 3000

const root = fileURLToPath(new URL('../..', import.meta.url))

/** Starts the sandbox CLI in a child process (node with the tsx loader) and resolves with its URL. */
async function startChild(scale: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--scale', String(scale), '--quiet'], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const timer = setTimeout(() => child.kill('SIGTERM'), 60_000)
  try {
    for await (const line of lines) {
      const m = /^sandbox listening on (http:\/\/\S+)$/.exec(line)
      if (m) return { url: m[1] as string, child }
    }
  } finally {
    clearTimeout(timer)
  }
  throw new Error('the sandbox did not start')
}

/** CPU time (user + system, ms) a process has used so far; null where /proc is not there. */
async function cpuMs(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ticks = Number(fields[11]) + Number(fields[12])
    return (ticks * 1000) / CLOCK_TICKS
  } catch {
    return null
  }
}
/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100

async function token(url: string, form: Record<string, string>): Promise<string> {
  const res = await fetch(`${url}${SANDBOX_DEMO.tokenPath}`, { method: 'POST', body: new URLSearchParams(form) })
  const body = (await res.json()) as { access_token?: string }
  if (!body.access_token) throw new Error(`token request failed: ${JSON.stringify(body)}`)
  return body.access_token
}

/**
 * Successes are the HTTP 200 answers: the sandbox answers every error (a replayed g_nonce, a bad token, a
 * validation error) with HTTP 299 or a 4xx/5xx, so no body needs parsing on this side of the measurement.
 */
function summarise(scenario: ThroughputResult['scenario'], r: AutocannonResult, connections: number, serverCpuMs: number | null): ThroughputResult {
  const ok = Number(r.statusCodeStats['200']?.count ?? 0)
  const all = Object.values(r.statusCodeStats).reduce((n, s) => n + Number(s.count), 0)
  const bad = all - ok
  const rps = Math.round(ok / r.duration)
  return {
    bench: 'sandbox-throughput',
    scenario,
    requestsPerSecond: rps,
    succeeded: ok,
    failed: bad + r.errors,
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    connections,
    durationSeconds: Math.round(r.duration * 10) / 10,
    target: TARGET_RPS,
    meetsTarget: rps >= TARGET_RPS,
    serverCpuMsPerRequest: serverCpuMs === null || ok === 0 ? null : Math.round((serverCpuMs / ok) * 1000) / 1000,
    serverCapacityPerCore: serverCpuMs === null || ok === 0 ? null : Math.round(ok / (serverCpuMs / 1000)),
    setup: 'sandbox CLI in a child process (node --import tsx), autocannon in this process, loopback HTTP/1.1 keep-alive, no pipelining',
  }
}

/** Runs both scenarios against a fresh sandbox and returns one result per scenario. */
export async function runSandboxThroughput(opts: ThroughputOptions = {}): Promise<ThroughputResult[]> {
  const duration = opts.duration ?? 10
  const connections = opts.connections ?? 16
  const { url, child } = await startChild(opts.scale ?? 40)
  try {
    const orderToken = await token(url, { grant_type: 'client_credentials', client_id: SANDBOX_DEMO.orderApp.clientId, client_secret: SANDBOX_DEMO.orderApp.clientSecret })
    const clientToken = await token(url, { grant_type: 'client_credentials', client_id: SANDBOX_DEMO.memberApp.clientId, client_secret: SANDBOX_DEMO.memberApp.clientSecret })
    const userToken = await token(url, {
      grant_type: 'password',
      client_id: SANDBOX_DEMO.memberApp.clientId,
      client_secret: SANDBOX_DEMO.memberApp.clientSecret,
      username: SANDBOX_DEMO.user.username,
      password: SANDBOX_DEMO.user.password,
    })
    const enterprise = SANDBOX_DEMO.enterpriseGlobalId

    // 100 real, enabled-or-disabled toggleable locks of the demo enterprise, read through the API.
    const list = (await (
      await fetch(`${url}/order/api/order/v1/asset/${enterprise}/list?g_nonce=${randomUUID()}`, { headers: { authorization: `Bearer ${orderToken}` } })
    ).json()) as { data: { assetNum: string; licenseType: string }[] }
    const locks = list.data
      .filter((a) => (TOGGLEABLE_LOCK_TYPES as readonly string[]).includes(a.licenseType) && a.assetNum.startsWith('81'))
      .slice(0, 100)
      .map((a) => a.assetNum)
    if (locks.length < 100) throw new Error(`only ${locks.length} toggleable locks at this scale`)

    const results: ThroughputResult[] = []

    const lockBody = JSON.stringify({ assetNums: locks, operatorIdentity: 'bench@example.com' })
    let cpu0 = await cpuMs(child.pid)
    const lock = await autocannon({
      url,
      connections,
      duration,
      requests: [
        {
          method: 'POST',
          headers: { authorization: `Bearer ${orderToken}`, 'content-type': 'application/json' },
          body: lockBody,
          setupRequest: (req) => ({ ...req, path: `/order/api/order/v1/asset/lock?g_nonce=${randomUUID()}` }),
        },
      ],
    })
    let cpu1 = await cpuMs(child.pid)
    results.push(summarise('lock-disable-100', lock, connections, cpu0 === null || cpu1 === null ? null : cpu1 - cpu0))

    let page = 0
    const headers = { authorization: `Bearer ${clientToken}`, clienttoken: clientToken, usertoken: userToken }
    cpu0 = await cpuMs(child.pid)
    const members = await autocannon({
      url,
      connections,
      duration,
      requests: [
        {
          method: 'GET',
          headers,
          // Pages 1 to 10 of 100 employees each, in turn.
          setupRequest: (req) => ({ ...req, path: `/me/api/v1/enterprise/${enterprise}/members?pageNum=${(page++ % 10) + 1}&pageSize=100&g_nonce=${randomUUID()}` }),
        },
      ],
    })
    cpu1 = await cpuMs(child.pid)
    results.push(summarise('member-list-page-100', members, connections, cpu0 === null || cpu1 === null ? null : cpu1 - cpu0))
    return results
  } finally {
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
}

function argValue(name: string): number | undefined {
  const i = process.argv.indexOf(name)
  const v = i >= 0 ? process.argv[i + 1] : undefined
  return v === undefined ? undefined : Number(v)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const opts: ThroughputOptions = {}
  const d = argValue('--duration')
  const c = argValue('--connections')
  const s = argValue('--scale')
  if (d !== undefined) opts.duration = d
  if (c !== undefined) opts.connections = c
  if (s !== undefined) opts.scale = s
  runSandboxThroughput(opts).then(
    (results) => {
      for (const r of results) process.stdout.write(`${JSON.stringify(r)}\n`)
    },
    (err: unknown) => {
      process.stderr.write(`sandbox-throughput: ${err instanceof Error ? err.message : String(err)}\n`)
      process.exit(1)
    },
  )
}
