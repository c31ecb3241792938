/** Handlers of submitting orders: the outbox, exactly once, the history (src/main/services/orders). Thin. */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'
import { revokePreview } from '../services/orders/revoke-preview'

/** Registers the `orders.*` channels. */
export function registerOrderHandlers(registry: HandlerRegistry, services: Pick<Services, 'orders' | 'settings' | 'info' | 'enterprises' | 'clients' | 'lookup'>): void {
  const { orders } = services
  const profileOf = (id: string | undefined): Promise<string> => services.enterprises.profile(id)

  registry.handle('orders.submit', async ({ draftId, baseRevision }) => orders.submit(draftId, baseRevision))
  registry.handle('orders.list', async ({ profileId, ...q }) => orders.list({ ...q, profileId: await profileOf(profileId) }))
  registry.handle('orders.get', async ({ id }) => orders.get(id))
  registry.handle('orders.hold', async ({ id }) => orders.hold(id))
  registry.handle('orders.release', async ({ id }) => orders.release(id))
  registry.handle('orders.withdraw', async ({ id }) => orders.withdraw(id))
  registry.handle('orders.sendNow', async ({ id }) => orders.sendNow(id))
  registry.handle('orders.resolve', async ({ id, decision }) => orders.resolve(id, decision))
  registry.handle('orders.toDraft', async ({ id, mode }) => orders.toDraft(id, mode))
  registry.handle('orders.revokePreview', async (input) =>
    revokePreview({ target: (w) => services.enterprises.target(w), client: (id) => services.clients.get(id), lookup: services.lookup }, input),
  )
  registry.handle('orders.status', async ({ profileId }) => orders.status(await profileOf(profileId)))
}
