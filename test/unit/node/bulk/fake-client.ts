/**
 * A scripted stand-in for the API client (only what bulk kinds use), over an in-memory "service": locks and
 * employees, with per-call hooks to delay, hang, fail, or drop before/after the work. Counts what was sent.
 */
import { AppError } from '@shared/errors/app-error'
import type { NewMember } from '@shared/api/operations'
import type { Abortable } from '../../../../src/main/api/abort-scope'
import type { AddMembersOutcome, ApiClient, CallOptions } from '../../../../src/main/api/client'

/**
 * fail13004: the service refuses the whole call (a code of its own: the runner may split a lock chunk to find
 * the item that causes it); fail502: a proxy in the way fails it (nothing to do with its items: never split).
 */
export type Fault = 'dropBefore' | 'dropAfter' | 'hangAfter' | 'fail60000' | 'fail13004' | 'fail502' | null

export class FakeService {
  locks = new Map<string, boolean>() // lock number -> disabled
  employees = new Map<string, string>() // lower userName -> globalId
  lockSends = new Map<string, number>()
  memberSends = new Map<string, number>()
  calls = 0
  inFlight = 0
  maxInFlight = 0
  delayMs = 0
  /** Called per write call with its 0-based number; returns a fault for it. */
  fault: (n: number, kind: 'lock' | 'member') => Fault = () => null
  /** Locks the service answers with this status instead (3 failed, 4 wrong type) without changing them. */
  lockStatus = new Map<string, number>()
  /** Locks whose presence in a call makes the service fail the whole call with error 500 (the sandbox's 8000000500). */
  poison = new Set<string>()
  /** Per call, its lock numbers and the maxRetries it was sent with. */
  lockCalls: { assetNums: string[]; maxRetries: number | undefined }[] = []
  /** Employees the service refuses (60027 partial). */
  refuse = new Set<string>()
  /** Reading employees back: fails (service unreachable) or never answers. */
  readFault: 'fail' | 'hang' | null = null
  reads = 0
  /** When set, `sent N`, `answered N` and `read N` per write call (0-based), in the order they happen. */
  trace: string[] | null = null
  private n = 0

  constructor(lockCount = 0) {
    for (let i = 0; i < lockCount; i++) this.locks.set(`L${i}`, false)
  }

