/**
 * Handlers of the bulk runner's channels. `bulk.start` returns at once; progress follows as `bulk.progress`
 * events. Jobs interrupted by a crash or a restart are loaded at start and listed as `interrupted`.
 */
import type { HandlerRegistry } from '../ipc/registry'
import { bulkRunnerFor, type BulkHost } from '../services/bulk'

/** Registers the `bulk.*` channels. */
export function registerBulkHandlers(registry: HandlerRegistry, services: BulkHost): void {
  const bulk = bulkRunnerFor(services)
  // Load the jobs on disk now, so interrupted ones are known before the first screen asks.
  bulk.init().catch((err: unknown) => services.log?.warn('bulk: could not load the jobs on disk', { error: String(err) }))
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
