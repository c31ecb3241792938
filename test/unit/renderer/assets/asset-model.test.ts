import { describe, expect, it } from 'vitest'
import { isReactive, reactive } from 'vue'
import { buildAssetModel, carryTypeFilter, EMPTY_FILTER, filterAssets, sortOrder, typeCounts, type AssetFilter } from '../../../../src/renderer/models/assets/asset-list'
import { table } from './asset-table-fixture'

/** A small table in the core's columnar form. */
const f = (over: Partial<AssetFilter>): AssetFilter => ({ ...EMPTY_FILTER, ...over })
const nums = (rows: readonly { assetNum: string }[]) => rows.map((r) => r.assetNum)

describe('asset table model', () => {
  it('decodes the columns into rows and keeps them out of Vue’s reactivity', () => {
    const m = buildAssetModel(table())
    expect(m.rows[2]).toMatchObject({ id: 'A3', licenseType: 'normal_recover_usbkey', frozen: true, locked: false, member: 'M000000000000002', extendCodes: 'gxxp', customer: 'C1' })
    expect(m.rows[0]!.member).toBe('')
    // Put into reactive state, the model and its rows stay raw (no deep proxies over 200,000 rows).
    const state = reactive({ m })
    expect(isReactive(state.m)).toBe(false)
    expect(isReactive(state.m.rows)).toBe(false)
    expect(typeCounts(m)).toEqual([2, 2])
  })

  it('filters by text in the asset number, asset id or employee id, ignoring case', () => {
    const m = buildAssetModel(table())
    expect(nums(filterAssets(m, f({ text: '0002' }), null))).toEqual(['8100000002'])
    expect(nums(filterAssets(m, f({ text: '0004' }), null))).toEqual(['CA-0004'])
    expect(nums(filterAssets(m, f({ text: 'ca-' }), null))).toEqual(['CA-0004'])
    expect(nums(filterAssets(m, f({ text: 'a2' }), null))).toEqual(['8100000001'])
    expect(nums(filterAssets(m, f({ text: 'm000000000000002' }), null))).toEqual(['8100000002'])
    expect(filterAssets(m, f({ text: 'nothing' }), null)).toEqual([])
  })

  it('filters by type, locked, frozen and assignment together', () => {
    const m = buildAssetModel(table())
    expect(nums(filterAssets(m, f({ types: [1] }), null))).toEqual(['8100000001', 'CA-0004'])
    expect(nums(filterAssets(m, f({ locked: 'yes' }), null))).toEqual(['8100000003', 'CA-0004'])
    expect(nums(filterAssets(m, f({ locked: 'no', frozen: 'yes' }), null))).toEqual(['8100000002'])
    expect(nums(filterAssets(m, f({ assigned: 'yes' }), null))).toEqual(['8100000001', '8100000002'])
    expect(nums(filterAssets(m, f({ assigned: 'no', types: [0] }), null))).toEqual(['8100000003'])
  })

  it('sorts ascending and descending by any column, ties in the service’s order', () => {
    const m = buildAssetModel(table())
    expect(nums(filterAssets(m, EMPTY_FILTER, { key: 'assetNum', order: 'asc' }))).toEqual(['8100000001', '8100000002', '8100000003', 'CA-0004'])
    expect(nums(filterAssets(m, EMPTY_FILTER, { key: 'assetNum', order: 'desc' }))).toEqual(['CA-0004', '8100000003', '8100000002', '8100000001'])
    expect(nums(filterAssets(m, EMPTY_FILTER, { key: 'createTime', order: 'asc' }))).toEqual(['CA-0004', '8100000001', '8100000002', '8100000003'])
    expect(nums(filterAssets(m, EMPTY_FILTER, { key: 'locked', order: 'asc' }))).toEqual(['8100000001', '8100000002', '8100000003', 'CA-0004'])
    // Unassigned last when sorting by employee ascending.
    expect(nums(filterAssets(m, EMPTY_FILTER, { key: 'member', order: 'asc' }))).toEqual(['8100000001', '8100000002', '8100000003', 'CA-0004'])
    // A sort combines with a filter, and its order is computed once.
    expect(nums(filterAssets(m, f({ locked: 'yes' }), { key: 'assetNum', order: 'desc' }))).toEqual(['CA-0004', '8100000003'])
    expect(sortOrder(m, 'assetNum')).toBe(sortOrder(m, 'assetNum'))
  })

  it('carries a type filter over to a reloaded list by name, whatever order its types come in', () => {
    expect(carryTypeFilter([1, 2], ['a', 'b', 'c'], ['c', 'x', 'b'])).toEqual([2, 0])
    // A type the new list lacks drops out; nothing chosen stays nothing.
    expect(carryTypeFilter([0], ['a', 'b'], ['b'])).toEqual([])
    expect(carryTypeFilter([], ['a'], ['a'])).toEqual([])
  })
})
