/**
 * The products of the enterprise's asset numbers, for the planner's product columns, read lazily: member operation
 * 7 costs one call per number, so only the numbers asked are read (the free numbers once, when a product column is
 * first wanted; the numbers of the employees in view; at a check, the numbers of the employees with a product
 * cell), a few at a time, and kept per (profile, enterprise) for PRODUCTS_MAX_AGE_MS. A number whose products
 * cannot be read is not kept (asked again next time) and counts as "not read".
 */
import pLimit from 'p-limit'
import { toAppErrorData } from '@shared/errors/app-error'
import { errorAdvice } from '@shared/errors/advice'
import { flattenProducts } from '@shared/holdings/audit'
import type { AssetProducts } from '@shared/api/models'
import type { HoldingsTarget } from './numbers'

/** How long the products read are kept (they change only by orders, and a lend moves them into a lock). */
export const PRODUCTS_MAX_AGE_MS = 10 * 60_000

/** The products a number carries: each product's uri once, and the names seen. */
export interface NumberProducts {
  uris: string[]
  names: Map<string, string>
}

/** The uris and names of an answer of operation 7 (products loose and in packages). */
export function productsOfAnswer(data: AssetProducts | null | undefined): NumberProducts {
  const names = new Map<string, string>()
  for (const f of flattenProducts(data)) {
    const uri = f.product.productUri
    if (uri && !names.has(uri)) names.set(uri, f.product.productName || uri)
  }
  return { uris: [...names.keys()], names }
}

interface Kept {
  at: number
  byAssetId: Map<string, string[]>
  names: Map<string, string>
}

export interface ProductReaderDeps {
  read(t: HoldingsTarget, assetId: string): Promise<AssetProducts>
  concurrency(): Promise<number>
  now?: () => number
}

export class ProductReader {
  private readonly kept = new Map<string, Kept>()
  private readonly now: () => number
  /** Calls of operation 7 made since the reader was built (the bench and the tests read it). */
  calls = 0

  constructor(private readonly deps: ProductReaderDeps) {
    this.now = deps.now ?? Date.now
  }

  private entry(t: HoldingsTarget): Kept {
    const k = `${t.profileId}\u0000${t.enterpriseGlobalId}`
    let e = this.kept.get(k)
    if (!e || this.now() - e.at > PRODUCTS_MAX_AGE_MS) {
      e = { at: this.now(), byAssetId: new Map(), names: new Map() }
      this.kept.set(k, e)
      // Two enterprises at most (like the numbers' copies).
      while (this.kept.size > 2) this.kept.delete(this.kept.keys().next().value!)
    }
    return e
  }

  /** Forgets the products read (the screen's refresh). */
  clear(): void {
    this.kept.clear()
  }

  /**
   * Reads the products of the asset ids not read yet; resolves with what is known of each (undefined: could not be
   * read), the product names seen, and the calls this ask made. A credentials failure stops it (thrown).
   */
  async read(t: HoldingsTarget, assetIds: readonly string[]): Promise<{ of(assetId: string): string[] | undefined; names: ReadonlyMap<string, string>; calls: number; failed: number }> {
    const e = this.entry(t)
    const missing = [...new Set(assetIds)].filter((id) => !e.byAssetId.has(id))
    const limit = pLimit(Math.max(1, await this.deps.concurrency()))
    let calls = 0
    let failed = 0
    await Promise.all(
      missing.map((id) =>
        limit(async () => {
          calls++
          this.calls++
          try {
            const p = productsOfAnswer(await this.deps.read(t, id))
            e.byAssetId.set(id, p.uris)
            for (const [u, n] of p.names) if (!e.names.has(u)) e.names.set(u, n)
          } catch (err) {
            if (errorAdvice(toAppErrorData(err)) === 'credentials') throw err
            failed++
          }
        }),
      ),
    )
    return { of: (id) => e.byAssetId.get(id), names: e.names, calls, failed }
  }
}
