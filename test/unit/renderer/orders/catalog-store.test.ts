import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { DEFAULT_SETTINGS } from '@shared/settings'
import { catalogSchema } from '@shared/orders/catalog'
import { installBridge } from '../../../../src/renderer/bridge'
import { useAppStore } from '../../../../src/renderer/stores/app'
import { useCatalogStore } from '../../../../src/renderer/stores/catalog'

const catalog = catalogSchema.parse({
  products: [
    { productUri: 'GMS-1001', productName: 'Cost', productType: 'tool' },
    { productUri: 'APP-2001', uriKind: 'appKey', productName: 'Cloud', productType: 'web' },
  ],
  packages: [
    { merchandiseNum: 'PKG-SUITE', merchandiseName: 'Suite', products: ['GMS-1001'], children: ['PKG-BASIC'] },
    { merchandiseNum: 'PKG-BASIC', merchandiseName: 'Basic', products: ['APP-2001'] },
  ],
})

let gets = 0
let listeners: ((name: string, payload: unknown) => void)[] = []

beforeEach(() => {
  setActivePinia(createPinia())
  gets = 0
  listeners = []
  installBridge({
    shell: 'browser',
    invoke: async (ch) => {
      if (ch === 'catalog.get') {
        gets++
        return { ok: true, value: catalog }
      }
      if (ch === 'settings.get') return { ok: true, value: { ...DEFAULT_SETTINGS, orders: { instanceIdPrefix: 'BR7' } } }
      if (ch === 'app.info') return { ok: true, value: { version: '1', shell: 'browser', platform: 'linux', dataDir: '/x', systemLocale: 'en', keychain: { available: true, backend: 'memory' } } }
      return { ok: true, value: null }
    },
    onEvent: (listener) => {
      listeners.push(listener)
      return () => {}
    },
  })
})
afterEach(() => installBridge(null))

describe('catalog store: picks for the order wizard', () => {
  it('builds a package tree and products with fresh ids of the settings’ prefix; a typed product gets one too', async () => {
    await useAppStore().load()
    const store = useCatalogStore()
    const pick = await store.pickPackage(catalog.packages[0]!)
    const suite = pick.merchandises[0]!
    expect(suite.crmProductId).toMatch(/^BR7-/)
    expect(suite.children[0]!.parentCrmProductId).toBe(suite.crmProductId)
    expect(suite.children[0]!.products[0]!.parentCrmProductId).toBe(suite.children[0]!.crmProductId)
    expect(store.pickProduct(catalog.products[1]!).products[0]).toMatchObject({ appKey: 'APP-2001', catalogRef: 'APP-2001' })
    const typed = store.typedProduct().products[0]!
    expect(typed.crmProductId).toMatch(/^BR7-/)
    expect(typed.productUri).toBe('')
  })

  it('reads the catalog once, and again after it changed elsewhere', async () => {
    const store = useCatalogStore()
    await store.catalogOf('p1')
    await store.catalogOf('p1')
    expect(gets).toBe(1)
    for (const l of listeners) l('catalog.changed', { profileId: 'p1' })
    await store.catalogOf('p1')
    expect(gets).toBe(2)
  })
})
