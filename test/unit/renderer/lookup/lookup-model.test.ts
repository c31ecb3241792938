import { describe, expect, it } from 'vitest'
import { countProducts, productTree } from '../../../../src/renderer/views/assets/lookup-model'

describe('products under an asset as a tree', () => {
  it('lists loose products, then packages with their products and sub-packages', () => {
    const rows = productTree({
      productInstanceList: [{ id: 1, productName: 'Loose', productUri: 'APP-2001', limitConcurrent: 3, trial: 0 }],
      children: [
        {
          id: 10,
          merchandiseNum: 'PKG-SUITE',
          merchandiseName: 'Suite',
          productInstanceList: [{ id: 2, productName: 'In suite', gmsPid: 'GMS-1001', trial: 1 }],
          children: [{ id: 11, merchandiseNum: 'PKG-BASIC', merchandiseName: 'Basic', productInstanceList: [{ id: 3, productUri: 'GMS-1002' }], children: null }],
        },
      ],
    })
    expect(rows.map((r) => [r.kind, r.name, r.code])).toEqual([
      ['product', 'Loose', 'APP-2001'],
      ['package', 'Suite', 'PKG-SUITE'],
    ])
    const suite = rows[1]!
    expect(suite.children?.map((r) => [r.kind, r.name, r.code, r.trial])).toEqual([
      ['product', 'In suite', 'GMS-1001', true],
      ['package', 'Basic', 'PKG-BASIC', false],
    ])
    expect(suite.children?.[1]?.children?.[0]).toMatchObject({ kind: 'product', name: 'GMS-1002' })
    expect(countProducts(rows)).toBe(3)
    // Keys are unique across the tree (the table needs them).
    const keys: string[] = []
    const walk = (rs: typeof rows) => rs.forEach((r) => (keys.push(r.key), r.children && walk(r.children)))
    walk(rows)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('is empty without data', () => {
    expect(productTree(null)).toEqual([])
    expect(productTree({ productInstanceList: null, children: null })).toEqual([])
  })
})
