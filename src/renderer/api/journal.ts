/** Calls of the Journal screen. */
import type { JournalExport, JournalFilter, JournalPage } from '@shared/ipc/channels/journal'
import { invoke } from '../bridge'

export function listJournal(filter: JournalFilter, offset: number, limit: number): Promise<JournalPage> {
  return invoke('journal.list', { ...filter, offset, limit })
}

export function exportJournal(filter: JournalFilter, format: 'csv' | 'json'): Promise<JournalExport> {
  return invoke('journal.export', { ...filter, format })
}
