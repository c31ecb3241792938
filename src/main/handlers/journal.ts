/**
 * Handlers of the operation journal's channels (the Journal screen): `journal.list` pages entries newest first
 * with filters; `journal.export` returns the matching entries as CSV or JSON text for the renderer to save.
 */
import type { HandlerRegistry } from '../ipc/registry'
import { journalFor, type JournalHost } from '../services/journal'

/** Registers the `journal.*` channels. */
export function registerJournalHandlers(registry: HandlerRegistry, services: JournalHost): void {
  const journal = journalFor(services)
  registry.handle('journal.list', (input) => journal.list(input))
  registry.handle('journal.export', ({ format, ...filter }) => journal.export(filter, format))
}
