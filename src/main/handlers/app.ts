/** Handlers of the app channels: facts about the running app, and settings. */
import type { HandlerRegistry } from '../ipc/registry'
import type { Services } from '../core/services'

/** Registers `app.info`, `app.updates`, `settings.get`, `settings.update`. */
export function registerAppHandlers(registry: HandlerRegistry, services: Services): void {
  registry.handle('app.info', async () => {
    const issues = services.storage.issues()
    return {
      ...services.info,
      keychain: services.vault.status(),
      ...(issues.length > 0 ? { dataIssues: issues } : {}),
    }
  })
  registry.handle('app.updates', async (input) => {
    if (input.action === 'check') return services.updates.check()
    if (input.action === 'install') return services.updates.install(input.when)
    return services.updates.status()
  })
  registry.handle('settings.get', () => services.settings.get())
  registry.handle('settings.update', async (patch) => {
    const before = await services.settings.get()
    const saved = await services.settings.update(patch)
    // API clients are built with the timeouts, retries and language of their time: when those change, the next
    // call gets a client built with the new ones (calls in flight finish on the old).
    if (saved.locale !== before.locale || JSON.stringify(saved.bulk) !== JSON.stringify(before.bulk)) services.clients.invalidate()
    return saved
  })
}
