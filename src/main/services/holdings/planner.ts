/**
 * The assignment planner's core (src/shared/holdings/plan.ts has its rules): checks a plan against the enterprise
 * as it is now, applies it through the bulk runner (kind `holdings.configure`: one configure call per employee; a
 * second run for the numbers that move, once their withdrawals are done), keeps a record of each plan applied here
 * (`plans.json` in the data folder: its jobs, recorded as each starts), and undoes one from the journal: the calls
 * of its jobs that were applied, or may have been (a lost answer), reversed, then checked and run as a plan. The
 * check of the undo against the enterprise makes a step that was not done "nothing to do", so what the journal
 * cannot tell is harmless.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { AppError, type AppErrorData } from '@shared/errors/app-error'
import { countOutcomes, readyGroups, rowResults, type GroupRun, type RowResult } from '@shared/holdings/assign-results'
import type { AssignContext, AssignRow, ConfigureGroup, KnownNumber } from '@shared/holdings/assign-rows'
import { checkPlan, checkProductPlan, undoRows, type AppliedCall, type CheckedPlan } from '@shared/holdings/plan'
import type { ProductCell, ProductContext } from '@shared/holdings/plan-products'
import type { ItemResult } from '@shared/ipc/channels/bulk'
import type { JournalEntry } from '@shared/ipc/channels/journal'
import { PLAN_ROWS_SHOWN, planRecordSchema, type PlanCheck, type PlanProducts, type PlanRecord, type PlanRow, type PlanRun } from '@shared/ipc/channels/planner'
import type { Person } from '@shared/ipc/channels/members'
import type { BulkRunner } from '../bulk'
import type { Journal } from '../journal'
import { JsonFile, type Storage } from '../storage'
import type { HoldingsService } from './holdings'
import type { HoldingsTarget, NumberRecord } from './numbers'
import { ProductReader } from './planner-products'

type TargetInput = { profileId?: string | undefined; enterpriseGlobalId?: string | undefined }

/** Plans kept in plans.json (the oldest dropped past it). */
const PLANS_KEPT = 200
/** Retries of a run's calls that a retry may change (a lost answer, a failed call) before the run's results stand. */
const RETRY_ROUNDS = 3

const plansFileSchema = z.object({ plans: z.array(planRecordSchema) })

export interface PlannerDeps {
  holdings: HoldingsService
  bulk: BulkRunner
  journal: Pick<Journal, 'list'>
  storage: Storage
  now?: () => number
  /** Told when a job of a plan starts (the CLI's progress). */
  onJob?(jobId: string, calls: number): void
  /** Calls at once when products are read (member operation 7); default 4. */
  concurrency?(): Promise<number>
  /**
   * The other enterprise whose list, among those the app holds (no call), has a number that is not this
   * enterprise's; null when none does.
   */
  elsewhere?(t: HoldingsTarget, assetNum: string): string | null
}

type Prepared = { t: HoldingsTarget; plan: CheckedPlan; names(ids: readonly string[]): Person[]; productNames: ReadonlyMap<string, string>; productCalls: number }

const known = (r: NumberRecord): KnownNumber => ({ assetNum: r.assetNum, assetId: r.assetId, holder: r.holder, borrowedLock: r.borrowedLock })

const bodySchema = z.object({ deleteAssets: z.array(z.string()), addAssets: z.array(z.string()) })
// The path as sent: the profile's base path, then the operation's (OPERATIONS.configureAssets).
const PATH = /\/enterprise\/member\/([^/]+)\/privileges$/

/**
 * Whether a journaled configure call was applied, or may have been: it ended ok, or its answer was lost after it
 * was sent. A call the service answered with a refusal changed nothing (configure is all or nothing), and one never
 * sent did nothing.
 */
function mayHaveApplied(e: JournalEntry): boolean {
  if (e.outcome === 'ok' || e.outcome === 'partial' || e.outcome === 'unknown') return true
  if (e.outcome !== 'error') return false
  return e.sentAt !== undefined && e.httpStatus === undefined && e.error?.details.httpStatus === undefined
}

