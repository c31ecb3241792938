/**
 * What a kind of bulk job is to the runner, and the helpers a kind file uses to say it. A kind file
 * (`locks.ts`, `members.ts`, …) declares how its job is stored, built from the start input, and sent: one
 * operation of the API per chunk of items, and how that operation's answer becomes one result per item. The
 * runner sees only `KindRunner`: every operation-specific type stays inside the kind's file (`operationCalls`
 * keeps the operation and its request paired), so a new kind is one new file and a line in `index.ts`.
 */
import { z } from 'zod'
import { OPERATIONS, type OperationId, type OperationLeanData, type OperationRequests } from '@shared/api/operations'
import { AppError, type AppErrorData } from '@shared/errors/app-error'
import type { BulkKind, BulkStart, ItemResult } from '@shared/ipc/channels/bulk'
import type { BulkSettings } from '@shared/settings'
import type { Abortable } from '../../../api/abort-scope'
import type { ApiClient, CallOptions, PreparedCall } from '../../../api/client'
import type { JournalContext } from '../../../api/journal-sink'
import { passedDeadline } from '../../../api/deadline'

/** Fields every stored job has, whatever its kind. */
export const jobBaseShape = {
  v: z.literal(1),
  id: z.string(),
  profileId: z.string(),
  createdAt: z.number(),
  /** Input items, duplicates included. */
  inputCount: z.number().int(),
  /** Input position of each unique item (same order as `items`); absent when there are no duplicates. */
  positions: z.array(z.number().int()).optional(),
  /** Input positions that repeat an earlier item, and the position they repeat. */
  duplicates: z.array(z.object({ index: z.number().int(), of: z.number().int() })),
}

/** The stored job as the runner sees it: the common fields, and its unique items (whatever they are). */
export interface JobBase {
  v: 1
  id: string
  kind: BulkKind
  profileId: string
  createdAt: number
  inputCount: number
  positions?: number[] | undefined
  duplicates: { index: number; of: number }[]
  items: readonly unknown[]
}

/**
 * A chunk's answer per item: a result; `retry` (surely not sent: may be sent again); or `unknown` (may have
 * been done: read back before sending again). The error says why, for when the item runs out of sends.
 */
export type ChunkItemOutcome = { result: ItemResult } | { retry: AppErrorData } | { unknown: AppErrorData }

/** What a sent call came back with: one outcome per item, or the error of the whole call. */
export type SentAnswer = { outcomes: ChunkItemOutcome[] } | { error: AppError }

/** A chunk's call, built and journaled, waiting for a free slot. */
export interface ReadyCall {
  readonly items: number[]
  /** Sends it (once); never throws: an error of the whole call comes back as `{ error }`. */
  send(opts: CallOptions): Promise<SentAnswer>
  /** Closes the journal entry of a call that will not be sent (the run stopped first). */
  abandon(): Promise<void>
}

/** A chunk to send: its items and the journal context of its call. */
export interface ChunkToSend {
  items: number[]
  context: JournalContext
}

export interface PrepareOptions {
  signal?: Abortable
  /**
   * Journaled ahead of sending, waiting for a free slot (the journal then records the send itself when it
   * happens); otherwise each entry stands for a send that follows at once.
   */
  ahead: boolean
}

/** The calls of some chunks, built (not journaled yet). */
export interface BuiltCalls {
  /** Chunks whose call is built, in order. */
  chunks: ChunkToSend[]
  /** Chunks whose call could not be built (an item that cannot be sent): their items fail with the error. */
  refused: { items: number[]; error: AppError }[]
  /** Journals the built calls (one write; on disk when this resolves) and returns them ready to send, in order. */
  prepare(client: ApiClient, opts: PrepareOptions): Promise<ReadyCall[]>
}

/** What the runner needs of a job's kind. */
export interface KindRunner {
  /** Whether a repeat could duplicate work (the operation's `repeat`): decides UNKNOWN handling and "send" lines. */
  readonly create: boolean
  /** Whether a chunk that fails as a whole may be split to find the item that makes it fail (idempotent kinds). */
  readonly splittable: boolean
  chunkSize(settings: BulkSettings): number
  /** Builds the calls of some chunks (journaled by the result's `prepare`). */
  calls(chunks: ChunkToSend[]): BuiltCalls
  /** One outcome per item of a call that failed as a whole; throws only errors that stop the job (stopsTheJob). */
  failure(items: number[], error: AppError): ChunkItemOutcome[]
  /** Reads back items whose outcome is unknown: a result for those found done, null for those not done. */
  reconcile?(client: ApiClient, items: number[], opts: CallOptions): Promise<(ItemResult | null)[]>
  /** The key (lock number, userName) and label of an item. */
  describe(item: number): { key: string; label?: string }
  /**
   * Whether a retry (`bulk.retryFailed`) may change this item's result: the one retry rule of the app (the
   * screens show what it says, they do not decide it).
   */
  retryable(result: ItemResult, item: number): boolean
  /** Kinds whose items carry a secret (an employee's initial password), kept in the vault only while needed. */
  readonly secrets?: JobSecrets
}

