/** Handlers of the app channels: facts about the running app, and settings. */
import type { HandlerRegistry } from '../ipc/registry'
import type { Services } from '../core/services'

/** Registers `app.info`, `settings.get`, `settings.update`. */
export function registerAppHandlers(registry: HandlerRegistry, services: Services): void {
  registry.handle('app.info', async () => {
    const issues = services.storage.issues()
    return {
      ...services.info,
      keychain: services.vault.status(),
      ...(issues.length > 0 ? { dataIssues: issues } : {}),
    }
  })
  registry.handle('settings.get', () => services.settings.get())
  registry.handle('settings.update', (patch) => services.settings.update(patch))
}