/** The calls of journal entries that may have been applied, in the order they were sent. */
export function appliedCalls(entries: readonly JournalEntry[]): AppliedCall[] {
  const out: { at: number; call: AppliedCall }[] = []
  for (const e of entries) {
    if (e.operation !== 'configureAssets' || !mayHaveApplied(e)) continue
    const m = PATH.exec(e.path)
    const body = bodySchema.safeParse(e.body)
    if (!m || !body.success) continue
    out.push({ at: e.sentAt ?? e.startedAt, call: { memberGlobalId: decodeURIComponent(m[1]!), add: body.data.addAssets, del: body.data.deleteAssets } })
  }
  return out.sort((a, b) => a.at - b.at).map((x) => x.call)
}

export class PlannerService {
  private readonly file: JsonFile<z.output<typeof plansFileSchema>>
  private readonly now: () => number
  private editing: Promise<unknown> = Promise.resolve()
  /** The numbers' products, read lazily for product columns (planner-products.ts). */
  readonly productReader: ProductReader

  constructor(private readonly deps: PlannerDeps) {
    this.file = new JsonFile(deps.storage, 'plans.json', plansFileSchema, () => ({ plans: [] }))
    this.now = deps.now ?? Date.now
    this.productReader = new ProductReader({
      read: (t, assetId) => deps.holdings.products({ ...t, assetId }),
      concurrency: deps.concurrency ?? (() => Promise.resolve(4)),
      ...(deps.now ? { now: deps.now } : {}),
    })
  }

  /**
   * The plan checked against the enterprise now: its number rows, and its product cells resolved to numbers
   * (reading the products of the free numbers and of the numbers of the employees with a product cell, those not
   * read yet).
   */
  private async prepare(input: TargetInput, rows: readonly AssignRow[], products: readonly ProductCell[] = []): Promise<Prepared> {
    const { t, entry, ctx, names } = await this.deps.holdings.checkContext(
      input,
      [...rows.map((r) => r.employee), ...products.map((p) => p.employee)],
      rows.filter((r) => r.action === 'assign').map((r) => r.assetNum),
    )
    const elsewhere = this.deps.elsewhere
    const base: AssignContext = elsewhere ? { ...ctx, elsewhere: (n) => elsewhere(t, n) } : ctx
    if (products.length === 0) return { t, plan: checkPlan(rows, base), names, productNames: new Map(), productCalls: 0 }
    const members = new Set(products.map((p) => ctx.person(p.employee)?.globalId).filter((id): id is string => id !== undefined))
    const free: KnownNumber[] = []
    const held = new Map<string, KnownNumber[]>()
    for (const r of entry.records) {
      if (r.borrowedLock) continue
      if (r.holder === null) free.push(known(r))
      else if (members.has(r.holder)) held.set(r.holder, [...(held.get(r.holder) ?? []), known(r)])
    }
    const read = await this.productReader.read(t, [...free, ...[...held.values()].flat()].map((n) => n.assetId))
    const pctx: ProductContext = {
      person: (ref) => ctx.person(ref),
      heldBy: (id) => held.get(id) ?? [],
      free: () => free,
      productsOf: (n) => {
        const r = entry.byNum(n)
        return r ? read.of(r.assetId) : undefined
      },
    }
    return { t, plan: checkProductPlan(rows, products, { ...base, ...pctx }), names, productNames: read.names, productCalls: read.calls }
  }

  /** The products of the free numbers (`free`) and of the numbers asked, read now where not read yet. */
  async products(input: TargetInput & { free?: boolean | undefined; assetNums?: readonly string[] | undefined; refresh?: boolean | undefined }): Promise<PlanProducts> {
    const t = await this.deps.holdings.target(input)
    if (input.refresh) this.productReader.clear()
    const { entry } = await this.deps.holdings.cache.get(t)
    const free = input.free ? entry.records.filter((r) => r.holder === null && !r.borrowedLock) : []
    const asked = (input.assetNums ?? []).map((n) => entry.byNum(n)).filter((r): r is NumberRecord => r !== undefined)
    const read = await this.productReader.read(t, [...free, ...asked].map((r) => r.assetId))
    const freeCount = new Map<string, number>()
    for (const r of free) for (const u of read.of(r.assetId) ?? []) freeCount.set(u, (freeCount.get(u) ?? 0) + 1)
    return {
      products: [...read.names].map(([uri, name]) => ({ uri, name, free: input.free ? (freeCount.get(uri) ?? 0) : null })),
      numbers: asked.map((r) => ({ assetNum: r.assetNum, products: read.of(r.assetId) ?? null })),
      calls: read.calls,
      failed: read.failed,
    }
  }