/**
 * The secrets of a job's items (see KindRunner.secrets). They live in the vault keyed by job and row (row -1: one
 * secret of the whole job), never in the job's file: the store writes `split().file` and keeps `split().rows` in
 * the vault, and puts them back with `withSecrets` when it reads the job.
 */
export interface JobSecrets {
  /** Whether an item's secret is still kept. */
  held(item: number): boolean
  /** The job without the secrets of the items `drop` names; null when none of them holds one. */
  without(drop: (item: number) => boolean): JobBase | null
  /** The job with no secret at all (what its file holds), and the secrets it holds, by row. */
  split(): { file: JobBase; rows: Map<number, string> }
  /** The job with these rows' secrets (those the vault kept). */
  withSecrets(rows: ReadonlyMap<number, string>): JobBase
}

/** What building a job from its start input may ask the app. */
export interface BuildContext {
  settings(): Promise<BulkSettings>
  /** The profile's default operator identity. */
  operatorIdentity(profileId: string): Promise<string>
}

/** Where the runner runs a job: a kind whose items' results are data (a reading) keeps them under the data folder. */
export interface KindEnv {
  dataDir: string
}

/** The fields every job gets from the runner (id, profile, time, input count). */
export type JobHead = Pick<JobBase, 'v' | 'id' | 'profileId' | 'createdAt' | 'inputCount'>

/** A kind file's declaration: `F` its stored job, `S` its start input. */
export interface JobKindSpec<F extends JobBase, S extends BulkStart> {
  /** The `kind` values it runs. */
  readonly kinds: readonly F['kind'][]
  /** Whether a stored job is one of this file's (its `kind` is one of `kinds`). */
  owns(file: JobBase): file is F
  /** Whether a start input is one of this file's. */
  accepts(input: BulkStart): input is S
  /** The job of a start input: duplicates found, defaults filled. */
  build(input: S, head: JobHead, ctx: BuildContext): Promise<F>
  /** The runner of a stored job (`env` is absent when the job is only looked at, e.g. for its secrets). */
  open(file: F, env?: KindEnv): KindRunner
  /** What the job works on, for its summary (the operator identity of a lock job, an import's enterprise). */
  target(file: F): string
}

/**
 * Errors that will fail every other call of the job too: stop the job (paused, with the error) instead. A call
 * that ran out its deadline is one: the service is stalled, and the job pauses with that reason.
 */
export function stopsTheJob(e: AppError): boolean {
  return (
    passedDeadline(e) ||
    ['60000', '60005', '70001', 'app.unauthorized', 'app.missingSecret', 'app.pastedTokenRejected', 'app.tokenRequest', 'app.storage', 'app.internal'].includes(e.code) ||
    e.details.httpStatus === 401 ||
    e.details.httpStatus === 403
  )
}

/**
 * Whether a whole call's failure may be caused by one of its items, so splitting the chunk can find it: the
 * service answered with an error of its own (a code, or HTTP 500). Failures of the way there (network, timeout,
 * a proxy's 502) are not about the items and would fail the halves too.
 */
export function mayBeAnItemsDoing(e: AppError): boolean {
  if (stopsTheJob(e)) return false
  if (!e.code.startsWith('app.')) return true
  return e.code === 'app.httpStatus' && e.details.httpStatus === 500
}

/** Unknown and cancelled items, and failed ones other than those `final` says a retry cannot change. */
export function retryableUnless(final: (r: ItemResult) => boolean): (r: ItemResult) => boolean {
  return (r) => r.state === 'unknown' || r.state === 'cancelled' || (r.state === 'failed' && !final(r))
}

/** Shared outcome objects (never mutated): no allocation per item, and the job log groups them by identity. */
export const CANCELLED: ChunkItemOutcome = { result: { state: 'cancelled' } }

/** One outcome object for every item of a chunk. */
export function same(items: readonly number[], o: ChunkItemOutcome): ChunkItemOutcome[] {
  return items.map(() => o)
}

/**
 * The runner's part of a kind whose every item is one call of its own, never split (a person offboarded in steps, an
 * enterprise read): each call is journaled by the kind as it is sent; a call that fails as a whole fails its item,
 * or stops the job when the error stops any job.
 */
