/** Handlers of the draft store's channels (src/main/services/drafts). */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `drafts.*` channels. */
export function registerDraftHandlers(registry: HandlerRegistry, services: Pick<Services, 'drafts' | 'profiles'>): void {
  const { drafts } = services
  registry.handle('drafts.list', async (q) => drafts.list(q))
  registry.handle('drafts.get', async ({ id }) => drafts.get(id))
  registry.handle('drafts.save', async ({ clientId, ...input }) => drafts.save(input, clientId))
  registry.handle('drafts.saveParts', async ({ clientId, ...input }) => drafts.saveParts(input, clientId))
  registry.handle('drafts.rename', async ({ id, name }) => drafts.rename(id, name))
  registry.handle('drafts.duplicate', async ({ id, name }) => drafts.duplicate(id, name))
  registry.handle('drafts.remove', async ({ ids }) => ({ drafts: drafts.remove(ids) }))
  registry.handle('drafts.restore', async ({ ids }) => ({ drafts: drafts.restore(ids) }))
  registry.handle('drafts.export', async ({ ids }) => drafts.exportFile(ids))
  registry.handle('drafts.import', async ({ content, profileId }) => ({
    drafts: drafts.importFile(content, profileId ?? (await services.profiles.activeId())),
  }))
}
