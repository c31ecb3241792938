/** Handlers of Renewals (src/main/services/renewals). Thin. */
import { resolveLocale } from '@shared/i18n/locale'
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `renewals.*` channels. */
export function registerRenewalHandlers(registry: HandlerRegistry, services: Pick<Services, 'renewals' | 'profiles' | 'settings' | 'info'>): void {
  const { renewals } = services
  const profileOf = async (id: string | undefined): Promise<string> => id ?? (await services.profiles.activeId())

  registry.handle('renewals.list', async ({ profileId, window }) => renewals.list(await profileOf(profileId), window))
  registry.handle('renewals.refresh', async ({ profileId }) => renewals.refresh(await profileOf(profileId)))
  registry.handle('renewals.pause', async ({ profileId }) => renewals.pause(await profileOf(profileId)))
  registry.handle('renewals.resume', async ({ profileId }) => renewals.resume(await profileOf(profileId)))
  registry.handle('renewals.status', async ({ profileId }) => renewals.status(await profileOf(profileId)))
  registry.handle('renewals.renew', async ({ profileId, keys }) => renewals.renew(await profileOf(profileId), keys))
  registry.handle('renewals.export', async ({ profileId, window, format }) =>
    renewals.export(await profileOf(profileId), window, format, resolveLocale((await services.settings.get()).locale, services.info.systemLocale)),
  )
}
