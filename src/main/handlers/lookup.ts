/**
 * Handlers of the asset lookup: one asset number, everything the operations can tell about it, and the name of
 * its holder on its own channel (src/main/services/lookup).
 */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `lookup.*` channels. */
export function registerLookupHandlers(registry: HandlerRegistry, services: Pick<Services, 'enterprises' | 'clients' | 'lookup'>): void {
  const { enterprises, clients, lookup } = services
  registry.handle('lookup.asset', async ({ assetNum, ...where }) => {
    const target = await enterprises.target(where)
    return lookup.asset(await clients.get(target.profileId), { ...target, assetNum })
  })
  registry.handle('lookup.member', async ({ memberGlobalId, ...where }) => {
    const { profileId, enterpriseGlobalId } = await enterprises.target(where)
    return lookup.member(await clients.get(profileId), profileId, enterpriseGlobalId, memberGlobalId)
  })
}
