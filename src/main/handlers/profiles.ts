/** Handlers of the profile channels. Secrets travel in (towards the vault) and never back out. */
import { resolveLocale } from '@shared/i18n/locale'
import type { HandlerRegistry } from '../ipc/registry'
import type { Services } from '../core/services'

/** Registers the `profiles.*` channels. */
export function registerProfileHandlers(registry: HandlerRegistry, services: Services): void {
  const { profiles } = services
  registry.handle('profiles.list', () => profiles.list())
  registry.handle('profiles.create', ({ fields, secrets }) => profiles.create(fields, secrets))
  registry.handle('profiles.update', ({ id, fields }) => profiles.update(id, fields))
  registry.handle('profiles.delete', async ({ id }) => {
    await profiles.delete(id)
    return null
  })
  registry.handle('profiles.activate', ({ id }) => profiles.activate(id))
  registry.handle('profiles.setSecret', ({ id, name, value }) => profiles.setSecret(id, name, value))
  registry.handle('profiles.test', async ({ id }) => {
    // The connection first: for the Sandbox profile it starts the sandbox, whose address the view then shows.
    const config = await profiles.connectionFor(id)
    const [view, settings] = await Promise.all([profiles.get(id), services.settings.get()])
    return services.testConnection(config, {
      locale: resolveLocale(settings.locale, services.info.systemLocale),
      settings: settings.bulk,
      enterprise: {
        channelCode: view.channelCode,
        channelCustomerId: view.channelCustomerId,
        enterpriseGlobalId: view.enterpriseGlobalId,
      },
    })
  })
}
