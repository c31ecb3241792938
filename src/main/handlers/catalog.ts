/** Handlers of the product catalog (src/main/services/catalog): thin, the active profile's catalog by default. */
import { resolveLocale, type Locale } from '@shared/i18n/locale'
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'
import { exportCatalog, importCatalog } from '../services/catalog'

/** Registers the `catalog.*` channels. */
export function registerCatalogHandlers(registry: HandlerRegistry, services: Pick<Services, 'catalog' | 'enterprises' | 'settings' | 'info'>): void {
  const { catalog } = services
  const profileOf = (id: string | undefined): Promise<string> => services.enterprises.profile(id)
  const locale = async (): Promise<Locale> => resolveLocale((await services.settings.get()).locale, services.info.systemLocale)

  registry.handle('catalog.get', async ({ profileId }) => catalog.get(await profileOf(profileId)))
  registry.handle('catalog.search', async ({ profileId, query, limit }) => catalog.search(await profileOf(profileId), query, limit))
  registry.handle('catalog.save', async ({ profileId, item }) => {
    const id = await profileOf(profileId)
    if (item.kind === 'product') catalog.saveProduct(id, item.product, item.replaces, await locale())
    else catalog.savePackage(id, item.package, item.replaces, await locale())
    return null
  })
  registry.handle('catalog.remove', async ({ profileId, products, packages }) => {
    catalog.remove(await profileOf(profileId), products, packages, await locale())
    return null
  })
  registry.handle('catalog.import', async ({ profileId, fileName, contentBase64 }) =>
    importCatalog(catalog, await profileOf(profileId), { bytes: Buffer.from(contentBase64, 'base64'), fileName }, await locale()),
  )
  registry.handle('catalog.export', async ({ profileId, format }) => exportCatalog(catalog, await profileOf(profileId), format, await locale()))
}
