/**
 * The local licensing-service sandbox: the only module the app imports (lint-enforced). `startSandbox` runs a
 * real HTTP server implementing the 19 operations of the service (docs/service.md) plus a token endpoint, over demo data.
 * Everything a user of it needs is in docs/sandbox.md.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { DEFAULT_LIMITS, type AssumedLimits } from '@shared/settings'
import { AppRegistry } from './auth/apps'
import { Guard } from './auth/guard'
import { TokenEndpoint } from './auth/token-endpoint'
import { DEFAULT_TOKEN_TTL_SECONDS, TokenStore } from './auth/tokens'
import { Clock } from './clock'
import { FaultInjector, type FaultSettings, type QueuedFault } from './faults'
import { DEFAULT_NONCE_MAX_ENTRIES, DEFAULT_NONCE_WINDOW_MS, NonceWindow } from './nonce'
import { Pipeline } from './server'
import { StatsRecorder, type SandboxStats } from './stats'
import { buildDemoState } from './state/demo'
import { verifyPassword } from './state/passwords'
import { Persister, loadStateFile } from './state/persist'
import type { Asset, Customer, Employee, Enterprise } from './state/schema'
import type { Store } from './state/store'

export type { FaultSettings, QueuedFault, FaultKind } from './faults'
export type { SandboxStats, CreateOperation } from './stats'
export type { Asset, Customer, Employee, Enterprise } from './state/schema'
export { DEMO_ASSETS, DEMO_EMPLOYEES, DEMO_LOGINS } from './state/demo'
export { MAGIC_LOCKS, MAGIC_USER_NAMES, NONCE_FORCE_500 } from './magic'
export { StateFileError } from './state/persist'

export interface SandboxOptions {
  /** Default '127.0.0.1'. Anything else only when explicitly asked: the sandbox has no real security. */
  host?: string
  /** Default 0: a random free port. */
  port?: number
  /** Keep state in this file: loaded on start (created when missing), written atomically after changes. */
  dataFile?: string
  /** 1 = demo data; the demo enterprise holds 25 x scale employees and 100 x scale assets (2000: 50,000 / 200,000). */
  scale?: number
  /** Added before each operation is handled, in ms. */
  latencyMs?: number
  /** 0..1: answer error 500 (HTTP 299) without touching state. */
  failureRate?: number
  /** 0..1: destroy the connection without answering, before any work is done. */
  dropRate?: number
  /** 0..1: do the work (state changes), then destroy the connection without answering. */
  dropAfterWorkRate?: number
  /** Seed of the demo data and of fault decisions. Default 1. */
  seed?: number
  /** Lifetime of issued tokens. Default 7200 s. */
  tokenTtlSeconds?: number
  /** The g_nonce replay window. Default 5 minutes. */
  nonceWindowMs?: number
  /** Most g_nonces remembered. Default 200,000. */
  nonceMaxEntries?: number
  /** Bounds the spec leaves open (password length, trial cap, page size...). Default: the app's defaults. */
  limits?: Partial<AssumedLimits>
  /** Region digit of new shell numbers: '8' domestic (default) or '6' Singapore. */
  shellRegion?: '8' | '6'
  /** No warnings on stderr. */
  quiet?: boolean
  /**
   * Accept a batch order whose channelCode/channelOrderId pair was accepted before (default false: refused with
   * 13004). The spec does not say; tests turn it on to prove the app sends each order once without that help.
   */
  acceptRepeatedChannelOrder?: boolean
  /**
   * Async batch orders (`syncMode: async`) are answered at once and applied this long after (default 0: at once,
   * like sync ones). The work is applied by the first request at or after that time (sandbox clock).
   */
  asyncDelayMs?: number
}

/** Fault settings a test can change while the sandbox runs. */
export type SandboxFaults = Partial<FaultSettings>

/** Read-only views of the state, for tests (copies: changing them changes nothing). */
export interface SandboxInspector {
  enterprise(globalId: string): Enterprise | undefined
  customerByCrm(crmCustomerId: string): Customer | undefined
  employees(enterpriseGlobalId: string): Employee[]
  employeeByUserName(enterpriseGlobalId: string, userName: string): Employee | undefined
  asset(assetNum: string): Asset | undefined
  /** Asset numbers configured to an employee. */
  assetNumsOf(memberGlobalId: string): string[]
  /** Product ids currently on an asset. */
  productIdsOf(assetNum: string): number[]
}

/** Ids of the demo data that do not depend on the seed. */
export interface SandboxDemoIds {
  enterpriseGlobalId: string
  customerId: string
  otherEnterpriseGlobalId: string
  otherCustomerId: string
}

export interface SandboxHandle {
  /** `http://127.0.0.1:PORT`: the `{base_url}` of the spec. */
  url: string
  port: number
  host: string
  /** Stops listening, ends open connections and writes the data file. */
  close(): Promise<void>
  setFaults(f: SandboxFaults): void
  /** A fault for the next matching request(s), e.g. `{ kind: 'dropAfterWork', operation: 'addMembers' }`. */
  queueFault(f: QueuedFault): void
  /** Back to no faults: rates 0, latency 0, queue empty. */
  clearFaults(): void
  stats(): SandboxStats
  resetStats(): void
  /** Moves the sandbox clock forward: expires tokens and g_nonces without waiting. */
  advanceClock(ms: number): void
  /** Forgets every issued token (clients must fetch new ones). */
  revokeTokens(): void
  /** Writes the data file now (no-op without one). */
  flush(): Promise<void>
  /** Resolves once no request is being handled (each one that arrived was answered or dropped). */
  idle(): Promise<void>
  inspect: SandboxInspector
  demo: SandboxDemoIds
}

