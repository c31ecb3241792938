/**
 * The asset numbers table and the lending overview when another enterprise is asked for and refused: the error
 * shows alone, not above the previous enterprise's numbers or locks (which would look like its answer); a refused
 * re-read of the same enterprise keeps what was read, under the error.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { installBridge } from '../../../../src/renderer/bridge'
import { useHoldingsStore } from '../../../../src/renderer/stores/holdings'
import { useLendingStore } from '../../../../src/renderer/stores/lending'
import { useMembersStore } from '../../../../src/renderer/stores/members'

const OURS = 'E000000000000001'
const refused = { ok: false as const, error: { code: '40003', messageKey: 'api.40003', params: {}, details: {} } }

/** A core that answers for OURS (or no enterprise named) and refuses any other; `down` refuses everything. */
function core() {
  const state = { down: false }
  installBridge({
    shell: 'browser',
    invoke: (ch, input) => {
      const asked = (input as { enterpriseGlobalId?: string }).enterpriseGlobalId
      if (state.down || (asked && asked !== OURS)) return Promise.resolve(refused)
      if (ch === 'holdings.window') {
        const counts = { all: 1, free: 1, held: 0, lent: 0, online: 0 }
        const row = { assetNum: '8100000001', assetId: 'A1', holder: '', name: null, lent: false, online: false, borrowedLock: false }
        const w = { profileId: 'sandbox', enterpriseGlobalId: OURS, fetchedAt: 1, cached: false, count: 1, counts, total: 1, offset: 0, rows: [row], named: true }
        return Promise.resolve({ ok: true, value: w })
      }
      if (ch === 'holdings.lentLocks') return Promise.resolve({ ok: true, value: { enterpriseGlobalId: OURS, fetchedAt: 1, locks: [] } })
      return Promise.resolve(refused)
    },
    onEvent: () => () => undefined,
  })
  return state
}

beforeEach(() => setActivePinia(createPinia()))
afterEach(() => installBridge(null))

describe('another enterprise refused', () => {
  it('the numbers table: the error alone; a failed re-read of the same one keeps the table', async () => {
    const state = core()
    const holdings = useHoldingsStore()
    await holdings.load()
    expect(holdings.model?.table.enterpriseGlobalId).toBe(OURS)

    state.down = true
    await holdings.load(true)
    expect(holdings.error?.code).toBe('40003')
    expect(holdings.model?.table.enterpriseGlobalId).toBe(OURS)

    state.down = false
    useMembersStore().enterprise = 'E999999999999999'
    await holdings.load()
    expect(holdings.error?.code).toBe('40003')
    expect(holdings.model).toBeNull()
  })

  it('the lending overview: the error alone; a failed re-read of the same one keeps the locks', async () => {
    const state = core()
    const lending = useLendingStore()
    await lending.load()
    expect(lending.overview?.enterpriseGlobalId).toBe(OURS)

    state.down = true
    await lending.load(true)
    expect(lending.error?.code).toBe('40003')
    expect(lending.overview?.enterpriseGlobalId).toBe(OURS)

    state.down = false
    useMembersStore().enterprise = 'E999999999999999'
    await lending.load()
    expect(lending.error?.code).toBe('40003')
    expect(lending.overview).toBeNull()
  })
})
