/**
 * The API client of one profile: one pooled undici Agent (keep-alive, connect/headers/body timeouts), a generic
 * `call` driven by OPERATIONS, and one typed method per operation. It resolves tokens (re-issued once when the
 * service rejects them), retries what is safe to retry, journals every write, and maps every failure to AppError.
 */
import { Agent } from 'undici'
import {
  OPERATIONS,
  type ApiGroup,
  type OperationData,
  type OperationId,
  type OperationRequests,
  type BindEnterpriseBody,
  type CreateEnterpriseBody,
  type QueryEnterpriseQuery,
  type UpdateEnterpriseBody,
  type LockBody,
  type NewMember,
  type EditMemberBody,
  type ListMembersQuery,
  type ConfigureAssetsBody,
  type LendAssetsBody,
} from '@shared/api/operations'
import type { BatchOrderBody } from '@shared/api/orders'
import type { AddMembersResult } from '@shared/api/models'
import { AppError } from '@shared/errors/app-error'
import { hostOf } from '@shared/errors/transport-words'
import { DEFAULT_BULK, type BulkSettings } from '@shared/settings'
import type { Abortable } from './abort-scope'
import type { ConnectionConfig } from './connection'
import { decodeResponse } from './decode'
import { Deadline, deadlineError, within } from './deadline'
import type { JournalContext, JournalEnd, JournalStart } from './journal-sink'
import { newNonce } from './nonce'
import { buildRequest, type BuiltRequest, type CallTokens, type RequestParts } from './request'
import { backoffMs, shouldRetry, sleep } from './retry'
import { afterQueuedWrites, send, SendStopped } from './send'
import { countsText, summarize } from './summary'
import { tokenEndpointIssuer } from './token-endpoint'
import { PASTED_SECRET, TokenManager, type TokenKind } from './tokens'
import { classifyTransportError, transportAppError } from './transport'
import type { ApiClientOptions, CallSlot } from './client-options'
import { asCreateOutcome, GROUP_TOKENS, rejectedKinds, STOPPED_BY_US, targetOf, toAppError, tokenOf } from './call-failure'

export interface CallOptions {
  /** Stops the call (an AbortSignal, or a bulk job's AbortScope). */
  signal?: Abortable
  /** Overall limit of one attempt, on top of the agent's timeouts. */
  timeoutMs?: number
  /** The call's overall deadline across all its attempts (default settings.callDeadlineMs; see deadline.ts). */
  deadlineMs?: number
  /** Links journal entries to a bulk job. */
  context?: JournalContext
  /** Overrides settings.maxRetries for this call. */
  maxRetries?: number
  /** The first attempt, prepared (and journaled) with `prepareAll`. */
  prepared?: PreparedCall
  /**
   * Whether the call waits for the journal's end entry to be on disk before returning (default true). The
   * bulk runner passes false: the entry is still flushed right after, and the job's own log, fsynced, is the
   * record it resumes from.
   */
  awaitJournalEnd?: boolean
  /** `data` validated with the operation's `lean` schema, where it has one (the bulk runner: see OperationDef). */
  lean?: boolean
  /** The caller's place among its requests in flight, held when it calls (the bulk runner's: see CallSlot). */
  slot?: CallSlot
}


const PREPARED = Symbol('prepared attempt')

/** An attempt built and journaled ahead of sending (see ApiClient.prepareAll). */
export interface PreparedCall {
  readonly operation: OperationId
  /** The g_nonce of the prepared attempt, and its journal entry (undefined without a journal). */
  readonly nonce: string
  readonly journalId: string | undefined
  /** Closes the journal entry of a prepared call that will not be sent (paused or cancelled job). */
  abandon(): Promise<void>
  readonly [PREPARED]: Attempt
}

/** One call to prepare: its request and the job (and chunk) it belongs to. */
export interface CallToPrepare<K extends OperationId> {
  req: OperationRequests[K]
  context?: JournalContext
}

