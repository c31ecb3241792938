import { describe, expect, it } from 'vitest'
import { MAX_CONTENT_HEIGHT, poolSize, rowRange, slotOf, windowGeometry } from '../../../../src/renderer/components/virtual-window'

const H = 40
const VIEW = 520

describe('virtual window arithmetic', () => {
  it('gives the content the rows’ full height up to the browser-safe limit, and maps longer lists onto it', () => {
    expect(windowGeometry(200_000, H, VIEW)).toEqual({ contentHeight: 8_000_000, ratio: 1 })
    const big = windowGeometry(1_000_000, H, VIEW)
    expect(big.contentHeight).toBe(MAX_CONTENT_HEIGHT)
    // Scrolling to the end of the content reaches the end of the rows.
    expect((MAX_CONTENT_HEIGHT - VIEW) * big.ratio).toBeCloseTo(1_000_000 * H - VIEW, 3)
  })

  it('shows the rows under the view plus the overscan, clamped to the list', () => {
    const g = windowGeometry(1000, H, VIEW)
    expect(rowRange(0, VIEW, 1000, H, g, 4)).toEqual({ first: 0, last: 16, offset: 0 })
    // 4,010 px down: row 100 is partly hidden at the top, row 113 partly shown at the bottom.
    expect(rowRange(4010, VIEW, 1000, H, g, 4)).toEqual({ first: 96, last: 117, offset: 0 })
    expect(rowRange(1e9, VIEW, 1000, H, g, 4)).toMatchObject({ last: 999 })
    expect(rowRange(-50, VIEW, 1000, H, g, 4)).toMatchObject({ first: 0 })
    expect(rowRange(0, VIEW, 3, H, windowGeometry(3, H, VIEW), 4)).toEqual({ first: 0, last: 2, offset: 0 })
    const none = rowRange(0, VIEW, 0, H, windowGeometry(0, H, VIEW), 4)
    expect(none.last).toBeLessThan(none.first)
  })

  it('always fits the range in the pool, each row in its own slot, at any scroll position', () => {
    for (const [count, view] of [
      [200_000, VIEW],
      [1_000_000, VIEW],
      [57, 333],
      [10, 0],
    ] as const) {
      const g = windowGeometry(count, H, view)
      const pool = poolSize(view, H, 6)
      const maxScroll = Math.max(0, g.contentHeight - view)
      for (let k = 0; k <= 500; k++) {
        const top = (maxScroll * k) / 500 + (k % 7) * 0.37
        const r = rowRange(top, view, count, H, g, 6)
        expect(r.last - r.first + 1).toBeLessThanOrEqual(pool)
        const slots = new Set<number>()
        for (let i = r.first; i <= r.last; i++) slots.add(slotOf(i, pool))
        expect(slots.size).toBe(r.last - r.first + 1)
      }
    }
  })

  it('places the rows of a scaled list inside the view wherever it is scrolled', () => {
    const count = 1_000_000
    const g = windowGeometry(count, H, VIEW)
    const maxScroll = g.contentHeight - VIEW
    for (const top of [0, 1234.5, maxScroll / 2, maxScroll - 1, maxScroll]) {
      const r = rowRange(top, VIEW, count, H, g, 0)
      // Positions in the content: the first row starts at or above the view's top, the last ends at or below its bottom.
      expect(r.first * H + r.offset).toBeLessThanOrEqual(top + 1e-6)
      expect((r.last + 1) * H + r.offset).toBeGreaterThanOrEqual(Math.min(top + VIEW, g.contentHeight) - 1e-6)
      // ...and nothing lands outside the content.
      expect(r.first * H + r.offset).toBeGreaterThanOrEqual(-1e-6)
      expect((r.last + 1) * H + r.offset).toBeLessThanOrEqual(g.contentHeight + H)
    }
    expect(rowRange(maxScroll, VIEW, count, H, g, 0).last).toBe(count - 1)
  })
})
