/**
 * Asset assignment and lending (member operations 6 to 10), for the screens and the CLI: the enterprise's numbers
 * and who holds them, one employee's numbers, the free ones, the products under an asset; giving and taking back
 * numbers in one configure call (idempotent: the client retries it; a refusal is said at the number it is about);
 * moving a number (withdraw, then assign: the second step's failure is reported as such); checking a bulk file;
 * lending (a create: a lost answer is read back before anything is sent again) and the lending overview; the
 * audit workbook. See docs/decisions.md, "Asset assignment and lending".
 */
import pLimit from 'p-limit'
import type { ListedMember } from '@shared/api/models'
import { AppError, toAppErrorData, type AppErrorData } from '@shared/errors/app-error'
import { errorAdvice } from '@shared/errors/advice'
import type { Locale } from '@shared/i18n/locale'
import { checkAssignRows, type AssignAction, type AssignContext, type AssignRow, type KnownPerson } from '@shared/holdings/assign-rows'
import { EMPLOYEE_CODES, NUMBER_CODES, numbersNamed } from '@shared/holdings/assign-results'
import { AUDIT_WORDS, auditSheets, flattenProducts, type FlatProduct } from '@shared/holdings/audit'
import type {
  CheckedRows,
  ConfigureProblem,
  ConfigureResult,
  FreeNumbers,
  HoldingTable,
  HoldingWindow,
  LentLocks,
  MemberHoldings,
  MoveResult,
} from '@shared/ipc/channels/holdings'
import type { ExportedFile } from '@shared/ipc/channels/imports'
import type { Person } from '@shared/ipc/channels/members'
import { assetNumberKey, readOneAssetNumber } from '@shared/lists/asset-numbers'
import type { ApiClient } from '../../api/client'
import { listAllMembers } from '../../api/reconcile'
import type { Journal } from '../journal'
import type { MemberDirectory } from '../members'
import { lendRecords, lentLockViews } from './lending'
import { NumbersCache, type HoldingsTarget, type NumbersEntry } from './numbers'
import { HoldingsTableView, type TableQuery } from './table-view'
import { writeWorkbook } from './workbook'

export interface HoldingsDeps {
  clientFor(profileId: string): Promise<ApiClient>
  /** The profile (given, else active) and enterprise (given, else the profile's). */
  target(input: { profileId?: string | undefined; enterpriseGlobalId?: string | undefined }): Promise<HoldingsTarget>
  directory: MemberDirectory
  journal: Pick<Journal, 'list'>
  /** The user's language (the audit workbook is written in it). */
  locale(): Promise<Locale>
  /** Employees per page when the whole list is read (the configured largest page size). */
  pageSize(): Promise<number>
  /** Calls at once when many are read (the audit's products). */
  concurrency(): Promise<number>
  /** Told after a configure or lend call the service took: who holds what has changed in the enterprise. */
  onChanged?(t: HoldingsTarget): void
  /** Told how far the audit's products are read. */
  onAuditProgress?(p: { done: number; total: number }): void
  now?: () => number
  /** Sends of one lend before it is given up as unknown (each after a read-back said "not done"). */
  maxSends?: number
}

type TargetInput = { profileId?: string | undefined; enterpriseGlobalId?: string | undefined }

/** How old the lists may be when a bulk file is checked, a refusal is explained or a lend read back. */
const CHECK_MAX_AGE_MS = 5_000

/** A number list as typed: normalised, repeats dropped (ignoring case); throws at the first malformed one. */
function numbersOf(list: readonly string[], field: string): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  list.forEach((raw, i) => {
    const n = readOneAssetNumber(raw)
    if (n.value === '' || n.problem) {
      throw AppError.app('app.invalidInput', {}, { issues: [{ path: `${field}.${i}`, message: `not an asset number: ${raw.slice(0, 64)}`, code: 'badFormat' }] })
    }
    const k = assetNumberKey(n.value)
    if (seen.has(k)) return
    seen.add(k)
    out.push(n.value)
  })
  return out
}

/** A create refused before it left (connection refused): safe to send again. */
function notSent(e: AppError): boolean {
  return e.code === 'app.network' && e.details.retryable === true
}

