/** Handlers of offboarding: thin, each a call of the offboard service (the run is `bulk.start`). */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `offboard.*` channels. */
export function registerOffboardHandlers(registry: HandlerRegistry, services: Pick<Services, 'offboard'>): void {
  const { offboard } = services
  registry.handle('offboard.check', (input) => offboard.check(input))
  registry.handle('offboard.report', (input) => offboard.report(input))
}
