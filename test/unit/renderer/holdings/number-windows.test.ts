/**
 * The asset numbers table in the page holds windows of rows the core sent: a scroll far down asks for the window
 * there (the rows before it stay placeholders), a filter gives the new count and its first rows, few windows are
 * kept, and the rows are asked again when the employee list is read (holders named).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { HoldingWindow, WindowRow } from '@shared/ipc/channels/holdings'
import { installBridge } from '../../../../src/renderer/bridge'
import { useHoldingsStore } from '../../../../src/renderer/stores/holdings'
import { MAX_KEPT_WINDOWS, WINDOW_ROWS, isPlaceholder, windowsFor, windowsToDrop } from '../../../../src/renderer/models/holdings/number-windows'
import { waitFor } from '../../../support/wait'

const N = WINDOW_ROWS * 10 + 7
const num = (i: number) => String(8_100_000_000 + i)

/** A core over N numbers (every third held by M<i>), named once `named` is set. */
function core() {
  const state = { named: false, asked: [] as { state: string; text: string; offset: number }[], listeners: [] as ((name: string, payload: unknown) => void)[] }
  const all: WindowRow[] = Array.from({ length: N }, (_, i) => ({ assetNum: num(i), assetId: `A${i}`, holder: i % 3 === 0 ? `M${i}` : '', name: null, lent: false, online: false, borrowedLock: false }))
  installBridge({
    shell: 'browser',
    invoke: async (ch, input) => {
      if (ch !== 'holdings.window') return { ok: false, error: { code: 'app.internal', messageKey: 'app.internal', params: {}, details: {} } }
      const q = input as { state: string; text: string; offset: number; limit: number }
      state.asked.push({ state: q.state, text: q.text, offset: q.offset })
      const rows = all
        .filter((r) => (q.state === 'held' ? r.holder !== '' : true) && r.assetNum.includes(q.text))
        .map((r) => ({ ...r, name: state.named && r.holder ? `Name ${r.holder}` : null }))
      const value: HoldingWindow = {
        profileId: 'sandbox',
        enterpriseGlobalId: 'E1',
        fetchedAt: 1,
        cached: true,
        count: N,
        counts: { all: N, free: N - Math.ceil(N / 3), held: Math.ceil(N / 3), lent: 0, online: 0 },
        total: rows.length,
        offset: q.offset,
        rows: rows.slice(q.offset, q.offset + q.limit),
        named: state.named,
      }
      return { ok: true, value }
    },
    onEvent: (listener) => {
      state.listeners.push(listener)
      return () => undefined
    },
  })
  return state
}

beforeEach(() => setActivePinia(createPinia()))
afterEach(() => installBridge(null))

describe('the windows a view needs', () => {
  it('covers the rows in view and a margin, within the table', () => {
    expect(windowsFor(0, 20, N)).toEqual([0])
    expect(windowsFor(WINDOW_ROWS - 5, WINDOW_ROWS + 5, N)).toEqual([0, 1])
    expect(windowsFor(N - 10, N - 1, N)).toEqual([9, 10])
    expect(windowsFor(0, -1, 0)).toEqual([])
  })
  it('drops the windows farthest from the view', () => {
    expect(windowsToDrop([0, 1, 2, 3, 4, 5, 6, 7], 7, MAX_KEPT_WINDOWS)).toEqual([0, 1])
    expect(windowsToDrop([0, 1], 0, MAX_KEPT_WINDOWS)).toEqual([])
  })
})

describe('the table store', () => {
  it('asks for the window in view as it scrolls, and for the first window of a filter', async () => {
    const c = core()
    const store = useHoldingsStore()
    await store.load()
    expect(store.visible).toHaveLength(N)
    expect(store.visible[0]!.assetNum).toBe(num(0))
    expect(isPlaceholder(store.visible[N - 1]!)).toBe(true)

    // Scrolled to the end: the last rows come, the ones passed over stay placeholders.
    store.showRange(N - 15, N - 1)
    await waitFor(() => expect(store.visible[N - 1]!.assetNum).toBe(num(N - 1)))
    expect(isPlaceholder(store.visible[WINDOW_ROWS * 5]!)).toBe(true)

    // Scrolling through every window: no more than a few kept.
    for (let w = 0; w <= 10; w++) {
      store.showRange(w * WINDOW_ROWS, w * WINDOW_ROWS + 15)
      await waitFor(() => expect(store.visible[w * WINDOW_ROWS]!.assetNum).toBe(num(w * WINDOW_ROWS)))
    }
    const loaded = new Set(store.visible.map((r, i) => (isPlaceholder(r) ? -1 : Math.floor(i / WINDOW_ROWS))))
    loaded.delete(-1)
    expect(loaded.size).toBeLessThanOrEqual(MAX_KEPT_WINDOWS)

    // A filter: the core's count and its first rows.
    store.filter.state = 'held'
    await waitFor(() => expect(store.querying).toBe(false))
    await waitFor(() => expect(store.visible).toHaveLength(Math.ceil(N / 3)))
    expect(store.visible[1]!.assetNum).toBe(num(3))
    expect(c.asked.at(-1)).toMatchObject({ state: 'held', offset: 0 })
  })

  it('asks for the rows in view again once the employee list is read', async () => {
    const c = core()
    const store = useHoldingsStore()
    await store.load()
    expect(store.visible[0]!.name).toBeNull()
    c.named = true
    for (const l of c.listeners) l('members.directory', { profileId: 'sandbox', enterpriseGlobalId: 'E1', state: 'ready', loaded: 1, total: 1, readAt: 2 })
    await waitFor(() => expect(store.visible[0]!.name).toBe('Name M0'))
    expect(store.model?.named).toBe(true)
  })
})
