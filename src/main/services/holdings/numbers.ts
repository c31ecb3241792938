/**
 * The enterprise's asset numbers (member operation 6) and borrowed locks (member operation 8), read together and
 * kept per (profile, enterprise) until refreshed, so the table of 200,000 numbers, the employee's numbers and the
 * free-number picker answer without asking the service each time. What the app itself changes (a configure, a
 * lend) is applied to the copy at once. The table's columns are built once per copy.
 */
import type { EnterpriseAssetNum, LentLock } from '@shared/api/models'
import { AppError } from '@shared/errors/app-error'
import { HOLDING_FLAG, MAX_HOLDING_NUMBERS, type HoldingTable } from '@shared/ipc/channels/holdings'
import { assetNumberKey } from '@shared/lists/asset-numbers'
import type { ApiClient } from '../../api/client'

/** A profile and an enterprise. */
export interface HoldingsTarget {
  profileId: string
  enterpriseGlobalId: string
}

/** One number as kept: the service's fields, normalised. */
export interface NumberRecord {
  assetNum: string
  assetId: string
  holder: string | null
  lent: boolean
  online: boolean
  borrowedLock: boolean
}

type Columns = Omit<HoldingTable, 'profileId' | 'enterpriseGlobalId' | 'fetchedAt' | 'cached'>

/** One read of the lists, with indexes made on first use. */
export class NumbersEntry {
  private byNumIndex: Map<string, number> | null = null
  private byIdIndex: Map<string, number> | null = null
  private projected: Columns | null = null

  constructor(
    readonly fetchedAt: number,
    readonly records: NumberRecord[],
    readonly locks: LentLock[],
  ) {}

  /** The record of a number (any case). */
  byNum(assetNum: string): NumberRecord | undefined {
    if (!this.byNumIndex) {
      this.byNumIndex = new Map()
      this.records.forEach((r, i) => this.byNumIndex!.set(assetNumberKey(r.assetNum), i))
    }
    const i = this.byNumIndex.get(assetNumberKey(assetNum))
    return i === undefined ? undefined : this.records[i]
  }

  /** The record of an asset id. */
  byId(assetId: string): NumberRecord | undefined {
    if (!this.byIdIndex) {
      this.byIdIndex = new Map()
      this.records.forEach((r, i) => this.byIdIndex!.set(r.assetId, i))
    }
    const i = this.byIdIndex.get(assetId)
    return i === undefined ? undefined : this.records[i]
  }

  /** The table's columns (built once; a change through `changed()` builds them again). */
  columns(): Columns {
    if (this.projected) return this.projected
    const n = this.records.length
    const holders: string[] = []
    const holderIndex = new Map<string, number>()
    const assetNum = new Array<string>(n)
    const assetId = new Array<string>(n)
    const holder = new Array<number>(n)
    const flags = new Array<number>(n)
    for (let i = 0; i < n; i++) {
      const r = this.records[i]!
      assetNum[i] = r.assetNum
      assetId[i] = r.assetId
      if (r.holder === null) holder[i] = -1
      else {
        let h = holderIndex.get(r.holder)
        if (h === undefined) {
          h = holders.length
          holders.push(r.holder)
          holderIndex.set(r.holder, h)
        }
        holder[i] = h
      }
      flags[i] = (r.lent ? HOLDING_FLAG.lent : 0) | (r.online ? HOLDING_FLAG.online : 0) | (r.borrowedLock ? HOLDING_FLAG.borrowedLock : 0)
    }
    this.projected = { count: n, holders, assetNum, assetId, holder, flags }
    return this.projected
  }

  /** Records changed in place: the columns are built again on the next ask. */
  changed(): void {
    this.projected = null
  }
}

