/** Handlers of asset assignment and lending: thin, each a call of the holdings service. */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `holdings.*` channels. */
export function registerHoldingsHandlers(registry: HandlerRegistry, services: Pick<Services, 'holdings'>): void {
  const { holdings } = services
  registry.handle('holdings.numbers', (input) => holdings.numbers(input))
  registry.handle('holdings.window', (input) => holdings.window(input))
  registry.handle('holdings.ofMember', (input) => holdings.ofMember(input))
  registry.handle('holdings.free', (input) => holdings.free(input))
  registry.handle('holdings.products', (input) => holdings.products(input))
  registry.handle('holdings.configure', (input) => holdings.configure(input))
  registry.handle('holdings.move', (input) => holdings.move(input))
  registry.handle('holdings.check', (input) => holdings.check(input))
  registry.handle('holdings.lentLocks', (input) => holdings.lentLocks(input))
  registry.handle('holdings.lend', (input) => holdings.lend(input))
  registry.handle('holdings.audit', (input) => holdings.audit(input))
}
