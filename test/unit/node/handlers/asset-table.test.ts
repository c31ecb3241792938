import { describe, expect, it } from 'vitest'
import type { VirtualAsset } from '@shared/api/models'
import { assetTableSchema, type AssetTable } from '@shared/ipc/channels/assets'
import { CacheEntry, projectAssets } from '../../../../src/main/services/assets'

const asset = (over: Partial<VirtualAsset>): VirtualAsset => ({ id: 'A1', licenseType: 'normal_recover_usbkey', assetNum: '8100000001', locked: false, ...over })
const meta = { profileId: 'p', enterpriseGlobalId: 'E1', extendCode: '', fetchedAt: 5, cached: false }

function table(): AssetTable {
  return projectAssets(
    [
      asset({ id: 'A1', customerId: 'C1', assetExtends: [{ extendCode: 'gxxp', extendValue: '1' }] }),
      asset({ id: 'A2', assetNum: '8100000002', assignStatus: { assignMemberId: 'M1', assignStatus: 'assigned' }, createTime: 7 }),
      asset({ id: 'A3', assetNum: '8100000003', assetExtends: [{ extendCode: 'b', extendValue: '' }, { extendCode: 'a', extendValue: '' }, { extendCode: 'b', extendValue: '' }] }),
    ],
    meta,
  )
}

describe('the asset table channel’s output check', () => {
  it('accepts a projection and passes its columns through as they are', () => {
    const t = table()
    const out = assetTableSchema.safeParse(t)
    expect(out.success).toBe(true)
    expect(out.data!.assetNum).toBe(t.assetNum)
    expect(t.dict.extendCodes).toEqual(['gxxp', 'b, a'])
    expect(t.extendCodes).toEqual([0, -1, 1])
  })

  it('drops fields outside the contract', () => {
    const out = assetTableSchema.parse({ ...table(), token: 'secret' })
    expect('token' in out).toBe(false)
  })

  it.each([
    ['a column that is not an array', { flags: 'x' }, 'flags'],
    ['a fractional flag', { flags: [0, 0.5, 0] }, 'flags'],
    ['a number among the asset numbers', { assetNum: ['8100000001', 8100000002, '8100000003'] }, 'assetNum'],
    ['a missing id', { id: ['A1', null, 'A3'] }, 'id'],
    ['a time that is not a number', { createTime: [1, '2', 3] }, 'createTime'],
    ['a short column', { member: [-1, 0] }, 'member'],
    ['a reference past its dictionary', { member: [-1, 1, -1] }, 'member.1'],
    ['a reference below -1', { licenseType: [0, -2, 0] }, 'licenseType.1'],
  ])('refuses %s', (_what, change, path) => {
    const out = assetTableSchema.safeParse({ ...table(), ...change })
    expect(out.success).toBe(false)
    expect(out.error!.issues.map((i) => i.path.join('.'))).toContain(path)
  })
})

describe('a cached asset list', () => {
  const records = [asset({ id: 'A1' }), asset({ id: 'A2', assetNum: '8100000002', locked: true })]

  it('projects its table once and answers every later call with the same columns', () => {
    const entry = new CacheEntry(records, 1)
    const first = entry.columns()
    expect(first.count).toBe(2)
    expect(first.flags).toEqual([0, 1])
    expect(entry.columns()).toBe(first)
  })

  it('finds a record by asset id (the index is built on first use)', () => {
    const entry = new CacheEntry(records, 1)
    expect(entry.byId('A2')).toBe(records[1])
    expect(entry.byId('A9')).toBeUndefined()
  })
})