/** Reads both lists and joins them. */
export async function readNumbers(client: ApiClient, enterpriseGlobalId: string, now: () => number): Promise<NumbersEntry> {
  const [nums, locks] = await Promise.all([client.listAssetNums(enterpriseGlobalId), client.listLentLocks(enterpriseGlobalId)])
  if (nums.length > MAX_HOLDING_NUMBERS) {
    throw AppError.app('app.badResponse', { detail: `${nums.length} asset numbers, more than the ${MAX_HOLDING_NUMBERS} the app shows` })
  }
  const lockIds = new Set(locks.map((l) => l.assetId))
  // The locks the number list names (a handful): no set of 200,000 ids is made to find them.
  const listed = new Set<string>()
  const records = nums.map((a: EnterpriseAssetNum): NumberRecord => {
    const borrowedLock = lockIds.size > 0 && lockIds.has(a.assetId)
    if (borrowedLock) listed.add(a.assetId)
    return {
      assetNum: a.assetNum,
      assetId: a.assetId,
      holder: a.cloudAccountGlobalId ?? null,
      lent: a.borrowedFlag === true,
      online: a.onlineFlag === true,
      borrowedLock,
    }
  })
  // A borrowed lock the number list leaves out is still shown (member operation 8 is the one that names them).
  for (const l of locks) {
    if (listed.has(l.assetId)) continue
    records.push({ assetNum: l.assetNum, assetId: l.assetId, holder: l.cloudAccountGlobalId ?? null, lent: l.borrowedFlag === true, online: false, borrowedLock: true })
  }
  return new NumbersEntry(now(), records, locks)
}

/** The lists per (profile, enterprise): the two most recently used are kept; one reading at a time each. */
export class NumbersCache {
  private readonly entries = new Map<string, { entry: Promise<NumbersEntry>; settled: NumbersEntry | null }>()

  constructor(
    private readonly clientFor: (profileId: string) => Promise<ApiClient>,
    private readonly now: () => number = Date.now,
  ) {}

  private key(t: HoldingsTarget): string {
    return `${t.profileId}\u0000${t.enterpriseGlobalId}`
  }

  /**
   * The lists of an enterprise: the kept copy unless `refresh`, or it is older than `maxAgeMs`; else read now
   * (callers asking meanwhile share the reading).
   */
  async get(t: HoldingsTarget, opts: { refresh?: boolean; maxAgeMs?: number } = {}): Promise<{ entry: NumbersEntry; cached: boolean }> {
    const k = this.key(t)
    const hit = this.entries.get(k)
    const fresh = hit?.settled && (opts.maxAgeMs === undefined || this.now() - hit.settled.fetchedAt <= opts.maxAgeMs)
    if (hit && !opts.refresh && (fresh || !hit.settled)) {
      const entry = await hit.entry
      return { entry, cached: hit.settled !== null }
    }
    const slot: { entry: Promise<NumbersEntry>; settled: NumbersEntry | null } = { entry: Promise.resolve(null as unknown as NumbersEntry), settled: null }
    slot.entry = (async () => readNumbers(await this.clientFor(t.profileId), t.enterpriseGlobalId, this.now))()
    this.entries.delete(k)
    this.entries.set(k, slot)
    while (this.entries.size > 2) this.entries.delete(this.entries.keys().next().value!)
    try {
      const entry = await slot.entry
      slot.settled = entry
      return { entry, cached: false }
    } catch (err) {
      if (this.entries.get(k) === slot) {
        this.entries.delete(k)
        // The copy before stays usable for what asked for it.
        if (hit?.settled) this.entries.set(k, hit)
      }
      throw err
    }
  }

  /** The kept copy, if any (no reading). */
  peek(t: HoldingsTarget): NumbersEntry | null {
    return this.entries.get(this.key(t))?.settled ?? null
  }

  /** Applies a change the app made (a configure): numbers now held by `holder` (null: free). */
  assign(t: HoldingsTarget, assetNums: readonly string[], holder: string | null): void {
    const e = this.peek(t)
    if (!e) return
    for (const n of assetNums) {
      const r = e.byNum(n)
      if (r) r.holder = holder
    }
    e.changed()
  }

  /** Applies a lend the app made: the assets are lent, the lock is lent to the employee. */
  lent(t: HoldingsTarget, lockNum: string, memberGlobalId: string, assetIds: readonly string[]): void {
    const e = this.peek(t)
    if (!e) return
    const lock = e.byNum(lockNum)
    if (lock) {
      lock.holder = memberGlobalId
      lock.lent = true
    }
    for (const id of assetIds) {
      const r = e.byId(id)
      if (r) r.lent = true
    }
    const l = e.locks.find((x) => assetNumberKey(x.assetNum) === assetNumberKey(lockNum))
    if (l) {
      l.borrowedFlag = true
      l.cloudAccountGlobalId = memberGlobalId
    }
    e.changed()
  }

  /** Forgets everything (profiles changed). */
  clear(): void {
    this.entries.clear()
  }
}
