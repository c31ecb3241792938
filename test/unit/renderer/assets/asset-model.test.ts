import { describe, expect, it } from 'vitest'
import { isReactive, reactive } from 'vue'
import { ASSET_FLAG, type AssetTable } from '@shared/ipc/channels/assets'
import { buildAssetModel, EMPTY_FILTER, filterAssets, sortOrder, typeCounts, type AssetFilter } from '../../../../src/renderer/views/assets/asset-model'

/** A small table in the core's columnar form. */
function table(): AssetTable {
  const rows = [
    { id: 'A1', num: '8100000003', type: 0, flags: ASSET_FLAG.locked, member: -1, ct: 3000 },
    { id: 'A2', num: '8100000001', type: 1, flags: 0, member: 0, ct: 1000 },
    { id: 'A3', num: '8100000002', type: 0, flags: ASSET_FLAG.frozen, member: 1, ct: 2000 },
    { id: 'A4', num: 'CA-0004', type: 1, flags: ASSET_FLAG.locked | ASSET_FLAG.frozen, member: -1, ct: -1 },
  ]
  return {
    profileId: 'sandbox',
    enterpriseGlobalId: 'E1',
    extendCode: '',
    fetchedAt: 1,
    cached: false,
    count: rows.length,
    dict: { licenseTypes: ['normal_recover_usbkey', 'cloud_account'], customers: ['C1'], members: ['M000000000000001', 'M000000000000002'], extendCodes: ['gxxp'] },
    id: rows.map((r) => r.id),
    assetNum: rows.map((r) => r.num),
    licenseType: rows.map((r) => r.type),
    flags: rows.map((r) => r.flags),
    member: rows.map((r) => r.member),
    customer: rows.map(() => 0),
    extendCodes: rows.map((_, i) => (i === 2 ? 0 : -1)),
    createTime: rows.map((r) => r.ct),
  }
}

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
})
