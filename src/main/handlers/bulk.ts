/**
 * Handlers of the bulk runner's channels. `bulk.start` returns at once; progress follows as `bulk.progress`
 * events. Jobs interrupted by a crash or a restart are loaded when the core starts and listed as `interrupted`.
 */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `bulk.*` channels. */
export function registerBulkHandlers(registry: HandlerRegistry, services: Pick<Services, 'bulk'>): void {
  const { bulk } = services
  registry.handle('bulk.start', (input) => bulk.start(input))
  registry.handle('bulk.pause', ({ id }) => bulk.pause(id))
  registry.handle('bulk.resume', ({ id }) => bulk.resume(id))
  registry.handle('bulk.cancel', ({ id }) => bulk.cancel(id))
  registry.handle('bulk.retryFailed', ({ id }) => bulk.retryFailed(id))
  registry.handle('bulk.get', ({ id, ...page }) => bulk.get(id, page))
  registry.handle('bulk.list', ({ kinds, limit }) => bulk.listPage(kinds ? { kinds, limit } : { limit }))
  registry.handle('bulk.delete', async ({ id }) => {
    await bulk.delete(id)
    return null
  })
}
