/**
 * The asset numbers table in the page: only windows of rows the core sent (the rows in view and around them), the
 * others placeholders. Which windows a view needs, which to drop when too many are kept; plain data, no Vue.
 */
import type { WindowRow } from '@shared/ipc/channels/holdings'

/** Rows per window asked of the core. */
export const WINDOW_ROWS = 200
/** Most windows kept in the page (the others go back to placeholders). */
export const MAX_KEPT_WINDOWS = 6

/** A row not loaded yet: shown empty until its window arrives. */
export const PLACEHOLDER_ROW: WindowRow & { placeholder: true } = Object.freeze({
  assetNum: '',
  assetId: '',
  holder: '',
  name: null,
  lent: false,
  online: false,
  borrowedLock: false,
  placeholder: true as const,
})

export function isPlaceholder(r: WindowRow): boolean {
  return r === PLACEHOLDER_ROW
}

/** The windows rows `first` to `last` touch, with `margin` rows beyond each edge (none past `total`). */
export function windowsFor(first: number, last: number, total: number, margin = WINDOW_ROWS / 4, size = WINDOW_ROWS): number[] {
  if (total <= 0 || last < first) return []
  const from = Math.max(0, first - margin)
  const to = Math.min(total - 1, last + margin)
  const out: number[] = []
  for (let w = Math.floor(from / size); w <= Math.floor(to / size); w++) out.push(w)
  return out
}

/** The kept windows to drop so that at most `max` stay: the farthest from the one in view first. */
export function windowsToDrop(kept: Iterable<number>, inView: number, max = MAX_KEPT_WINDOWS): number[] {
  const list = [...kept]
  if (list.length <= max) return []
  return list.sort((a, b) => Math.abs(b - inView) - Math.abs(a - inView)).slice(0, list.length - max)
}

/** A new table of `total` placeholders. */
export function placeholders(total: number): WindowRow[] {
  return new Array<WindowRow>(total).fill(PLACEHOLDER_ROW)
}
