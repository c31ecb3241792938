/**
 * Lending: what the service says (member operation 8: each borrowed lock, lent or free, and to whom; member
 * operation 6: which assets are lent) joined with what it does not say, from the journal of this computer: which
 * assets were lent into a lock, and since when. A lend whose answer was lost counts once the service shows the
 * lock lent to that employee. Lends made elsewhere (another computer, another app) show as not recorded here.
 */
import type { JournalEntry } from '@shared/ipc/channels/journal'
import type { LentLockView } from '@shared/ipc/channels/holdings'
import { assetNumberKey } from '@shared/lists/asset-numbers'
import type { NumbersEntry } from './numbers'

/** One lend the journal recorded. */
export interface LendRecord {
  memberGlobalId: string
  lockNum: string
  assetIds: string[]
  /** When it was sent (epoch ms). */
  at: number
  outcome: JournalEntry['outcome']
}

const BORROW_PATH = /\/enterprise\/member\/([^/]+)\/borrow$/

/** The lends of journal entries (of operation lendAssets), oldest first; entries that are not readable are skipped. */
export function lendRecords(entries: readonly JournalEntry[]): LendRecord[] {
  const out: LendRecord[] = []
  for (const e of entries) {
    if (e.operation !== 'lendAssets') continue
    const m = BORROW_PATH.exec(e.path.split('?')[0] ?? '')
    const body = e.body as { borrowedUsbKey?: unknown; assetIDs?: unknown } | undefined
    if (!m || !body || typeof body.borrowedUsbKey !== 'string' || !Array.isArray(body.assetIDs)) continue
    out.push({
      memberGlobalId: decodeURIComponent(m[1]!),
      lockNum: body.borrowedUsbKey,
      assetIds: body.assetIDs.filter((x): x is string => typeof x === 'string'),
      at: e.sentAt ?? e.startedAt,
      outcome: e.outcome,
    })
  }
  return out.sort((a, b) => a.at - b.at)
}

/** Outcomes of a lend that may have been done (confirmed when the service shows the lock lent to that employee). */
const MAYBE_DONE: ReadonlySet<JournalEntry['outcome']> = new Set(['ok', 'unknown', 'interrupted', 'pending'])

/**
 * Every borrowed lock with its lending: the employee (the service), and from the journal the lends of the lending
 * going on now: those to the same employee since the last lend to someone else that was done. Without a record,
 * the assets are inferred from the service where they can be (see below).
 */
export function lentLockViews(entry: NumbersEntry, records: readonly LendRecord[]): LentLockView[] {
  const byLock = new Map<string, LendRecord[]>()
  for (const r of records) {
    const k = assetNumberKey(r.lockNum)
    const l = byLock.get(k)
    if (l) l.push(r)
    else byLock.set(k, [r])
  }
  const locksOf = new Map<string, number>()
  for (const l of entry.locks) {
    if (l.borrowedFlag === true && l.cloudAccountGlobalId) locksOf.set(l.cloudAccountGlobalId, (locksOf.get(l.cloudAccountGlobalId) ?? 0) + 1)
  }
  return entry.locks.map((lock): LentLockView => {
    const holder = lock.cloudAccountGlobalId ?? null
    const lent = lock.borrowedFlag === true && holder !== null
    const view: LentLockView = { assetNum: lock.assetNum, assetId: lock.assetId, lent, holder, lentAssets: [], assetsSource: 'none', since: null, recorded: false }
    if (!lent) return view
    const mine = byLock.get(assetNumberKey(lock.assetNum)) ?? []
    let start = 0
    for (let i = 0; i < mine.length; i++) if (mine[i]!.memberGlobalId !== holder && mine[i]!.outcome === 'ok') start = i + 1
    const current = mine.slice(start).filter((r) => r.memberGlobalId === holder && MAYBE_DONE.has(r.outcome))
    if (current.length === 0) {
      // Only an employee's own assets can be lent, and only into a lock lent to them: with one such lock, their
      // assets marked lent are in it.
      if ((locksOf.get(holder!) ?? 0) === 1) {
        for (const r of entry.records) {
          if (r.holder === holder && r.lent && !r.borrowedLock) view.lentAssets.push({ assetId: r.assetId, assetNum: r.assetNum })
        }
        if (view.lentAssets.length > 0) view.assetsSource = 'service'
      }
      return view
    }
    view.recorded = true
    view.assetsSource = 'journal'
    view.since = current[0]!.at
    const seen = new Set<string>()
    for (const r of current) {
      for (const id of r.assetIds) {
        if (seen.has(id)) continue
        seen.add(id)
        const rec = entry.byId(id)
        // An asset no longer lent went back (or was revoked): not in this lock any more.
        if (rec && !rec.lent) continue
        view.lentAssets.push({ assetId: id, assetNum: rec?.assetNum ?? null })
      }
    }
    return view
  })
}