  /** Checks a plan against the enterprise (nothing is sent). */
  async check(input: TargetInput & { rows: readonly AssignRow[]; products?: readonly ProductCell[] | undefined }): Promise<PlanCheck> {
    const { t, plan, names, productNames, productCalls } = await this.prepare(input, input.rows, input.products)
    // The plan's own cells (not the withdrawals its moves added) that cannot go or need nothing.
    const problems = plan.rows.filter((r) => !(r.move && r.action === 'withdraw') && (r.issue !== null || r.note !== null)).slice(0, PLAN_ROWS_SHOWN)
    const rows = rowResults(problems, [])
    const ids = new Set<string>()
    for (const c of plan.changes) {
      ids.add(c.member)
      if (c.from) ids.add(c.from)
    }
    for (const r of rows) {
      if (r.memberGlobalId) ids.add(r.memberGlobalId)
      if (r.holder) ids.add(r.holder)
    }
    for (const p of plan.products) if (p.member) ids.add(p.member)
    const uris = new Set([...plan.changes.flatMap((c) => (c.product ? [c.product] : [])), ...plan.products.map((p) => p.productUri)])
    return {
      enterpriseGlobalId: t.enterpriseGlobalId,
      changes: plan.changes,
      counts: plan.counts,
      problems: rows.map(planRow),
      people: names([...ids]),
      products: plan.products.slice(0, PLAN_ROWS_SHOWN),
      productNames: [...uris].map((uri) => ({ uri, name: productNames.get(uri) ?? uri })),
      productCalls,
    }
  }

  /** Checks a plan again and applies it; resolves when its runs have ended. */
  async apply(input: TargetInput & { rows: readonly AssignRow[]; products?: readonly ProductCell[] | undefined }): Promise<PlanRun> {
    if (input.rows.length === 0 && (input.products?.length ?? 0) === 0) {
      throw AppError.app('app.invalidInput', {}, { issues: [{ path: 'rows', message: 'nothing to apply', code: 'tooFew', bound: 1 }] })
    }
    const { t, plan, names } = await this.prepare(input, input.rows, input.products)
    return this.run(t, plan, null, names)
  }

  /** Undoes a plan applied here (see the module's comment). */
  async undo(input: { id: string }): Promise<PlanRun> {
    const rec = (await this.file.read()).plans.find((p) => p.id === input.id)
    if (!rec) throw AppError.app('app.notFound', { what: `plan ${input.id}` })
    const entries: JournalEntry[] = []
    for (const jobId of rec.jobIds) {
      const page = await this.deps.journal.list({ profileId: rec.profileId, jobId, operations: ['configureAssets'], limit: Number.MAX_SAFE_INTEGER })
      entries.push(...page.entries)
    }
    const { t, plan, names } = await this.prepare({ profileId: rec.profileId, enterpriseGlobalId: rec.enterpriseGlobalId }, undoRows(appliedCalls(entries)))
    const out = await this.run(t, plan, rec.id, names)
    await this.update(rec.id, (p) => ({ ...p, undoneBy: out.plan.id }))
    return out
  }

  /** The plans applied here for the enterprise, newest first. */
  async runs(input: TargetInput): Promise<{ plans: PlanRecord[] }> {
    const t = await this.deps.holdings.target(input)
    const { plans } = await this.file.read()
    return { plans: plans.filter((p) => p.profileId === t.profileId && p.enterpriseGlobalId === t.enterpriseGlobalId).reverse() }
  }

