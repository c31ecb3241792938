/** One job in memory (its file, results, tallies and run flags), what every part of the runner shares, and the tally rules. */
import { AppError, type AppErrorData } from '@shared/errors/app-error'
import type { BulkProgress, ItemResult, ItemState, JobStatus } from '@shared/ipc/channels/bulk'
import type { BulkSettings } from '@shared/settings'
import type { AbortScope } from '../../api/abort-scope'
import type { ApiClient } from '../../api/client'
import type { JobSecretVault } from '../vault/job-secrets'
import { openJob, type JobBase, type KindEnv, type KindRunner } from './kinds'
import type { JobStore } from './job-store'
import { RateMeter, Throttle } from './progress'

export interface BulkRunnerDeps {
  dataDir: string
  /** The API client of a profile (with the journal attached). */
  clientFor(profileId: string): Promise<ApiClient>
  settings(): Promise<BulkSettings>
  /** The profile a job uses when the start input names none. */
  activeProfileId(): Promise<string>
  /** The profile's default operator identity for lock jobs. */
  operatorIdentity(profileId: string): Promise<string>
  onProgress(progress: BulkProgress): void
  /**
   * Throws (app.dataDirBusy) when this process does not own the data folder: another process runs its jobs, so
   * this one only reads them (see core/owner.ts). Default: always the owner.
   */
  owner?: () => void
  /** Where items' secrets (an import's initial passwords) live: the vault's (default: this process's memory). */
  secrets?: JobSecretVault
  now?: () => number
  /** Sends of one create item before it is given up (each after a read-back said "not done"). */
  maxSends?: number
  /** Read-back failures in a row before unknown items are given up as unknown. */
  maxReconcileFailures?: number
  /** Least time between progress events of a job. */
  progressIntervalMs?: number
}

/** What the runner's parts share: its dependencies, the job store, the jobs it knows, and its background work. */
export interface RunnerContext {
  readonly deps: BulkRunnerDeps
  readonly store: JobStore
  readonly jobs: ReadonlyMap<string, Job>
  readonly now: () => number
  readonly maxSends: number
  readonly maxReconcileFailures: number
  /** Work that outlives a run (rewriting a job file) and that close() must wait for. */
  track(p: Promise<void>): void
}

export type FinalState = 'ok' | 'failed' | 'unknown' | 'cancelled'
const FINAL: ReadonlySet<ItemState> = new Set<FinalState>(['ok', 'failed', 'unknown', 'cancelled'])
export function isFinal(state: ItemState): state is FinalState {
  return FINAL.has(state)
}

export const DAY_MS = 24 * 60 * 60 * 1000

export interface Job {
  file: JobBase
  kind: KindRunner
  results: (ItemResult | undefined)[]
  /** Results each item has had (its first run's and each retry's). */
  tries: Uint16Array
  /** Unique items per final state (kept up to date by setResult, so counts never walk every item). */
  tally: Record<FinalState, number>
  /** Items whose result a retry may change (kind.retryable), likewise. */
  retryable: number
  /** Items in calls out now. */
  inFlight: number
  status: JobStatus
  error?: AppErrorData
  updatedAt: number
  /** Items whose outcome is unknown: read back before anything of theirs is sent again. */
  unknown: Set<number>
  /** Per item, how many of its calls may have reached the service in this session (a typed array: one per item). */
  sends: Uint16Array
  reconcileFailures: number
  pauseRequested: boolean
  cancelRequested: boolean
  /** The run has decided how it ends (left its loop): a resume or cancel now comes too late for it. */
  ending: boolean
  /** A resume or cancel that came while the run was ending: acted on once it has ended. */
  next: 'resume' | 'cancel' | null
  /** The error that stopped the current run (credentials refused, journal not writable). */
  stopError: AppError | null
  abort: AbortScope | null
  loop: Promise<void> | null
  chunkSeq: number
  /** The job file on disk (no create is sent before). */
  written: Promise<void>
  /** The last result line appended (on disk once this resolves, and every earlier one too). */
  lastWrite: Promise<void>
  meter: RateMeter
  throttle: Throttle
  /** A removal of finished items' secrets from the job file, waiting (timer) or being written. */
  dropTimer: NodeJS.Timeout | null
  dropping: Promise<void>
}

/** A job at rest (paused, nothing sent in this session); `progress` is what its progress events carry. */
export function makeJob(
  file: JobBase,
  results: (ItemResult | undefined)[],
  tries: Uint16Array,
  opts: { now: () => number; intervalMs: number; onProgress: (job: Job) => void; env?: KindEnv },
): Job {
  const job: Job = {
    file,
    kind: openJob(file, opts.env),
    results,
    tries,
    tally: { ok: 0, failed: 0, unknown: 0, cancelled: 0 },
    retryable: 0,
    inFlight: 0,
    status: 'paused',
    updatedAt: file.createdAt,
    unknown: new Set(),
    sends: new Uint16Array(results.length),
    reconcileFailures: 0,
    pauseRequested: false,
    cancelRequested: false,
    ending: false,
    next: null,
    stopError: null,
    abort: null,
    loop: null,
    chunkSeq: 0,
    written: Promise.resolve(),
    lastWrite: Promise.resolve(),
    meter: new RateMeter(opts.now),
    throttle: new Throttle(opts.intervalMs, () => opts.onProgress(job), opts.now),
    dropTimer: null,
    dropping: Promise.resolve(),
  }
  return job
}

/** Counts every item's result again (after loading, or when what a retry may change has changed). */
export function recount(job: Job): void {
  const t = { ok: 0, failed: 0, unknown: 0, cancelled: 0 }
  let retryable = 0
  job.results.forEach((r, i) => {
    if (!r || !isFinal(r.state)) return
    t[r.state]++
    if (job.kind.retryable(r, i)) retryable++
  })
  job.tally = t
  job.retryable = retryable
}

/** Sets an item's result in memory, keeping the tallies and its tries up to date. */
export function setResult(job: Job, i: number, r: ItemResult | undefined): void {
  const t = job.tally
  const before = job.results[i]
  if (before && isFinal(before.state)) {
    t[before.state]--
    if (job.kind.retryable(before, i)) job.retryable--
  }
  if (r && isFinal(r.state)) {
    t[r.state]++
    if (job.kind.retryable(r, i)) job.retryable++
  }
  if (r && job.tries[i]! < 0xffff) job.tries[i]!++
  job.results[i] = r
}

/** Items finished (final result or duplicate), without walking every result. */
export function doneCount(job: Job): number {
  const t = job.tally
  return t.ok + t.failed + t.unknown + t.cancelled + job.file.duplicates.length
}

/** Counts a call of these items as one more (or one fewer: journaled but not sent) send, within the array's range. */
export function countSends(job: Job, items: readonly number[], delta: 1 | -1): void {
  for (const i of items) job.sends[i] = Math.min(0xffff, Math.max(0, job.sends[i]! + delta))
}

/** Stops the current run with an error (the first one kept): it sends nothing more and pauses with it. */
export function stop(job: Job, err: unknown): void {
  job.stopError ??= err instanceof AppError ? err : AppError.app('app.internal')
  job.pauseRequested = true
}

export function stopping(job: Job): boolean {
  return job.pauseRequested || job.cancelRequested
}
