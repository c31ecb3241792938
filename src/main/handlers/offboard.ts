/** Handlers of offboarding: thin, each a call of the offboard service (the run is `bulk.start`). */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `members.offboard*` channels. */
export function registerOffboardHandlers(registry: HandlerRegistry, services: Pick<Services, 'offboard'>): void {
  const { offboard } = services
  registry.handle('members.offboardCheck', (input) => offboard.check(input))
  registry.handle('members.offboardReport', (input) => offboard.report(input))
}