interface Attempt {
  opId: OperationId
  nonce: string
  built: BuiltRequest
  /** The tokens it carries (the ones to drop if the service refuses them). */
  used: CallTokens
  entryId: string | undefined
  startedAt: number
  /** Journaled ahead of sending: the journal is told of the send itself. */
  queued: boolean
  consumed: boolean
}

export interface CallResult<K extends OperationId> {
  data: OperationData<K>
  /** 60027: some items of an add-employees call succeeded and some failed; data lists both. */
  partial: boolean
  /** g_nonce of the attempt that succeeded. */
  nonce: string
  attempts: number
}

/** Data of add-employees, with the partial flag of a 60027 answer. */
export type AddMembersOutcome = AddMembersResult & { partial: boolean }

export interface ApiClient {
  readonly profileId: string
  /** Generic call of any operation. */
  call<K extends OperationId>(op: K, req: OperationRequests[K], opts?: CallOptions): Promise<CallResult<K>>
  /**
   * Builds the first attempt of each call and journals their starts with one write (on disk when this
   * resolves), without sending: pass each to `call` as `prepared`. `ahead`: the calls will wait for a free slot
   * (a bulk run writes the next calls' entries while others are in flight, so no call waits on the disk before
   * going out); the journal then records each send as it happens. Without `ahead` each entry stands for a send
   * that follows at once.
   */
  prepareAll<K extends OperationId>(op: K, calls: CallToPrepare<K>[], opts?: { signal?: Abortable; ahead?: boolean }): Promise<PreparedCall[]>
  /** Resolves the tokens of a group now (connection test). */
  ensureTokens(group: ApiGroup, signal?: Abortable): Promise<{ sources: ('issued' | 'pasted')[] }>
  // order group
  bindEnterprise(body: BindEnterpriseBody, o?: CallOptions): Promise<OperationData<'bindEnterprise'>>
  createEnterprise(body: CreateEnterpriseBody, o?: CallOptions): Promise<OperationData<'createEnterprise'>>
  queryEnterprise(query: QueryEnterpriseQuery, o?: CallOptions): Promise<OperationData<'queryEnterprise'>>
  updateEnterprise(body: UpdateEnterpriseBody, o?: CallOptions): Promise<null>
  batchOrder(body: BatchOrderBody, o?: CallOptions): Promise<OperationData<'batchOrder'>>
  lockAssets(body: LockBody, o?: CallOptions): Promise<OperationData<'lockAssets'>>
  unlockAssets(body: LockBody, o?: CallOptions): Promise<OperationData<'unlockAssets'>>
  listVirtualAssets(enterpriseGlobalId: string, query?: { extendCode?: string }, o?: CallOptions): Promise<OperationData<'listVirtualAssets'>>
  getShellNums(size: number, o?: CallOptions): Promise<OperationData<'getShellNums'>>
  // member group
  addMembers(enterpriseGlobalId: string, userList: NewMember[], o?: CallOptions): Promise<AddMembersOutcome>
  editMember(enterpriseGlobalId: string, memberGlobalId: string, body: EditMemberBody, o?: CallOptions): Promise<null>
  resetPassword(enterpriseGlobalId: string, memberGlobalId: string, password: string, o?: CallOptions): Promise<null>
  deleteMember(enterpriseGlobalId: string, memberGlobalId: string, o?: CallOptions): Promise<null>
  listMembers(enterpriseGlobalId: string, query: ListMembersQuery, o?: CallOptions): Promise<OperationData<'listMembers'>>
  listAssetNums(enterpriseGlobalId: string, o?: CallOptions): Promise<OperationData<'listAssetNums'>>
  listAssetProducts(assetId: string, o?: CallOptions): Promise<OperationData<'listAssetProducts'>>
  listLentLocks(enterpriseGlobalId: string, o?: CallOptions): Promise<OperationData<'listLentLocks'>>
  configureAssets(memberGlobalId: string, body: ConfigureAssetsBody, o?: CallOptions): Promise<null>
  lendAssets(memberGlobalId: string, body: LendAssetsBody, o?: CallOptions): Promise<null>
  /** Closes the pooled connections; the client is unusable afterwards. */
  close(): Promise<void>
}

