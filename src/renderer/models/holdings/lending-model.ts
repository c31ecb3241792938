/**
 * The lending overview's logic: which borrowed locks pass the filter (lent or free, a piece of the lock number,
 * the employee's name, account or id, or a lent asset's number), the locks a lend may go into, and the export's
 * cells. Plain: no calls, no stores.
 */
import type { LentLockView } from '@shared/ipc/channels/holdings'

export const LOCK_FILTERS = ['all', 'lent', 'free'] as const
export type LockFilter = (typeof LOCK_FILTERS)[number]

/** The locks that pass the filter; `label` names an employee ("name (account)") when known. */
export function filterLocks(locks: readonly LentLockView[], filter: { state: LockFilter; text: string }, label: (globalId: string) => string | undefined): LentLockView[] {
  const q = filter.text.normalize('NFKC').trim().toLowerCase()
  return locks.filter((l) => {
    if (filter.state === 'lent' && !l.lent) return false
    if (filter.state === 'free' && l.lent) return false
    if (q === '') return true
    const hay = [l.assetNum, l.holder ?? '', l.holder ? (label(l.holder) ?? '') : '', ...l.lentAssets.map((a) => a.assetNum ?? a.assetId)].join(' ').toLowerCase()
    return hay.includes(q)
  })
}

export function lockCounts(locks: readonly LentLockView[]): Record<LockFilter, number> {
  let lent = 0
  for (const l of locks) if (l.lent) lent++
  return { all: locks.length, lent, free: locks.length - lent }
}

/** Locks a lend of this employee may go into: the free ones, and the one already lent to them. */
export function lendableLocks(locks: readonly LentLockView[], memberGlobalId: string): LentLockView[] {
  return locks.filter((l) => !l.lent || l.holder === memberGlobalId)
}

/** The export's cells: lock, state, employee's name, account and id, assets lent, since, recorded here. */
export function lockExportRows(
  locks: readonly LentLockView[],
  w: { lent: string; free: string; yes: string; no: string; notRecorded: string; time(ms: number | null): string },
  person: (globalId: string) => { name: string; userName: string } | undefined,
): string[][] {
  return locks.map((l) => {
    const p = l.holder ? person(l.holder) : undefined
    const assets = l.lentAssets.map((a) => a.assetNum ?? a.assetId).join(', ')
    return [
      l.assetNum,
      l.lent ? w.lent : w.free,
      p?.name ?? '',
      p?.userName ?? '',
      l.holder ?? '',
      l.lent ? assets || w.notRecorded : '',
      l.lent ? (l.since !== null ? w.time(l.since) : w.notRecorded) : '',
      l.lent ? (l.recorded ? w.yes : w.no) : '',
    ]
  })
}
