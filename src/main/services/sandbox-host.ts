/**
 * Runs the local sandbox in-process whenever the Sandbox profile is active: on a random
 * loopback port, its state in the data folder so practice work survives restarts. Stops it when another
 * profile becomes active. Publishes `sandbox.status`.
 */
import { mkdir } from 'node:fs/promises'
import { dirname, relative } from 'node:path'
import { AppError } from '@shared/errors/app-error'
import { StateFileError } from '../../sandbox/index'
import type { EventBus } from '../ipc/events'
import type { Logger } from './log'
import type { Storage } from './storage'

/** What the host needs of a running sandbox. */
export interface RunningSandbox {
  url: string
  close(): Promise<void>
}

/** Starts a sandbox (`startSandbox` of src/sandbox/index.ts, or a stand-in in tests). */
export type SandboxStarter = (options: { host: string; port: number; dataFile: string; quiet: boolean; scale?: number; latencyMs?: number }) => Promise<RunningSandbox>

/**
 * Environment variable that sizes the in-process sandbox's demo enterprise (its `scale`: 25 x n employees,
 * 100 x n assets; 2000 gives the 200,000 assets of the asset-table e2e test and benchmark). It applies only when
 * the sandbox builds fresh data: a state file already in the data folder keeps its own scale.
 */
export const SANDBOX_SCALE_ENV = 'LICENSE_DESK_SANDBOX_SCALE'

/** The scale asked for in the environment; undefined when unset; throws on a value the sandbox would refuse. */
export function sandboxScaleFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[SANDBOX_SCALE_ENV]?.trim()
  if (!raw) return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new RangeError(`${SANDBOX_SCALE_ENV} must be an integer from 1 to 10000, got "${raw}"`)
  return n
}

/**
 * Environment variable that makes the in-process sandbox answer every operation this many milliseconds late
 * (0 to 60,000): a service across a network, for practice and for tests that stop the app in the middle of a run.
 */
export const SANDBOX_LATENCY_ENV = 'LICENSE_DESK_SANDBOX_LATENCY'

/** The latency asked for in the environment; undefined when unset; throws on a value out of range. */
export function sandboxLatencyFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[SANDBOX_LATENCY_ENV]?.trim()
  if (!raw) return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0 || n > 60_000) throw new RangeError(`${SANDBOX_LATENCY_ENV} must be an integer from 0 to 60000 (ms), got "${raw}"`)
  return n
}

export interface SandboxStatus {
  running: boolean
  url?: string
  error?: string
}

/** Owns the in-process sandbox: at most one, started on demand, stopped on request or at dispose. */
export class SandboxHost {
  private running: RunningSandbox | null = null
  private lastError: string | undefined
  // Start and stop requests run one after another so a quick switch back and forth ends in the right state.
  private chain: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly opts: {
      start: SandboxStarter | null
      dataFile: string
      log: Logger
      events: EventBus
      /** Where an unreadable state file is kept aside and reported (the data folder's storage). */
      storage?: Storage
      /** Scale of fresh demo data; default: LICENSE_DESK_SANDBOX_SCALE, else the sandbox's own (1). */
      scale?: number
    },
  ) {}

  /** Current state. */
  status(): SandboxStatus {
    if (this.running) return { running: true, url: this.running.url }
    return this.lastError ? { running: false, error: this.lastError } : { running: false }
  }

  /** The sandbox's address, starting it if needed. Throws 'app.sandboxUnavailable' when it cannot start. */
  async ensure(): Promise<string> {
    if (this.running) return this.running.url
    return (await this.serial(() => this.startNow())).url
  }

  /** Stops the sandbox if it runs. */
  stop(): Promise<void> {
    return this.serial(() => this.stopNow())
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn)
    this.chain = run.catch(() => undefined)
    return run
  }

  private async startNow(): Promise<RunningSandbox> {
    if (this.running) return this.running
    const { start, dataFile, log, events } = this.opts
    if (!start) {
      this.lastError = 'the sandbox is not part of this build'
      events.emit('sandbox.status', this.status())
      throw AppError.app('app.sandboxUnavailable', { detail: this.lastError })
    }
    try {
      await mkdir(dirname(dataFile), { recursive: true, mode: 0o700 })
      this.running = await this.startKeepingBadStateAside(start)
      this.lastError = undefined
      log.info('sandbox started', { url: this.running.url })
    } catch (err) {
      this.lastError = (err as Error).message
      log.error('sandbox failed to start', { error: err })
      events.emit('sandbox.status', this.status())
      throw AppError.app('app.sandboxUnavailable', { detail: this.lastError })
    }
    events.emit('sandbox.status', this.status())
    return this.running
  }

  // Practice data the sandbox cannot read must not block the Sandbox profile: the file is kept aside (never
  // deleted) and reported, and the sandbox starts again on fresh demo data.
  private async startKeepingBadStateAside(start: SandboxStarter): Promise<RunningSandbox> {
    const { dataFile, storage, log } = this.opts
    const scale = this.opts.scale ?? sandboxScaleFromEnv()
    const latencyMs = sandboxLatencyFromEnv()
    const options = { host: '127.0.0.1', port: 0, dataFile, quiet: true, ...(scale === undefined ? {} : { scale }), ...(latencyMs === undefined ? {} : { latencyMs }) }
    try {
      return await start(options)
    } catch (err) {
      if (!storage || !(err instanceof StateFileError) || err.file !== dataFile) throw err
      const message = err.message
      log.warn('the sandbox could not read its state file; keeping it aside and starting on fresh demo data', { error: message })
      await storage.keepAside(relative(storage.dataDir, dataFile), 'could not be read by the sandbox')
      return start(options)
    }
  }

  private async stopNow(): Promise<void> {
    const running = this.running
    if (!running) return
    this.running = null
    try {
      await running.close()
      this.opts.log.info('sandbox stopped')
    } catch (err) {
      this.opts.log.warn('sandbox did not close cleanly', { error: err })
    }
    this.opts.events.emit('sandbox.status', this.status())
  }
}
