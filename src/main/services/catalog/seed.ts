/**
 * The Sandbox profile's starting catalog: the sandbox's demo products and package tree (src/shared/sandbox-demo.ts),
 * so that an order made from the catalog matches what the demo data already holds.
 */
import { SANDBOX_DEMO_PACKAGES, SANDBOX_DEMO_PRODUCTS } from '@shared/sandbox-demo'
import { catalogSchema, type Catalog } from '@shared/orders/catalog'

export function sandboxCatalog(): Catalog {
  return catalogSchema.parse({
    products: SANDBOX_DEMO_PRODUCTS.map((p) => ({
      productUri: p.uri,
      uriKind: p.gms ? 'gmsPid' : 'appKey',
      productName: p.name,
      productType: p.type,
      defaultNodeCount: 1,
      timeUnit: 'year',
      timeUnitQuantity: 1,
      timeDurationExpression: '1-0-0',
    })),
    packages: SANDBOX_DEMO_PACKAGES.map((k) => ({ merchandiseNum: k.num, merchandiseName: k.name, products: [...k.products], children: [...k.children] })),
  })
}
