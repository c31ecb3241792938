/** Handlers of Renewals (src/main/services/renewals). Thin. */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `renewals.*` channels. */
export function registerRenewalHandlers(registry: HandlerRegistry, services: Pick<Services, 'renewals' | 'enterprises'>): void {
  const { renewals } = services
  const profileOf = (id: string | undefined): Promise<string> => services.enterprises.profile(id)

  registry.handle('renewals.list', async ({ profileId, window }) => renewals.list(await profileOf(profileId), window))
  registry.handle('renewals.refresh', async ({ profileId }) => renewals.refresh(await profileOf(profileId)))
  registry.handle('renewals.pause', async ({ profileId }) => renewals.pause(await profileOf(profileId)))
  registry.handle('renewals.resume', async ({ profileId }) => renewals.resume(await profileOf(profileId)))
  registry.handle('renewals.status', async ({ profileId }) => renewals.status(await profileOf(profileId)))
  registry.handle('renewals.renew', async ({ profileId, keys }) => renewals.renew(await profileOf(profileId), keys))
}
