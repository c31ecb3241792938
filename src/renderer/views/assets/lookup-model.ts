/** The products and packages under an asset (member operation 7) as rows of one tree table. */
import type { AssetProducts, MerchandiseInstance, ProductInstance } from '@shared/api/models'

/** A package or a product of the tree. */
export interface ProductTreeRow {
  key: string
  kind: 'package' | 'product'
  name: string
  /** Package number, or the product's URI (gmsPid / appKey). */
  code: string
  /** Concurrent nodes (products). */
  nodes: number | null
  start: number | null
  end: number | null
  trial: boolean
  /** License order the item came with. */
  order: string
  children?: ProductTreeRow[]
}

function productRow(p: ProductInstance, path: string): ProductTreeRow {
  return {
    key: `${path}/p${String(p.id)}`,
    kind: 'product',
    name: p.productName ?? p.productUri ?? String(p.id),
    code: p.productUri ?? p.gmsPid ?? p.appKey ?? '',
    nodes: p.limitConcurrent ?? null,
    start: p.limitStartTime ?? null,
    end: p.limitEndTime ?? null,
    trial: p.trial === 1,
    order: p.licenseOrderId ?? '',
  }
}

function packageRow(m: MerchandiseInstance, path: string): ProductTreeRow {
  const key = `${path}/m${String(m.id)}`
  const children = [
    ...(m.productInstanceList ?? []).map((p) => productRow(p, key)),
    ...(m.children ?? []).map((c) => packageRow(c, key)),
  ]
  const row: ProductTreeRow = {
    key,
    kind: 'package',
    name: m.merchandiseName ?? m.merchandiseNum ?? String(m.id),
    code: m.merchandiseNum ?? '',
    nodes: null,
    start: null,
    end: null,
    trial: false,
    order: m.licenseOrderId ?? '',
  }
  if (children.length > 0) row.children = children
  return row
}

/** Loose products first, then each package with its products and sub-packages. */
export function productTree(data: AssetProducts | null): ProductTreeRow[] {
  if (!data) return []
  return [...(data.productInstanceList ?? []).map((p) => productRow(p, '')), ...(data.children ?? []).map((m) => packageRow(m, ''))]
}

/** Products in the whole tree (packages' included). */
export function countProducts(rows: readonly ProductTreeRow[]): number {
  let n = 0
  for (const r of rows) {
    if (r.kind === 'product') n++
    if (r.children) n += countProducts(r.children)
  }
  return n
}
