/**
 * The asset numbers table is read from the navigation to its tab on (the route's guard), while the screen's code
 * loads; the screen opening then asks nothing more, and a table read already is not read again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { NavigationGuardWithThis, RouteRecordRaw } from 'vue-router'
import { installBridge } from '../../../../src/renderer/bridge'
import { routes } from '../../../../src/renderer/router'
import { useHoldingsStore } from '../../../../src/renderer/stores/holdings'
import { waitFor } from '../../../support/wait'

const row = { assetNum: '8100000001', assetId: 'A1', holder: '', name: null, lent: false, online: false, borrowedLock: false }
const table = { profileId: 'sandbox', enterpriseGlobalId: 'E1', fetchedAt: 1, cached: false, count: 1, counts: { all: 1, free: 1, held: 0, lent: 0, online: 0 }, total: 1, offset: 0, rows: [row], named: true }

function numbersGuard(): () => unknown {
  const members = routes.find((r) => r.path === '/members')
  const route = members?.children?.find((r: RouteRecordRaw) => r.name === 'members-numbers')
  const guard = route?.beforeEnter as NavigationGuardWithThis<undefined> | undefined
  if (!guard) throw new Error('the numbers route has no guard')
  return () => (guard as unknown as () => unknown)()
}

beforeEach(() => setActivePinia(createPinia()))
afterEach(() => installBridge(null))

describe('the numbers tab', () => {
  it('starts reading the table with the navigation, once', async () => {
    let release!: () => void
    const answered = new Promise<void>((r) => (release = r))
    const calls: string[] = []
    installBridge({
      shell: 'browser',
      invoke: async (ch) => {
        calls.push(ch)
        await answered
        return { ok: true, value: table }
      },
      onEvent: () => () => undefined,
    })
    numbersGuard()()
    const store = useHoldingsStore()
    await waitFor(() => expect(calls).toEqual(['holdings.window']))
    // The screen mounts while the answer is on its way: no second reading.
    store.open()
    release()
    await waitFor(() => expect(store.model?.table.count).toBe(1))
    store.open()
    numbersGuard()()
    // The guard's module is loaded already: its answer comes within a turn of the event loop.
    await new Promise((r) => setTimeout(r, 0))
    expect(calls.filter((c) => c === 'holdings.window')).toHaveLength(1)
  })
})
