import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { RawBridge } from '@shared/ipc/bridge'
import type { AssetTable } from '@shared/ipc/channels/assets'
import { installBridge } from '../../../../src/renderer/bridge'
import { useAssetsStore } from '../../../../src/renderer/stores/assets'
import { table } from './asset-table-fixture'

/** A core that answers assets.list with the next table of the queue. */
function coreAnswering(tables: AssetTable[]): RawBridge {
  return {
    shell: 'electron',
    async invoke(channel) {
      if (channel !== 'assets.list') return { ok: false, error: { code: 'app.internal', messageKey: 'app.internal', params: {}, details: {} } }
      return { ok: true, value: tables.shift() }
    },
    onEvent: () => () => {},
  }
}

/** The same assets with the dictionary of types in the other order (as a reload may bring them). */
function reordered(): AssetTable {
  const t = table()
  return { ...t, dict: { ...t.dict, licenseTypes: [...t.dict.licenseTypes].reverse() }, licenseType: t.licenseType.map((i) => 1 - i) }
}

describe('assets store', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('keeps the chosen type after a reload that lists the types in another order', async () => {
    installBridge(coreAnswering([table(), reordered()]))
    const store = useAssetsStore()
    await store.load()
    store.filter.types = [1] // cloud_account
    const before = store.visible.map((r) => r.assetNum)
    expect(before).toEqual(['8100000001', 'CA-0004'])
    await store.load(true)
    expect(store.visible.map((r) => r.assetNum)).toEqual(before)
    expect(store.filter.types).toEqual([0])
  })

  it('counts selected rows the filters hide, since they are still sent', async () => {
    installBridge(coreAnswering([table()]))
    const store = useAssetsStore()
    await store.load()
    store.selectVisible(true)
    expect(store.hiddenSelected).toBe(0)
    store.filter.locked = 'yes'
    expect(store.hiddenSelected).toBe(2)
    expect(store.selectedNumbers).toHaveLength(4)
    store.filter.locked = 'any'
    expect(store.hiddenSelected).toBe(0)
  })
})
