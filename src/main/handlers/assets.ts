/**
 * Handlers of the virtual assets screen (order operation 8): the enterprise's list as a compact table, and the
 * full record of one asset. The lists and their cache are the assets service's (src/main/services/assets).
 */
import { AppError } from '@shared/errors/app-error'
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `assets.*` channels. */
export function registerAssetHandlers(registry: HandlerRegistry, services: Pick<Services, 'enterprises' | 'assets'>): void {
  const { enterprises, assets } = services
  registry.handle('assets.list', async (input) => {
    const target = { ...(await enterprises.target(input)), extendCode: input.extendCode ?? '' }
    const { entry, cached } = await assets.get(target, input.refresh ?? false)
    return { ...target, fetchedAt: entry.fetchedAt, cached, ...entry.columns() }
  })
  registry.handle('assets.detail', async (input) => {
    const target = { ...(await enterprises.target(input)), extendCode: input.extendCode ?? '' }
    const { entry } = await assets.get(target)
    const record = entry.byId(input.id)
    if (!record) throw AppError.app('app.notFound', { what: input.id })
    return record
  })
}