  /** Changes of plans.json one at a time (a read, a change, a write), so two plans running never lose one's. */
  private edit<T>(change: (plans: PlanRecord[]) => T): Promise<T> {
    const run = this.editing.then(async () => {
      const { plans } = await this.file.read()
      const out = change(plans)
      await this.file.write({ plans: plans.slice(-PLANS_KEPT) })
      return out
    })
    this.editing = run.catch(() => undefined)
    return run
  }

  private update(id: string, f: (p: PlanRecord) => PlanRecord): Promise<PlanRecord> {
    return this.edit((plans) => {
      const i = plans.findIndex((p) => p.id === id)
      if (i < 0) throw AppError.app('app.notFound', { what: `plan ${id}` })
      plans[i] = f(plans[i]!)
      return plans[i]!
    })
  }

  private async run(t: HoldingsTarget, plan: CheckedPlan, undoOf: string | null, names: (ids: readonly string[]) => Person[]): Promise<PlanRun> {
    const id = `${new Date(this.now()).toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`
    let rec: PlanRecord = { id, profileId: t.profileId, enterpriseGlobalId: t.enterpriseGlobalId, createdAt: this.now(), jobIds: [], undoOf, undoneBy: null, counts: plan.counts, finished: false }
    await this.edit((plans) => plans.push(rec))

    const runs: GroupRun[] = []
    let error: AppErrorData | undefined
    const runGroups = async (groups: ConfigureGroup[]) => {
      const r = await this.runJob(t, groups, (jobId) => this.update(id, (p) => ({ ...p, jobIds: [...p.jobIds, jobId] })).then((p) => void (rec = p)))
      runs.push({ groups, results: r.results })
      error ??= r.error
    }
    if (plan.first.length > 0) await runGroups(plan.first)
    if (plan.second.length > 0 && !error) {
      const afterOf = new Map(plan.rows.filter((c) => c.action === 'assign' && c.after !== undefined).map((c) => [c.line, c.after!]))
      const withdrawn = new Set(rowResults(plan.rows, runs).filter((r) => r.action === 'withdraw' && r.outcome === 'done').map((r) => r.line))
      const ready = readyGroups(plan.second, (line) => afterOf.get(line), (line) => withdrawn.has(line))
      if (ready.length > 0) await runGroups(ready)
    }
    rec = await this.update(id, (p) => ({ ...p, finished: !error }))

    const results = rowResults(plan.rows, runs)
    const failures = results.filter((r) => !r.note && r.outcome !== 'done' && r.outcome !== 'nothingToDo').slice(0, PLAN_ROWS_SHOWN)
    const ids = new Set<string>()
    for (const r of failures) {
      if (r.memberGlobalId) ids.add(r.memberGlobalId)
      if (r.holder) ids.add(r.holder)
    }
    const out: PlanRun = { plan: rec, outcomes: countOutcomes(results), failures: failures.map(planRow), people: names([...ids]) }
    if (error) out.error = error
    return out
  }

  /** One bulk job of configure calls to its end, retrying what a retry may change; each group's result. */
  private async runJob(t: HoldingsTarget, groups: ConfigureGroup[], started: (jobId: string) => Promise<void>): Promise<{ results: (ItemResult | undefined)[]; error?: AppErrorData }> {
    const bulk = this.deps.bulk
    await bulk.init()
    const job = await bulk.start({ kind: 'holdings.configure', profileId: t.profileId, enterpriseGlobalId: t.enterpriseGlobalId, items: groups })
    await started(job.id)
    this.deps.onJob?.(job.id, groups.length)
    let done = await bulk.wait(job.id)
    for (let round = 0; round < RETRY_ROUNDS && !done.error && done.status === 'completed'; round++) {
      const left = await bulk.get(job.id, { retryable: true, limit: 1 })
      if (left.matching === 0) break
      await bulk.retryFailed(job.id)
      done = await bulk.wait(job.id)
    }
    const results: (ItemResult | undefined)[] = new Array(groups.length).fill(undefined)
    for (const it of await bulk.allItems(job.id)) results[it.index] = it.result
    return done.error ? { results, error: done.error } : { results }
  }
}

function planRow(r: RowResult): PlanRow {
  return r
}
