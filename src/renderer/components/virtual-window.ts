/**
 * The arithmetic of a virtual list with one fixed row height: which rows a scroll position shows, where each of
 * them goes, and which recycled slot holds it. Kept apart from the DOM so it can be tested on its own.
 */

/**
 * Tallest scroll content we create. Browsers stop laying out somewhere above 16 million pixels (Firefox ~17.9M,
 * Chromium ~33.5M); past this the list is mapped onto this height (a pixel of scrollbar is more than a pixel of rows).
 */
export const MAX_CONTENT_HEIGHT = 10_000_000

/** How tall the scroll content is, and how many pixels of rows one pixel of scrolling moves. */
export interface WindowGeometry {
  /** Height of the element that gives the scroller its length. */
  contentHeight: number
  /** Pixels of rows per pixel of scroll (1 unless the rows are taller than MAX_CONTENT_HEIGHT). */
  ratio: number
}

/** Geometry of `count` rows of `rowHeight` in a viewport `viewHeight` tall. */
export function windowGeometry(count: number, rowHeight: number, viewHeight: number, max = MAX_CONTENT_HEIGHT): WindowGeometry {
  const full = count * rowHeight
  if (full <= max) return { contentHeight: full, ratio: 1 }
  const scrollable = max - viewHeight
  return { contentHeight: max, ratio: scrollable > 0 ? (full - viewHeight) / scrollable : 1 }
}

/** The rows to have on screen (inclusive range, -1..-2 when none) and where row i goes: `i * rowHeight + offset`. */
export interface RowRange {
  first: number
  last: number
  /** Added to `i * rowHeight` to place row i in the content (0 unless the geometry is scaled). */
  offset: number
}

/** Where the view starts in the rows (row i spans `i * rowHeight` to the next) at a scroll position. */
export function viewTop(scrollTop: number, viewHeight: number, count: number, rowHeight: number, geometry: WindowGeometry): number {
  const maxTop = Math.max(0, count * rowHeight - viewHeight)
  return Math.min(maxTop, Math.max(0, scrollTop * geometry.ratio))
}

/**
 * The scroll position that shows all of row `row` with the least movement (`scrollTop` itself if it is shown).
 * Rounded outwards: with a mapped list (ratio > 1) a scroll pixel moves more than a row pixel.
 */
export function scrollTopToShow(
  row: number,
  scrollTop: number,
  viewHeight: number,
  count: number,
  rowHeight: number,
  geometry: WindowGeometry,
): number {
  const top = viewTop(scrollTop, viewHeight, count, rowHeight, geometry)
  const y = row * rowHeight
  if (y < top) return Math.floor(y / geometry.ratio)
  // Below: its bottom at the view's bottom (its top, if the view is shorter than a row).
  if (y + rowHeight > top + viewHeight) return Math.ceil(Math.min(y, y + rowHeight - viewHeight) / geometry.ratio)
  return scrollTop
}

/** Rows shown at a scroll position, with `overscan` rows beyond each edge. */
export function rowRange(
  scrollTop: number,
  viewHeight: number,
  count: number,
  rowHeight: number,
  geometry: WindowGeometry,
  overscan: number,
): RowRange {
  if (count === 0 || rowHeight <= 0) return { first: 0, last: -1, offset: 0 }
  const top = viewTop(scrollTop, viewHeight, count, rowHeight, geometry)
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan)
  const last = Math.min(count - 1, Math.ceil((top + Math.max(viewHeight, rowHeight)) / rowHeight) - 1 + overscan)
  return { first, last, offset: geometry.ratio === 1 ? 0 : Math.max(0, scrollTop) - top }
}

/** Slots needed so that every range `rowRange` can return fits, one row per slot. */
export function poolSize(viewHeight: number, rowHeight: number, overscan: number): number {
  return Math.ceil(Math.max(viewHeight, rowHeight) / rowHeight) + 1 + 2 * overscan
}

/**
 * The slot that holds row i. Rows keep their slot while they stay in range, so scrolling by a few rows rewrites
 * only the slots of the rows that came in (any `poolSize` consecutive rows land in distinct slots).
 */
export function slotOf(row: number, pool: number): number {
  return row % pool
}
