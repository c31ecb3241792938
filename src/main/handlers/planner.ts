/** Handlers of the assignment planner: thin, each a call of the planner service. */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `planner.*` channels. */
export function registerPlannerHandlers(registry: HandlerRegistry, services: Pick<Services, 'planner'>): void {
  const { planner } = services
  registry.handle('planner.check', (input) => planner.check(input))
  registry.handle('planner.apply', (input) => planner.apply(input))
  registry.handle('planner.undo', (input) => planner.undo(input))
  registry.handle('planner.runs', (input) => planner.runs(input))
  registry.handle('planner.products', (input) => planner.products(input))
}