function checkOptions(o: SandboxOptions): void {
  if (o.port !== undefined && (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535)) throw new RangeError(`port must be 0 to 65535, got ${o.port}`)
  if (o.scale !== undefined && (!Number.isFinite(o.scale) || o.scale <= 0 || o.scale > 10_000)) throw new RangeError(`scale must be above 0 and at most 10000, got ${o.scale}`)
  if (o.seed !== undefined && !Number.isInteger(o.seed)) throw new RangeError(`seed must be an integer, got ${o.seed}`)
  if (o.tokenTtlSeconds !== undefined && !(o.tokenTtlSeconds > 0)) throw new RangeError(`tokenTtlSeconds must be above 0, got ${o.tokenTtlSeconds}`)
  if (o.shellRegion !== undefined && o.shellRegion !== '8' && o.shellRegion !== '6') throw new RangeError(`shellRegion must be '8' or '6'`)
}

function inspector(store: Store): SandboxInspector {
  const copy = <T>(v: T | undefined): T | undefined => (v === undefined ? undefined : structuredClone(v))
  return {
    enterprise: (id) => copy(store.enterprises.get(id)),
    customerByCrm: (crm) => copy(store.customerByCrm(crm)),
    employees: (id) => structuredClone([...store.employeesOf(id)]),
    employeeByUserName: (id, userName) => copy(store.employeeByUserName(id, userName)),
    asset: (no) => copy(store.assetByNum(no)),
    assetNumsOf: (member) => store.assetsOfMember(member).map((a) => a.assetNum),
    productIdsOf: (no) => {
      const a = store.assetByNum(no)
      return a ? store.productsOf(a.id).map((p) => p.id) : []
    },
  }
}

function demoIds(store: Store): SandboxDemoIds {
  const c1 = store.customerByChannel(SANDBOX_DEMO.channelCode, SANDBOX_DEMO.channelCustomerId)
  const c2 = store.customerByChannel(SANDBOX_DEMO.channelCode, SANDBOX_DEMO.otherChannelCustomerId)
  return {
    enterpriseGlobalId: c1?.enterpriseGlobalId ?? '',
    customerId: c1?.customerId ?? '',
    otherEnterpriseGlobalId: c2?.enterpriseGlobalId ?? '',
    otherCustomerId: c2?.customerId ?? '',
  }
}

/** Starts the sandbox and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  checkOptions(options)
  const host = options.host ?? '127.0.0.1'
  const seed = options.seed ?? 1
  const log = (line: string): void => {
    if (!options.quiet) process.stderr.write(`${line}\n`)
  }

  let store = options.dataFile ? await loadStateFile(options.dataFile) : null
  const fresh = store === null
  if (!store) store = buildDemoState(seed, options.scale ?? 1, Date.now())
  else {
    if (options.scale !== undefined && options.scale !== store.scale) {
      log(`sandbox: ${options.dataFile} holds scale ${store.scale} data; --scale ${options.scale} is ignored (delete the file to rebuild)`)
    }
    if (options.seed !== undefined && options.seed !== store.seed) {
      log(`sandbox: ${options.dataFile} holds seed ${store.seed} data; --seed ${options.seed} only seeds fault decisions`)
    }
  }
  const loaded = store

  const clock = new Clock()
  const stats = new StatsRecorder()
  const tokens = new TokenStore(clock, options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS)
  const nonces = new NonceWindow(clock, options.nonceWindowMs ?? DEFAULT_NONCE_WINDOW_MS, options.nonceMaxEntries ?? DEFAULT_NONCE_MAX_ENTRIES)
  const faults = new FaultInjector(seed, {
    latencyMs: options.latencyMs ?? 0,
    failureRate: options.failureRate ?? 0,
    dropRate: options.dropRate ?? 0,
    dropAfterWorkRate: options.dropAfterWorkRate ?? 0,
  })
  const checkUser = (username: string, password: string): string | undefined => {
    const admin = loaded.adminByLogin(username)
    return admin && verifyPassword(password, admin.salt, admin.passwordHash) ? admin.login : undefined
  }
  const persister = options.dataFile ? new Persister(options.dataFile, loaded, (err) => log(`sandbox: cannot write ${options.dataFile}: ${err.message}`)) : null
  if (persister && fresh) await persister.initial()

  const pipeline = new Pipeline({
    ctx: { store: loaded, clock, limits: { ...DEFAULT_LIMITS, ...options.limits }, stats, shellRegion: options.shellRegion ?? '8', acceptRepeatedChannelOrder: options.acceptRepeatedChannelOrder === true, asyncDelayMs: options.asyncDelayMs ?? 0, deferred: [] },
    guard: new Guard(tokens, nonces, (login) => loaded.adminByLogin(login) !== undefined),
    tokens: new TokenEndpoint(new AppRegistry(), tokens, checkUser),
    faults,
    stats,
    changed: () => persister?.schedule(),
    log,
  })

  const server: Server = createServer({ keepAliveTimeout: 30_000 }, pipeline.listener)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  const urlHost = host.includes(':') ? `[${host}]` : host
  let closing: Promise<void> | null = null

  return {
    url: `http://${urlHost}:${port}`,
    port,
    host,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }).then(() => persister?.flush())
      return closing
    },
    setFaults: (f) => faults.set(f),
    queueFault: (f) => faults.enqueue(f),
    clearFaults() {
      faults.set({ latencyMs: 0, failureRate: 0, dropRate: 0, dropAfterWorkRate: 0 })
      faults.clearQueue()
    },
    stats: () => stats.snapshot(),
    resetStats: () => stats.reset(),
    advanceClock: (ms) => clock.advance(ms),
    revokeTokens: () => tokens.revokeAll(),
    flush: async () => {
      await persister?.flush()
    },
    idle: () => pipeline.idle(),
    inspect: inspector(loaded),
    demo: demoIds(loaded),
  }
}