export function onePerCall(
  send: (client: ApiClient, item: number, opts: CallOptions & { context: JournalContext }) => Promise<SentAnswer>,
): Pick<KindRunner, 'create' | 'splittable' | 'chunkSize' | 'calls' | 'failure'> {
  return {
    create: false,
    splittable: false,
    chunkSize: () => 1,
    calls: (chunks): BuiltCalls => ({
      chunks,
      refused: [],
      prepare: (client) =>
        Promise.resolve(chunks.map((c): ReadyCall => ({ items: c.items, abandon: () => Promise.resolve(), send: (opts) => send(client, c.items[0]!, { ...opts, context: c.context }) }))),
    }),
    failure(items, e) {
      if (e.code === 'app.cancelled') return same(items, CANCELLED)
      if (stopsTheJob(e)) throw e
      return same(items, { result: { state: 'failed', error: itemError(e) } })
    },
  }
}

/** Longest text of an error kept with an item's result (a service may echo a whole request in its message). */
const ERROR_TEXT_MAX = 500
/** Most field problems kept with an item's result. */
const ERROR_ISSUES_MAX = 10

function cut(s: string): string {
  return s.length > ERROR_TEXT_MAX ? `${s.slice(0, ERROR_TEXT_MAX)}…` : s
}

/** An error as an item's result keeps it: its texts and list of problems bounded, so pages of results stay small. */
export function itemError(e: AppError): AppErrorData {
  const d = e.toData()
  const details = { ...d.details }
  if (details.serverMessage !== undefined) details.serverMessage = cut(details.serverMessage)
  if (details.cause !== undefined) details.cause = cut(details.cause)
  if (details.issues && details.issues.length > ERROR_ISSUES_MAX) details.issues = details.issues.slice(0, ERROR_ISSUES_MAX)
  if (details.issues) details.issues = details.issues.map((i) => ({ path: cut(i.path), message: cut(i.message) }))
  const params: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(d.params)) params[k] = typeof v === 'string' ? cut(v) : v
  return { ...d, params, details }
}

function asAppError(err: unknown): AppError {
  return err instanceof AppError ? err : AppError.app('app.internal')
}

/** How a kind calls its operation `K`: the request of a chunk, and its answer read per item. */
export interface OperationCallsSpec<K extends OperationId> {
  op: K
  /** The request of a chunk of items; throws an AppError when an item cannot be sent (the chunk's items fail with it). */
  request(items: number[]): OperationRequests[K]
  /** One outcome per item from the operation's data (validated with its `lean` schema where it has one). */
  interpret(items: number[], data: OperationLeanData<K>, partial: boolean): ChunkItemOutcome[]
}


/**
 * The sending part of a KindRunner for one operation: whether it creates, whether its chunks may be split, and
 * `calls`, which builds each chunk's request; their `prepare` journals them with one write and returns calls
 * that send and interpret themselves. The operation's types never leave this function.
 */
export function operationCalls<K extends OperationId>(spec: OperationCallsSpec<K>): Pick<KindRunner, 'create' | 'splittable' | 'calls'> {
  const repeat = OPERATIONS[spec.op].repeat
  return {
    create: repeat === 'create',
    splittable: repeat === 'idempotent',
    calls(chunks) {
      const built: ChunkToSend[] = []
      const reqs: OperationRequests[K][] = []
      const refused: BuiltCalls['refused'] = []
      for (const c of chunks) {
        try {
          reqs.push(spec.request(c.items))
          built.push(c)
        } catch (err) {
          refused.push({ items: c.items, error: asAppError(err) })
        }
      }
      return {
        chunks: built,
        refused,
        async prepare(client, opts) {
          if (built.length === 0) return []
          const prepareOpts: { signal?: Abortable; ahead: boolean } = { ahead: opts.ahead }
          if (opts.signal) prepareOpts.signal = opts.signal
          const prepared = await client.prepareAll(spec.op, built.map((c, k) => ({ req: reqs[k]!, context: c.context })), prepareOpts)
          return built.map((c, k): ReadyCall => readyCall(client, spec, c.items, reqs[k]!, prepared[k]!))
        },
      }
    },
  }
}

function readyCall<K extends OperationId>(client: ApiClient, spec: OperationCallsSpec<K>, items: number[], req: OperationRequests[K], prepared: PreparedCall): ReadyCall {
  return {
    items,
    abandon: () => prepared.abandon(),
    async send(opts) {
      let res
      try {
        res = await client.call(spec.op, req, { ...opts, prepared, lean: true })
      } catch (err) {
        return { error: asAppError(err) }
      }
      // `lean: true` above: the data is what the lean schema let through (the client's type is the whole record's).
      return { outcomes: spec.interpret(items, res.data as OperationLeanData<K>, res.partial) }
    },
  }
}
