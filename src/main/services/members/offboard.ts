/**
 * Offboarding for the screen and the CLI (one core, one check): who the references name, what each person holds
 * (their numbers with the products under them, the lent locks that hold their entitlements), the plan with its
 * steps (src/shared/members/offboard.ts); after the run (bulk kind `members.offboard`), the reclaim report read
 * from the job and the enterprise as it is now (src/shared/members/offboard-report.ts).
 */
import pLimit from 'p-limit'
import { AppError, toAppErrorData } from '@shared/errors/app-error'
import { errorAdvice } from '@shared/errors/advice'
import { flattenProducts } from '@shared/holdings/audit'
import type { Locale } from '@shared/i18n/locale'
import type { LentLockView } from '@shared/ipc/channels/holdings'
import type { OffboardCheck, OffboardReport } from '@shared/ipc/channels/offboard'
import { assetNumberKey } from '@shared/lists/asset-numbers'
import { matchPeople, planOffboarding, type HeldNumber, type HoldingLock, type OffboardThen, type PersonRef } from '@shared/members/offboard'
import { OFFBOARD_WORDS, reclaimSheets, reclaimSummary } from '@shared/members/offboard-report'
import type { ApiClient } from '../../api/client'
import { listAllMembers } from '../../api/reconcile'
import type { BulkRunner } from '../bulk/runner'
import { offboardJobSchema } from '../bulk/kinds/offboard'
import type { HoldingsService, HoldingsTarget } from '../holdings'
import type { MemberDirectory } from './directory'
import { writeWorkbook } from '../holdings'

export interface OffboardDeps {
  clientFor(profileId: string): Promise<ApiClient>
  holdings: HoldingsService
  directory: Pick<MemberDirectory, 'people'>
  bulk: Pick<BulkRunner, 'stored' | 'allItems'>
  locale(): Promise<Locale>
  pageSize(): Promise<number>
  concurrency(): Promise<number>
}

type TargetInput = { profileId?: string | undefined; enterpriseGlobalId?: string | undefined }

/** Numbers whose products are read for the check (one call each); past it the plan shows the numbers only. */
export const PRODUCTS_READ_MAX = 200

export class OffboardService {
  constructor(private readonly deps: OffboardDeps) {}

  /**
   * The plan of an offboarding: the references matched against the enterprise's employees (read now), each
   * person's numbers, products and locks (read now), the steps and the counts the admin confirms. Nothing is sent.
   */
  async check(input: TargetInput & { refs: readonly PersonRef[]; then: OffboardThen }): Promise<OffboardCheck> {
    const t = await this.deps.holdings.target(input)
    const client = await this.deps.clientFor(t.profileId)
    const [members, { entry }] = await Promise.all([
      listAllMembers(client, t.enterpriseGlobalId, { pageSize: await this.deps.pageSize() }),
      this.deps.holdings.cache.get(t, { refresh: true }),
    ])
    const people = members.filter((m) => !m.deleted).map((m) => ({ globalId: m.globalId, userName: m.userName, name: m.name ?? '' }))
    const matched = matchPeople(input.refs, people)
    const { locks } = await this.deps.holdings.lentLocks(t)
    const ids = new Set(matched.found.map((f) => f.person.globalId))
    const numbers = new Map<string, HeldNumber[]>()
    for (const r of entry.records) {
      if (r.holder === null || r.borrowedLock || !ids.has(r.holder)) continue
      const list = numbers.get(r.holder) ?? []
      list.push({ assetNum: r.assetNum, assetId: r.assetId, lent: r.lent, products: null })
      numbers.set(r.holder, list)
    }
    await this.readProducts(client, [...numbers.values()].flat())
    const plan = planOffboarding(matched, { numbersOf: (id) => numbers.get(id) ?? [], locksOf: (id) => locksOf(locks, id, numbers.get(id) ?? []) }, input.then)
    return { enterpriseGlobalId: t.enterpriseGlobalId, profileId: t.profileId, ...plan }
  }

  /** The product names under each number (a few calls at a time); a number whose read failed keeps null. */
  private async readProducts(client: ApiClient, held: HeldNumber[]): Promise<void> {
    if (held.length > PRODUCTS_READ_MAX) return
    const limit = pLimit(Math.max(1, await this.deps.concurrency()))
    await Promise.all(
      held.map((n) =>
        limit(async () => {
          try {
            n.products = flattenProducts(await client.listAssetProducts(n.assetId)).map((f) => f.product.productName ?? f.product.productUri ?? '?')
          } catch (err) {
            if (errorAdvice(toAppErrorData(err)) === 'credentials') throw err
          }
        }),
      ),
    )
  }

  /** The reclaim report of an offboarding job: its results joined with the numbers and locks as they are now. */
  async report(input: { jobId: string }): Promise<OffboardReport> {
    const parsed = offboardJobSchema.safeParse(await this.deps.bulk.stored(input.jobId))
    if (!parsed.success) throw AppError.app('app.invalidInput', { detail: `job ${input.jobId} is not an offboarding` })
    const job = parsed.data
    const t: HoldingsTarget = { profileId: job.profileId, enterpriseGlobalId: job.enterpriseGlobalId }
    const [items, { entry }, locale] = await Promise.all([this.deps.bulk.allItems(job.id), this.deps.holdings.cache.get(t, { refresh: true }), this.deps.locale()])
    const { locks } = await this.deps.holdings.lentLocks(t)
    // Items come in input order with repeats among them: the unique ones are at `positions`.
    const byIndex = new Map(items.map((it) => [it.index, it.result]))
    const results = job.items.map((_, i) => byIndex.get(job.positions?.[i] ?? i))
    const others = entry.records.filter((r) => r.holder !== null && job.items.some((p) => p.numbers.includes(r.assetNum))).map((r) => r.holder!)
    const names = new Map(this.deps.directory.people(t.profileId, t.enterpriseGlobalId, others).people.map((p) => [p.globalId, p.name ? `${p.name} (${p.userName})` : p.userName]))
    const nameOf = (id: string) => names.get(id) ?? id
    const { sheets, reclaim } = reclaimSheets(
      {
        then: job.then,
        people: job.items,
        results,
        holderOf: (n) => {
          const r = entry.byNum(n)
          return r ? r.holder : undefined
        },
        nameOf,
        locks,
      },
      locale,
    )
    const file = await writeWorkbook(OFFBOARD_WORDS.fileName[locale], sheets)
    return {
      jobId: job.id,
      file,
      total: job.items.length,
      left: reclaim.left,
      freed: reclaim.freed,
      attention: reclaim.attention.map((a) => ({ lockNum: a.lock.assetNum, userName: a.person.userName, why: a.why, assets: a.assets })),
      summary: reclaimSummary(reclaim, job.items.length, locale),
    }
  }
}

/** The lent locks that hold a person's entitlements: lent to them, or holding assets of theirs. */
function locksOf(locks: readonly LentLockView[], id: string, numbers: readonly HeldNumber[]): HoldingLock[] {
  const ids = new Set(numbers.map((n) => n.assetId))
  const nums = new Set(numbers.map((n) => assetNumberKey(n.assetNum)))
  const out: HoldingLock[] = []
  for (const l of locks) {
    if (!l.lent) continue
    const theirs = l.lentAssets.filter((a) => ids.has(a.assetId) || (a.assetNum !== null && nums.has(assetNumberKey(a.assetNum))))
    if (l.holder === id || theirs.length > 0) out.push({ lockNum: l.assetNum, assets: (l.holder === id ? l.lentAssets : theirs).map((a) => a.assetNum ?? a.assetId) })
  }
  return out
}
