/** Handlers of exports of lists (src/main/services/exports): thin. */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers `exports.run` and `exports.cancel`. */
export function registerExportHandlers(registry: HandlerRegistry, services: Pick<Services, 'exports'>): void {
  registry.handle('exports.run', (input) => services.exports.run(input))
  registry.handle('exports.cancel', async ({ id }) => services.exports.cancel(id))
}