export class HoldingsService {
  readonly cache: NumbersCache
  /** The table as the asset numbers screen shows it (and exports it). */
  readonly view: HoldingsTableView
  private readonly now: () => number
  private readonly maxSends: number

  constructor(private readonly deps: HoldingsDeps) {
    this.now = deps.now ?? Date.now
    this.maxSends = deps.maxSends ?? 3
    this.cache = new NumbersCache(deps.clientFor, this.now)
    this.view = new HoldingsTableView({ cache: this.cache, directory: deps.directory })
  }

  /** Forgets the lists kept (profiles changed). */
  clear(): void {
    this.cache.clear()
    this.view.clear()
  }

  target(input: TargetInput): Promise<HoldingsTarget> {
    return this.deps.target(input)
  }

  /** The enterprise's numbers as the table's columns. */
  async numbers(input: TargetInput & { refresh?: boolean | undefined }): Promise<HoldingTable> {
    const t = await this.deps.target(input)
    // The table's holders are named from the employee list: its reading starts now, beside the numbers' (it
    // takes as long for 50,000 employees), not once the table has arrived and asked for names.
    this.deps.directory.status(t.profileId, t.enterpriseGlobalId)
    const { entry, cached } = await this.cache.get(t, { refresh: input.refresh ?? false })
    return { ...t, fetchedAt: entry.fetchedAt, cached, ...entry.columns() }
  }

  /** The rows of the table in view (filtered, searched and sorted here), with the counts. */
  async window(input: TargetInput & TableQuery & { offset: number; limit: number; refresh?: boolean | undefined }): Promise<HoldingWindow> {
    const t = await this.deps.target(input)
    return this.view.window(t, { state: input.state, text: input.text, sort: input.sort, offset: input.offset, limit: input.limit, refresh: input.refresh ?? false })
  }

  /** One employee's numbers and the lock lent to them. */
  async ofMember(input: TargetInput & { memberGlobalId: string; refresh?: boolean | undefined }): Promise<MemberHoldings> {
    const t = await this.deps.target(input)
    const { entry } = await this.cache.get(t, { refresh: input.refresh ?? false })
    const id = input.memberGlobalId
    const numbers = entry.records
      .filter((r) => r.holder === id && !r.borrowedLock)
      .map((r) => ({ assetNum: r.assetNum, assetId: r.assetId, lent: r.lent, online: r.online }))
    const lock = entry.locks.find((l) => l.borrowedFlag === true && l.cloudAccountGlobalId === id)
    return { enterpriseGlobalId: t.enterpriseGlobalId, memberGlobalId: id, fetchedAt: entry.fetchedAt, numbers, lentLock: lock ? { assetNum: lock.assetNum, assetId: lock.assetId } : null }
  }

  /** Free numbers (no holder, not a borrowed lock) whose number contains the search, first `limit` in list order. */
  async free(input: TargetInput & { search: string; limit: number }): Promise<FreeNumbers> {
    const t = await this.deps.target(input)
    const { entry } = await this.cache.get(t)
    const q = input.search.normalize('NFKC').trim().toLowerCase()
    const numbers: FreeNumbers['numbers'] = []
    let total = 0
    for (const r of entry.records) {
      if (r.holder !== null || r.borrowedLock) continue
      if (q !== '' && !r.assetNum.toLowerCase().includes(q)) continue
      total++
      if (numbers.length < input.limit) numbers.push({ assetNum: r.assetNum, assetId: r.assetId })
    }
    return { total, numbers }
  }

  /** The products and packages under an asset. */
  async products(input: TargetInput & { assetId: string }) {
    const t = await this.deps.target(input)
    const client = await this.deps.clientFor(t.profileId)
    return client.listAssetProducts(input.assetId)
  }

