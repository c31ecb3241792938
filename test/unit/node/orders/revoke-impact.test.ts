import { describe, expect, it } from 'vitest'
import type { AssetProducts } from '@shared/api/models'
import { assetImpact, productMnemonic, revokeMatches } from '@shared/orders/revoke-impact'

const inst = (id: number, productUri: string, licenseOrderId: string, limitConcurrent: number, limitEndTime: number | null = null) => ({
  id,
  productUri,
  productName: productUri,
  licenseOrderId,
  limitStartTime: null,
  limitEndTime,
  limitConcurrent,
})
// Two instances of GMS-1 (orders LO1 and LO2, other node counts), GMS-2 in a package of LO2.
const tree: AssetProducts = {
  productInstanceList: [inst(1, 'GMS-1', 'LO1', 1), inst(2, 'GMS-1', 'LO2', 5, 99)],
  children: [{ id: 7, merchandiseName: 'Suite', licenseOrderId: 'LO2', productInstanceList: [inst(3, 'GMS-2', 'LO2', 2)], children: [] }],
}
const ids = (ps: { id: string }[]) => ps.map((p) => p.id)

describe('revoke rule (entry rules 1 and 5)', () => {
  it('the mnemonic is productUri, else gmsPid, else appKey', () => {
    expect(productMnemonic({ productUri: 'U', gmsPid: 'G' })).toBe('U')
    expect(productMnemonic({ productUri: '', gmsPid: 'G', appKey: 'A' })).toBe('G')
    expect(productMnemonic({ appKey: 'A' })).toBe('A')
  })

  it('loose: every instance with the mnemonic, from the source order only when one is named', () => {
    const d = { productUri: 'GMS-1', limitConcurrent: 1, strictMatchWhenDelete: false }
    expect(revokeMatches(tree.productInstanceList![1]!, d, null)).toBe(true)
    expect(revokeMatches(tree.productInstanceList![1]!, d, 'LO1')).toBe(false)
    expect(revokeMatches(tree.productInstanceList![0]!, d, 'LO1')).toBe(true)
  })

  it('strict: start, end and node count must be equal', () => {
    const d = { productUri: 'GMS-1', limitStartDate: null, limitEndDate: 99, limitConcurrent: 5, strictMatchWhenDelete: true }
    expect(revokeMatches(tree.productInstanceList![1]!, d, null)).toBe(true)
    expect(revokeMatches(tree.productInstanceList![0]!, d, null)).toBe(false)
    expect(revokeMatches(tree.productInstanceList![1]!, { ...d, limitConcurrent: 1 }, null)).toBe(false)
  })
})

describe('assetImpact', () => {
  const base = { orderType: 'delete_product' as const, assetNum: '8100000015', tree }

  it('a loose revoke without a source order removes both instances, both flagged as from any order', () => {
    const r = assetImpact({ ...base, srcLicenseOrderId: '', products: [{ productUri: 'GMS-1', limitConcurrent: 1 }] })
    expect(ids(r.removed)).toEqual(['1', '2'])
    expect(r.removed.every((p) => p.otherOrder)).toBe(true)
    expect(ids(r.kept)).toEqual(['3'])
    expect(r.kept[0]!.packages).toEqual(['Suite'])
    expect(r.refused).toBe(false)
  })

  it('with a source order only its instance goes, and it is not flagged', () => {
    const r = assetImpact({ ...base, srcLicenseOrderId: 'LO1', products: [{ productUri: 'GMS-1', limitConcurrent: 1 }] })
    expect(ids(r.removed)).toEqual(['1'])
    expect(r.removed[0]!.otherOrder).toBe(false)
  })

  it('a product matching nothing is named, and the order is refused', () => {
    const r = assetImpact({ ...base, srcLicenseOrderId: 'LO1', products: [{ productUri: 'GMS-1', limitConcurrent: 1 }, { productUri: 'GMS-2', limitConcurrent: 2 }] })
    expect(r.unmatched).toEqual([1])
    expect(r.refused).toBe(true)
  })

  it('delete_asset removes everything; products of other orders than the source are flagged', () => {
    const r = assetImpact({ ...base, orderType: 'delete_asset', srcLicenseOrderId: 'LO2', products: [] })
    expect(ids(r.removed)).toEqual(['1', '2', '3'])
    expect(r.removed.map((p) => p.otherOrder)).toEqual([true, false, false])
    expect(r.removedPackages).toEqual([{ name: 'Suite', licenseOrderId: 'LO2' }])
    const none = assetImpact({ ...base, orderType: 'delete_asset', srcLicenseOrderId: 'LO9', products: [] })
    expect(none).toMatchObject({ removed: [], nothingFromSource: true, refused: true })
  })
})
