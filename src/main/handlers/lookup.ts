/**
 * Handlers of the asset lookup: one asset number, everything the operations can tell about it, and the name of
 * its holder on its own channel (src/main/services/lookup).
 */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'
import type { LookupAccount } from '../services/lookup'

/** Registers the `lookup.*` channels. */
export function registerLookupHandlers(registry: HandlerRegistry, services: Pick<Services, 'enterprises' | 'clients' | 'lookup' | 'profiles'>): void {
  const { enterprises, clients, lookup, profiles } = services
  /** Whose enterprise the member group answers for (a refusal for another one is then said as what it is). */
  const account = async (profileId: string): Promise<LookupAccount> => ({
    ownEnterpriseGlobalId: await enterprises.resolve(profileId, undefined).catch(() => null),
    login: (await profiles.get(profileId)).userLogin,
  })
  registry.handle('lookup.asset', async ({ assetNum, ...where }) => {
    const target = await enterprises.target(where)
    return lookup.asset(await clients.get(target.profileId), { ...target, assetNum }, await account(target.profileId))
  })
  registry.handle('lookup.member', async ({ memberGlobalId, ...where }) => {
    const { profileId, enterpriseGlobalId } = await enterprises.target(where)
    return lookup.member(await clients.get(profileId), profileId, enterpriseGlobalId, memberGlobalId, await account(profileId))
  })
}