  /**
   * Assigns and withdraws numbers of one employee in one configure call. A refusal of the service comes back as
   * `done: false` with the problems at the numbers (or the employee) they are about; other failures throw.
   */
  async configure(input: TargetInput & { memberGlobalId: string; add: readonly string[]; del: readonly string[] }): Promise<ConfigureResult> {
    const add = numbersOf(input.add, 'add')
    const del = numbersOf(input.del, 'del')
    const both = add.find((n) => del.some((d) => assetNumberKey(d) === assetNumberKey(n)))
    if (both) {
      throw AppError.app('app.invalidInput', {}, { issues: [{ path: 'add', message: `${both} is both to assign and to withdraw`, code: 'invalid' }] })
    }
    if (add.length === 0 && del.length === 0) {
      throw AppError.app('app.invalidInput', {}, { issues: [{ path: 'add', message: 'nothing to assign or withdraw', code: 'tooFew', bound: 1 }] })
    }
    const t = await this.deps.target(input)
    const client = await this.deps.clientFor(t.profileId)
    try {
      await client.configureAssets(input.memberGlobalId, { deleteAssets: del, addAssets: add })
    } catch (err) {
      if (!(err instanceof AppError) || !(NUMBER_CODES.has(err.code) || EMPLOYEE_CODES.has(err.code))) throw err
      return { done: false, error: err.toData(), problems: await this.explain(t, err.toData(), input.memberGlobalId, add, del) }
    }
    this.cache.assign(t, del, null)
    this.cache.assign(t, add, input.memberGlobalId)
    this.deps.onChanged?.(t)
    return { done: true, problems: [] }
  }

  /**
   * The numbers a refusal of configure is about: those the service names in its message; else, read from the
   * enterprise's list now, the numbers that are not the enterprise's (60024, 60025) or that someone else holds
   * (60028). With none found the problem is the call's as a whole (no number).
   */
  private async explain(t: HoldingsTarget, error: AppErrorData, memberGlobalId: string, add: string[], del: string[]): Promise<ConfigureProblem[]> {
    if (EMPLOYEE_CODES.has(error.code)) return [{ code: error.code }]
    const all = [...del.map((n) => ({ n, action: 'withdraw' as AssignAction })), ...add.map((n) => ({ n, action: 'assign' as AssignAction }))]
    const named = numbersNamed(error, all.map((x) => x.n))
    let hit = all.filter((x) => named.has(assetNumberKey(x.n)))
    if (hit.length === 0) {
      try {
        const { entry } = await this.cache.get(t, { maxAgeMs: CHECK_MAX_AGE_MS })
        hit = all.filter((x) => {
          const r = entry.byNum(x.n)
          if (error.code === '60028') return x.action === 'assign' && r !== undefined && r.holder !== null && r.holder !== memberGlobalId
          return r === undefined
        })
      } catch {
        // Without the list the refusal stays the call's.
      }
    }
    if (hit.length === 0) return [{ code: error.code }]
    return hit.map((x) => ({ assetNum: x.n, action: x.action, code: error.code }))
  }

  /**
   * Moves a number: withdrawn from `from`, then given to `to`, two configure calls. If the number is not held by
   * `from` nothing is sent. If the second step fails the number stays withdrawn (free), and the answer says so.
   */
  async move(input: TargetInput & { assetNum: string; from: string; to: string }): Promise<MoveResult> {
    const [n] = numbersOf([input.assetNum], 'assetNum')
    const assetNum = n!
    if (input.from === input.to) {
      throw AppError.app('app.invalidInput', {}, { issues: [{ path: 'to', message: 'the number is already with this employee', code: 'invalid' }] })
    }
    const t = await this.deps.target(input)
    const { entry } = await this.cache.get(t, { maxAgeMs: CHECK_MAX_AGE_MS })
    const rec = entry.byNum(assetNum)
    if (!rec) return { step: 'nothing', problems: [{ assetNum, action: 'withdraw', code: '60024' }] }
    if (rec.holder !== input.from) return { step: 'nothing', problems: [{ assetNum: rec.assetNum, action: 'withdraw', code: 'notHeld' }] }
    const first = await this.configureStep(t, input.from, [], [rec.assetNum])
    if (!first.done) return { step: 'nothing', ...(first.error ? { error: first.error } : {}), problems: first.problems }
    const second = await this.configureStep(t, input.to, [rec.assetNum], [])
    if (!second.done) return { step: 'withdrawnOnly', ...(second.error ? { error: second.error } : {}), problems: second.problems }
    return { step: 'done', problems: [] }
  }

  /** One step of a move: a configure whose failure of any kind is an answer (the move says where it stopped). */
  private async configureStep(t: HoldingsTarget, memberGlobalId: string, add: string[], del: string[]): Promise<ConfigureResult> {
    try {
      return await this.configure({ ...t, memberGlobalId, add, del })
    } catch (err) {
      const e = toAppErrorData(err)
      if (errorAdvice(e) === 'credentials') throw err
      return { done: false, error: e, problems: [] }
    }
  }

