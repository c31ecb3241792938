/** Handlers of the team workspace (src/main/services/workspace). Thin. */
import { hostname } from 'node:os'
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'
import { conflictView } from '../services/workspace/conflict-view'

/** Registers the `workspace.*` channels. */
export function registerWorkspaceHandlers(registry: HandlerRegistry, services: Pick<Services, 'workspace'>): void {
  const { workspace } = services
  const view = async () => ({ ...(await workspace.get()), defaultWorkstation: hostname() })
  const conflicts = () => workspace.conflicts().map(conflictView)

  registry.handle('workspace.get', view)
  registry.handle('workspace.set', async ({ settings, password }) => {
    await workspace.set(settings, password)
    return view()
  })
  registry.handle('workspace.leave', async () => {
    await workspace.clear()
    return view()
  })
  registry.handle('workspace.status', async () => workspace.status())
  registry.handle('workspace.sync', () => workspace.syncNow())
  registry.handle('workspace.conflicts', async () => conflicts())
  registry.handle('workspace.resolve', async ({ kind, id, choice }) => {
    workspace.resolve(kind, id, choice)
    return conflicts()
  })
}