  private async gate<T>(kind: 'lock' | 'member', o: CallOptions | undefined, work: () => T): Promise<T> {
    const n = this.n++
    this.calls++
    this.trace?.push(`sent ${n}`)
    this.inFlight++
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight)
    let out: { result: T } | { error: unknown }
    try {
      await this.abortableDelay(this.delayMs, o?.signal, kind)
      const f = this.fault(n, kind)
      if (f === 'fail60000') throw AppError.api('60000', 'token expired')
      if (f === 'fail13004') throw AppError.api('13004', 'bad params')
      if (f === 'fail502') throw AppError.app('app.httpStatus', { status: 502 }, { httpStatus: 502, retryable: true })
      if (f === 'dropBefore') throw unknownOrNetwork(kind)
      const result = work()
      if (f === 'dropAfter') throw unknownOrNetwork(kind)
      if (f === 'hangAfter') await new Promise(() => undefined)
      out = { result }
    } catch (error) {
      out = { error }
    } finally {
      this.inFlight--
      this.trace?.push(`answered ${n}`)
    }
    if (o?.slot && 'result' in out) {
      // As the real client does with an answer of HTTP 200: the caller's place is given back at once, and the
      // answer is read a turn later, while the caller's next call may already be out.
      o.slot.release()
      await new Promise((r) => setImmediate(r))
    }
    this.trace?.push(`read ${n}`)
    if ('error' in out) throw out.error
    return out.result
  }

  /** Waits `ms` (as a call in flight), stopping when the call's signal aborts; leaves no listener behind. */
  private abortableDelay(ms: number, signal: Abortable | undefined, kind: 'lock' | 'member'): Promise<void> {
    return new Promise((resolve, reject) => {
      const fail = () =>
        reject(kind === 'member' ? AppError.app('app.unknownOutcome', {}, { cause: 'app.cancelled' }) : AppError.app('app.cancelled'))
      if (signal?.aborted) return fail()
      const onAbort = () => {
        clearTimeout(t)
        fail()
      }
      const t = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal?.addEventListener('abort', onAbort, { once: true })
      if (signal && 'listening' in signal && typeof signal.listening === 'number') this.maxListeners = Math.max(this.maxListeners, signal.listening)
    })
  }

  prepared = 0
  prepareBatches = 0
  /** Called per prepareAll; an error it returns fails that batch. */
  prepareFault: () => AppError | null = () => null
  abandoned = 0
  /** The most listeners seen at once on the signal of a call (a shared signal must not pile them up). */
  maxListeners = 0

  async addMembers(list: NewMember[], o?: CallOptions): Promise<AddMembersOutcome> {
    for (const m of list) this.memberSends.set(m.userName, (this.memberSends.get(m.userName) ?? 0) + 1)
    return this.gate('member', o, () => {
      const succeeded: AddMembersOutcome['succeeded'] = []
      const failed: AddMembersOutcome['failed'] = []
      for (const m of list) {
        const k = m.userName.toLowerCase()
        if (this.refuse.has(k)) failed.push({ userName: m.userName, message: 'refused' })
        else if (this.employees.has(k)) failed.push({ userName: m.userName, message: 'exists' })
        else {
          const globalId = `G-${k}`
          this.employees.set(k, globalId)
          succeeded.push({ id: 1, globalId, userName: m.userName })
        }
      }
      return { succeeded, failed, partial: failed.length > 0 && succeeded.length > 0 }
    })
  }

  client(): ApiClient {
    const c = {
      profileId: 'p1',
      prepareAll: async (op: string, calls: unknown[]) => {
        this.prepareBatches++
        const f = this.prepareFault()
        if (f) throw f
        this.prepared += calls.length
        return calls.map(() => ({
          operation: op,
          abandon: async () => {
            this.abandoned++
          },
        }))
      },
      call: async (op: string, req: { body: { assetNums?: string[]; userList?: NewMember[] } }, o?: CallOptions) => {
        if (op === 'addMembers') {
          const r = await this.addMembers(req.body.userList ?? [], o)
          return { data: { succeeded: r.succeeded, failed: r.failed }, partial: r.partial, nonce: 'n', attempts: 1 }
        }
        const disable = op === 'lockAssets'
        const assetNums = req.body.assetNums ?? []
        for (const a of assetNums) this.lockSends.set(a, (this.lockSends.get(a) ?? 0) + 1)
        this.lockCalls.push({ assetNums, maxRetries: o?.maxRetries })
        const data = await this.gate('lock', o, () => {
          const bad = assetNums.find((a) => this.poison.has(a))
          if (bad) throw AppError.api('500', `Network error on the service side; try again. (magic lock ${bad})`)
          return assetNums.map((a) => {
            const forced = this.lockStatus.get(a)
            if (forced !== undefined) return { assetNum: a, status: forced }
            if (!this.locks.has(a)) return { assetNum: a, status: 2 }
            this.locks.set(a, disable)
            return { assetNum: a, status: 1 }
          })
        })
        return { data, partial: false, nonce: 'n', attempts: 1 }
      },
      listMembers: async (_e: string, q: { keyword?: string; pageNum: number; pageSize: number }) => {
        this.reads++
        if (this.readFault === 'fail') throw AppError.app('app.network', { detail: 'ECONNREFUSED' }, { retryable: true })
        if (this.readFault === 'hang') await new Promise(() => undefined)
        const all = [...this.employees.entries()]
          .filter(([u]) => !q.keyword || u.includes(q.keyword.toLowerCase()))
          .map(([u, g]) => ({ id: g, globalId: g, userName: u }))
        const list = all.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize)
        return { pageNum: q.pageNum, pageSize: q.pageSize, size: list.length, total: all.length, pages: Math.ceil(all.length / q.pageSize), list }
      },
      async close() {},
    }
    return c as unknown as ApiClient
  }
}

function unknownOrNetwork(kind: 'lock' | 'member'): AppError {
  return kind === 'member'
    ? AppError.app('app.unknownOutcome', {}, { operation: 'addMembers' })
    : AppError.app('app.network', { detail: 'ECONNRESET' }, { retryable: true })
}