  /** Checks the rows of a bulk assignment against the enterprise's employees and numbers (read now). */
  async check(input: TargetInput & { rows: readonly AssignRow[] }): Promise<CheckedRows> {
    const { t, ctx, names } = await this.checkContext(input, input.rows.map((r) => r.employee))
    const rows = checkAssignRows(input.rows, ctx)
    const holders = [...new Set(rows.map((r) => r.holder).filter((h): h is string => typeof h === 'string'))]
    return { enterpriseGlobalId: t.enterpriseGlobalId, rows, people: names(holders) }
  }

  /**
   * What a check asks of the enterprise (its numbers read within CHECK_MAX_AGE_MS, its employees): the employees
   * `refs` name (accounts or global ids) and, with `holders`, everyone holding a number named in `numbers` (the
   * planner's moves); `names` gives the people behind global ids.
   */
  async checkContext(
    input: TargetInput,
    refs: readonly string[],
    numbers: readonly string[] = [],
  ): Promise<{ t: HoldingsTarget; entry: NumbersEntry; ctx: AssignContext; names(ids: readonly string[]): Person[] }> {
    const t = await this.deps.target(input)
    const dir = this.deps.directory
    const [{ entry }] = await Promise.all([this.cache.get(t, { maxAgeMs: CHECK_MAX_AGE_MS }), dir.whenRead(t.profileId, t.enterpriseGlobalId)])
    const held = numbers.map((n) => entry.byNum(n.trim())?.holder).filter((h): h is string => typeof h === 'string')
    const asked = [...new Set([...refs, ...held].map((r) => r.trim()).filter((r) => r !== ''))]
    const byId = new Map(dir.people(t.profileId, t.enterpriseGlobalId, asked).people.map((p) => [p.globalId, p]))
    const byAccount = new Map((await dir.accounts(t.profileId, t.enterpriseGlobalId, asked)).found.map((p) => [p.asked, p]))
    const person = (ref: string): KnownPerson | null => {
      const p = byId.get(ref.trim()) ?? byAccount.get(ref.trim())
      return p ? { globalId: p.globalId, userName: p.userName, name: p.name } : null
    }
    const ctx: AssignContext = {
      person,
      number: (n) => {
        const r = entry.byNum(n)
        return r ? { assetNum: r.assetNum, assetId: r.assetId, holder: r.holder, borrowedLock: r.borrowedLock } : null
      },
    }
    return { t, entry, ctx, names: (ids) => dir.people(t.profileId, t.enterpriseGlobalId, ids).people }
  }

  /** Every borrowed lock with its lending (the service) and what the journal recorded of it. */
  async lentLocks(input: TargetInput & { refresh?: boolean | undefined }): Promise<LentLocks> {
    const t = await this.deps.target(input)
    const { entry } = await this.cache.get(t, { refresh: input.refresh ?? false })
    const locks = lentLockViews(entry, await this.lendRecordsOf(t))
    return { enterpriseGlobalId: t.enterpriseGlobalId, fetchedAt: entry.fetchedAt, locks }
  }

  private async lendRecordsOf(t: HoldingsTarget) {
    const page = await this.deps.journal.list({ profileId: t.profileId, operations: ['lendAssets'], limit: Number.MAX_SAFE_INTEGER })
    return lendRecords(page.entries)
  }