export type { ApiClientOptions, ApiLogger, CallSlot } from './client-options'

/** Creates the client of one profile. */
export function createApiClient(config: ConnectionConfig, options: ApiClientOptions = {}): ApiClient {
  const settings: BulkSettings = { ...DEFAULT_BULK, ...options.settings }
  const agent = new Agent({
    connect: { timeout: settings.connectTimeoutMs },
    headersTimeout: settings.bodyTimeoutMs,
    bodyTimeout: settings.bodyTimeoutMs,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000,
  })
  const issueOpts: Parameters<typeof tokenEndpointIssuer>[1] = {
    dispatcher: agent,
    maxRetries: settings.maxRetries,
    retryBaseMs: settings.retryBaseMs,
    deadlineMs: settings.callDeadlineMs,
  }
  if (options.onTokenRequest) issueOpts.onRequest = options.onTokenRequest
  const tokens = new TokenManager(config, tokenEndpointIssuer(config.tokenUrl, issueOpts))
  const journal = options.journal
  const random = options.random ?? Math.random
  const target = targetOf(config.baseUrl)
  const acceptLanguage = options.locale === 'zh-CN' ? 'zh-CN,zh;q=0.9,en;q=0.5' : 'en'
  let closed = false

  /** The call's tokens from the held ones, or undefined when one must be waited for. */
  function heldTokens(group: ApiGroup): CallTokens | undefined {
    if (group === 'order') {
      const app = tokens.peek('order')
      return app && { app: app.token }
    }
    const client = tokens.peek('memberClient')
    const user = client && tokens.peek('memberUser')
    return user && { client: client.token, user: user.token }
  }

  async function resolveTokens(group: ApiGroup, signal?: Abortable) {
    const kinds = GROUP_TOKENS[group]
    const held = await Promise.all(kinds.map((k) => tokens.get(k, signal)))
    const callTokens: CallTokens = group === 'order' ? { app: held[0]!.token } : { client: held[0]!.token, user: held[1]!.token }
    return { callTokens, sources: held.map((h) => h.source) }
  }

  /** The call's tokens; waiting for one to be issued counts against the call's deadline, when it has one. */
  async function tokensFor(group: ApiGroup, signal?: Abortable, deadline?: { d: Deadline; opId: OperationId }): Promise<CallTokens> {
    const held = heldTokens(group)
    if (held || !deadline) return held ?? (await resolveTokens(group, signal)).callTokens
    const stop = () => deadlineError(deadline.d.ms, deadline.opId, 'read', false)
    return (await within(resolveTokens(group, signal), deadline.d.remaining(), stop, signal)).callTokens
  }

  function build(opId: OperationId, parts: RequestParts, callTokens: CallTokens): Attempt {
    const nonce = newNonce()
    const built = buildRequest(opId, parts, {
      baseUrl: config.baseUrl,
      nonce,
      tokens: callTokens,
      orderAppKey: config.orderAppKey,
      acceptLanguage,
    })
    return { opId, nonce, built, used: callTokens, entryId: undefined, startedAt: Date.now(), queued: false, consumed: false }
  }

  function startEntry(a: Attempt, parts: RequestParts, attempt: number, context: JournalContext | undefined): JournalStart {
    const start: JournalStart = {
      profileId: config.profileId,
      operation: a.opId,
      method: a.built.method,
      path: a.built.path,
      query: a.built.query,
      body: parts.body,
      nonce: a.nonce,
      attempt,
      startedAt: a.startedAt,
    }
    if (a.built.body !== undefined) start.bodyJson = a.built.body
    if (a.queued) start.queued = true
    if (context) start.context = context
    return start
  }

  /** Tokens, a fresh g_nonce, the request, and (for writes) the journal's start entry, on disk. */
  async function attemptFor(opId: OperationId, parts: RequestParts, attempt: number, opts: CallOptions, d: Deadline): Promise<Attempt> {
    const op = OPERATIONS[opId]
    const a = build(opId, parts, await tokensFor(op.group, opts.signal, { d, opId }))
    if (op.repeat !== 'read' && journal) a.entryId = await journal.started(startEntry(a, parts, attempt, opts.context))
    return a
  }

  function endJournal(a: Attempt, end: JournalEnd, opts: CallOptions): Promise<void> {
    if (a.entryId === undefined || !journal) return Promise.resolve()
    const lazy = opts.awaitJournalEnd === false
    const done = journal.ended(a.entryId, end, { lazy })
    if (lazy) {
      done.catch((err: unknown) => options.logger?.warn('journal: end entry not written', { error: String(err) }))
      return Promise.resolve()
    }
    return done
  }

  function preparedCall(a: Attempt): PreparedCall {
    return {
      operation: a.opId,
      nonce: a.nonce,
      get journalId() {
        return a.entryId
      },
      [PREPARED]: a,
      async abandon() {
        if (a.consumed) return
        a.consumed = true
        const end: JournalEnd = { outcome: 'notSent', endedAt: Date.now(), counts: { kind: 'notSent' } }
        end.summary = countsText(end.counts!)
        // Nobody waits for it (nothing was sent): written with the journal's next flush.
        await endJournal(a, end, { awaitJournalEnd: false })
      },
    }
  }

  async function prepareAll<K extends OperationId>(opId: K, calls: CallToPrepare<K>[], opts: { signal?: Abortable; ahead?: boolean } = {}): Promise<PreparedCall[]> {
    if (closed) throw AppError.app('app.internal')
    const op = OPERATIONS[opId]
    const callTokens = await tokensFor(op.group, opts.signal)
    const attempts = calls.map((c) => build(opId, c.req as RequestParts, callTokens))
    if (opts.ahead) for (const a of attempts) a.queued = true
    if (op.repeat !== 'read' && journal) {
      const ids = await journal.startedAll(attempts.map((a, i) => startEntry(a, calls[i]!.req as RequestParts, 0, calls[i]!.context)))
      attempts.forEach((a, i) => (a.entryId = ids[i]))
    }
    return attempts.map(preparedCall)
  }

  async function call<K extends OperationId>(opId: K, req: OperationRequests[K], opts: CallOptions = {}): Promise<CallResult<K>> {
    if (closed || !target) {
      // Not sent: a prepared call's journal entry is closed as such, not left pending.
      await opts.prepared?.abandon().catch(() => undefined)
      if (closed) throw AppError.app('app.internal')
      throw AppError.app('app.network', { detail: 'invalid service address' }, { operation: opId, retryable: false })
    }
    const op = OPERATIONS[opId]
    const parts = req as RequestParts
    const maxRetries = opts.maxRetries ?? settings.maxRetries
    let attempt = 0
    // Each token kind is re-issued at most once per call: after a revocation the member group may refuse the
    // client token (60000) and then the user token (60005), one after the other.
    const reissued = new Set<TokenKind>()
    let prepared = opts.prepared?.[PREPARED]
    if (prepared && (prepared.opId !== opId || prepared.consumed)) throw AppError.app('app.internal')
    const deadline = new Deadline(opts.deadlineMs ?? settings.callDeadlineMs)
    // Whether an attempt may have reached the server: then the deadline's outcome of a write is unknown.
    let sentEver = false
    let attemptByDeadline = false
    for (;;) {
      if (opts.signal?.aborted) {
        if (prepared) await opts.prepared?.abandon()
        throw AppError.app('app.cancelled', {}, { operation: opId })
      }
      const a = prepared ?? (await attemptFor(opId, parts, attempt, opts, deadline))
      prepared = undefined
      a.consumed = true
      const entryId = a.entryId
      let sentAt: number | undefined
      let error: AppError
      let sentMaybe = true
      try {
        // A retry waits for a place among the caller's requests in flight (the first attempt holds one).
        if (opts.slot) await opts.slot.acquire()
        // Journaled ahead: the record of the send is in the journal before the request leaves, so an entry
        // without one after a crash surely never left (a create is then simply sent, not read back).
        if (a.queued && entryId !== undefined && journal) {
          const written = journal.sent(entryId, Date.now())
          if (written) {
            try {
              await written
            } catch (err) {
              await endJournal(a, { outcome: 'notSent', endedAt: Date.now(), counts: { kind: 'notSent' }, summary: 'not sent' }, {})
              throw err
            }
          }
        }
        const onSent = () => {
          sentAt = Date.now()
        }
        // One timer per attempt: the call's time left, or the attempt's own limit when that is shorter.
        const left = deadline.remaining()
        if (left === 0) throw new SendStopped(true)
        const limit = Math.min(opts.timeoutMs ?? left, left)
        // A timer can fire a millisecond before Date.now() reaches the deadline: which limit stopped the attempt is
        // known here, not read back from the clock.
        attemptByDeadline = limit === left
        const res = await send(
          agent,
          { origin: target.origin, path: target.basePath + a.built.url.slice(target.prefix.length), method: a.built.method, headers: a.built.headers, body: a.built.body },
          opts.signal,
          limit,
          onSent,
        )
        if (opts.slot && res.status === 200) {
          // Processed: the place goes to the caller's next request, which leaves before this answer is read
          // (parsed, checked, journaled). A business error mostly comes as 299 and keeps the place until it is
          // known, so an error that stops the caller is seen before another request leaves.
          opts.slot.release()
          await afterQueuedWrites()
        }
        const decoded = decodeResponse(opId, res.status, res.text, { lean: opts.lean === true })
        if (entryId !== undefined) {
          const end: JournalEnd = { outcome: decoded.partial ? 'partial' : 'ok', endedAt: Date.now(), httpStatus: res.status }
          if (sentAt !== undefined) end.sentAt = sentAt
          const s = summarize(opId, decoded.data)
          if (s) {
            end.summary = s.summary
            end.counts = s.counts
            if (s.shellNumbers) end.shellNumbers = s.shellNumbers
          }
          await endJournal(a, end, opts)
        }
        return { data: decoded.data as OperationData<K>, partial: decoded.partial, nonce: a.nonce, attempts: attempt + 1 }
      } catch (err) {
        if (err instanceof AppError) {
          // The journal could not record the send: nothing was sent, and the call stops here.
          if (err.code === 'app.storage' && sentAt === undefined) throw err
          error = err
        } else if (err instanceof SendStopped && err.timedOut && (attemptByDeadline || deadline.remaining() === 0)) {
          sentMaybe = sentAt !== undefined
          error = deadlineError(deadline.ms, opId, op.repeat, sentMaybe || sentEver)
        } else {
          const t = err instanceof SendStopped ? STOPPED_BY_US[err.timedOut ? 'timeout' : 'cancel'] : classifyTransportError(err)
          sentMaybe = t.fate !== 'notSent'
          error = transportAppError(t, opId, hostOf(target.origin))
        }
        sentEver ||= sentMaybe
        if (op.repeat === 'create') error = asCreateOutcome(error, sentMaybe, opId)
        const end: JournalEnd = {
          outcome: error.code === 'app.unknownOutcome' ? 'unknown' : 'error',
          endedAt: Date.now(),
          error: error.toData(),
        }
        if (sentAt !== undefined) end.sentAt = sentAt
        if (error.details.httpStatus !== undefined) end.httpStatus = error.details.httpStatus
        await endJournal(a, end, opts)
      }

      const kinds = rejectedKinds(op.group, error)?.filter((k) => !reissued.has(k))
      if (kinds && kinds.length > 0) {
        for (const k of kinds) {
          if (!tokens.invalidate(k, tokenOf(a.used, k))) {
            throw AppError.app('app.pastedTokenRejected', { secret: PASTED_SECRET[k] }, { operation: opId, cause: error.code })
          }
          reissued.add(k)
        }
        continue
      }
      if (error.code === 'app.cancelled') throw error
      const wait = shouldRetry(op.repeat, error, attempt, maxRetries) ? backoffMs(attempt, settings.retryBaseMs, random) : -1
      // No retry that could not even start before the deadline: the call ends with what this attempt got.
      if (wait >= 0 && wait < deadline.remaining()) {
        options.logger?.warn('api: retrying', { operation: opId, code: error.code, attempt, nonce: a.nonce })
        // Other calls may use the place while this one waits (it is taken again before the retry is sent).
        opts.slot?.release()
        try {
          await sleep(wait, opts.signal)
        } catch {
          throw AppError.app('app.cancelled', {}, { operation: opId })
        }
        attempt++
        continue
      }
      throw error
    }
  }

  async function data<K extends OperationId>(opId: K, req: OperationRequests[K], o?: CallOptions): Promise<OperationData<K>> {
    return (await call(opId, req, o)).data
  }

  return {
    profileId: config.profileId,
    call,
    prepareAll,
    async ensureTokens(group, signal) {
      try {
        const { sources } = await resolveTokens(group, signal)
        return { sources }
      } catch (err) {
        throw toAppError(err)
      }
    },
    bindEnterprise: (body, o) => data('bindEnterprise', { body }, o),
    createEnterprise: (body, o) => data('createEnterprise', { body }, o),
    queryEnterprise: (query, o) => data('queryEnterprise', { query }, o),
    updateEnterprise: (body, o) => data('updateEnterprise', { body }, o),
    batchOrder: (body, o) => data('batchOrder', { body }, o),
    lockAssets: (body, o) => data('lockAssets', { body }, o),
    unlockAssets: (body, o) => data('unlockAssets', { body }, o),
    listVirtualAssets: (enterpriseGlobalId, query, o) =>
      data('listVirtualAssets', query ? { path: { enterpriseGlobalId }, query } : { path: { enterpriseGlobalId } }, o),
    getShellNums: (size, o) => data('getShellNums', { body: { size } }, o),
    async addMembers(enterpriseGlobalId, userList, o) {
      const r = await call('addMembers', { path: { enterpriseGlobalId }, body: { userList } }, o)
      return { ...r.data, partial: r.partial }
    },
    editMember: (enterpriseGlobalId, memberGlobalId, body, o) =>
      data('editMember', { path: { enterpriseGlobalId, memberGlobalId }, body }, o),
    resetPassword: (enterpriseGlobalId, memberGlobalId, password, o) =>
      data('resetPassword', { path: { enterpriseGlobalId, memberGlobalId }, body: { password } }, o),
    deleteMember: (enterpriseGlobalId, memberGlobalId, o) =>
      data('deleteMember', { path: { enterpriseGlobalId, memberGlobalId } }, o),
    listMembers: (enterpriseGlobalId, query, o) => data('listMembers', { path: { enterpriseGlobalId }, query }, o),
    listAssetNums: (enterpriseGlobalId, o) => data('listAssetNums', { path: { enterpriseGlobalId } }, o),
    listAssetProducts: (assetId, o) => data('listAssetProducts', { path: { assetId } }, o),
    listLentLocks: (enterpriseGlobalId, o) => data('listLentLocks', { path: { enterpriseGlobalId } }, o),
    configureAssets: (memberGlobalId, body, o) => data('configureAssets', { path: { memberGlobalId }, body }, o),
    lendAssets: (memberGlobalId, body, o) => data('lendAssets', { path: { memberGlobalId }, body }, o),
    async close() {
      if (closed) return
      closed = true
      tokens.clear()
      await agent.close()
    },
  }
}
