/**
 * Handlers of the operation journal's channels (the Journal screen): `journal.list` pages entries newest first
 * with filters; `journal.export` returns the matching entries as CSV or JSON text for the renderer to save.
 */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `journal.*` channels. */
export function registerJournalHandlers(registry: HandlerRegistry, services: Pick<Services, 'journal'>): void {
  const { journal } = services
  registry.handle('journal.list', (input) => journal.list(input))
  registry.handle('journal.export', ({ format, ...filter }) => journal.export(filter, format))
}