  /**
   * Lends an employee's assets into a borrowed lock (member operation 10). A create: when the answer is lost, the
   * lent-lock list and the asset numbers are read back (the lock lent to the employee and every asset lent) before
   * anything is sent again; at most `maxSends` sends.
   */
  async lend(input: TargetInput & { memberGlobalId: string; lockNum: string; assetIds: readonly string[] }): Promise<{ reconciled: boolean }> {
    const [lockNum] = numbersOf([input.lockNum], 'lockNum')
    const assetIds = [...new Set(input.assetIds)]
    const t = await this.deps.target(input)
    const client = await this.deps.clientFor(t.profileId)
    const body = { borrowedUsbKey: lockNum!, assetIDs: assetIds }
    for (let sends = 1; ; sends++) {
      let open: AppError
      try {
        await client.lendAssets(input.memberGlobalId, body)
        this.cache.lent(t, body.borrowedUsbKey, input.memberGlobalId, assetIds)
        this.deps.onChanged?.(t)
        return { reconciled: false }
      } catch (err) {
        if (!(err instanceof AppError)) throw err
        if (notSent(err) && sends < this.maxSends) continue
        if (err.code !== 'app.unknownOutcome') throw err
        open = err
      }
      let done: boolean
      try {
        done = await this.lendDone(t, input.memberGlobalId, body.borrowedUsbKey, assetIds)
      } catch (readErr) {
        const cause = readErr instanceof AppError ? readErr.code : 'read-back failed'
        throw AppError.app('app.unknownOutcome', {}, { operation: 'lendAssets', cause: `${open.code}; read-back: ${cause}` })
      }
      if (done) {
        this.cache.lent(t, body.borrowedUsbKey, input.memberGlobalId, assetIds)
        this.deps.onChanged?.(t)
        return { reconciled: true }
      }
      if (sends >= this.maxSends) throw AppError.app('app.unknownOutcome', {}, { operation: 'lendAssets', cause: `not done after ${sends} sends` })
    }
  }

  /** Whether a lend is done: the lock lent to the employee, and every asset lent (read from the service now). */
  private async lendDone(t: HoldingsTarget, memberGlobalId: string, lockNum: string, assetIds: readonly string[]): Promise<boolean> {
    const { entry } = await this.cache.get(t, { refresh: true })
    const lock = entry.locks.find((l) => assetNumberKey(l.assetNum) === assetNumberKey(lockNum))
    if (!lock || lock.cloudAccountGlobalId !== memberGlobalId || lock.borrowedFlag !== true) return false
    return assetIds.every((id) => entry.byId(id)?.lent === true)
  }

  /** "Who holds what": the audit workbook in the user's language. */
  async audit(input: TargetInput & { includeProducts: boolean }): Promise<ExportedFile> {
    const t = await this.deps.target(input)
    const locale = await this.deps.locale()
    const client = await this.deps.clientFor(t.profileId)
    const [{ entry }, members, records] = await Promise.all([
      this.cache.get(t, { maxAgeMs: CHECK_MAX_AGE_MS }),
      listAllMembers(client, t.enterpriseGlobalId, { pageSize: await this.deps.pageSize() }),
      this.lendRecordsOf(t),
    ])
    const employees = members
      .filter((m: ListedMember) => !m.deleted)
      .map((m) => ({ globalId: m.globalId, userName: m.userName, name: m.name ?? '', departmentName: m.departmentName ?? null, assetNums: m.assetNums ?? [], borrowNum: m.borrowNum ?? null }))
    const locks = lentLockViews(entry, records)
    const products = input.includeProducts ? await this.readProducts(client, entry) : undefined
    const sheets = auditSheets({ employees, numbers: entry.records, locks, ...(products ? { products } : {}) }, locale)
    return writeWorkbook(AUDIT_WORDS.fileName[locale], sheets)
  }

  /** The products of every held number and lent lock, a few calls at a time, with progress. */
  private async readProducts(client: ApiClient, entry: NumbersEntry): Promise<Map<string, FlatProduct[] | { failed: string }>> {
    const wanted = entry.records.filter((r) => r.holder !== null)
    const out = new Map<string, FlatProduct[] | { failed: string }>()
    const limit = pLimit(Math.max(1, await this.deps.concurrency()))
    let done = 0
    let last = 0
    const tell = (force: boolean) => {
      const now = this.now()
      if (!force && now - last < 200) return
      last = now
      this.deps.onAuditProgress?.({ done, total: wanted.length })
    }
    tell(true)
    await Promise.all(
      wanted.map((r) =>
        limit(async () => {
          try {
            out.set(r.assetId, flattenProducts(await client.listAssetProducts(r.assetId)))
          } catch (err) {
            const e = toAppErrorData(err)
            if (errorAdvice(e) === 'credentials') throw err
            out.set(r.assetId, { failed: e.code })
          }
          done++
          tell(false)
        }),
      ),
    )
    tell(true)
    return out
  }
}
