/** Handlers of shared order drafts (src/main/services/workspace/drafts.ts): thin. */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `workspaceDrafts.*` channels. */
export function registerWorkspaceDraftHandlers(registry: HandlerRegistry, services: Pick<Services, 'workspaceDrafts'>): void {
  registry.handle('workspaceDrafts.get', async ({ id }) => services.workspaceDrafts.get(id))
  registry.handle('workspaceDrafts.shares', async ({ ids }) => services.workspaceDrafts.shares(ids))
  registry.handle('workspaceDrafts.handOver', ({ id }) => services.workspaceDrafts.handOver(id))
}
