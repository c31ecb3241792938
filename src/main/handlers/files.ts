/** Handlers of files opened from outside the app (src/main/services/files/opened-files.ts). */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `files.*` channels. */
export function registerFileHandlers(registry: HandlerRegistry, services: Pick<Services, 'openedFiles'>): void {
  const files = services.openedFiles
  registry.handle('files.pending', async () => ({ files: files.pending() }))
  registry.handle('files.accept', ({ id }) => files.accept(id))
  registry.handle('files.dismiss', async ({ id }) => ({ files: files.dismiss(id) }))
  registry.handle('files.offer', async ({ fileName, content }) => files.offer(fileName, content))
}
