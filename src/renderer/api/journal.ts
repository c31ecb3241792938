/** Calls of the Journal screen. */
import type { JournalExport, JournalFilter, JournalPage } from '@shared/ipc/channels/journal'
import { invoke } from '../bridge'

/** A page of entries; `byRun`: of rows, a bulk run's calls taken together (see `journal.list`). */
export function listJournal(filter: JournalFilter, offset: number, limit: number, byRun = false): Promise<JournalPage> {
  return invoke('journal.list', { ...filter, offset, limit, ...(byRun ? { byRun } : {}) })
}

export function exportJournal(filter: JournalFilter, format: 'csv' | 'json'): Promise<JournalExport> {
  return invoke('journal.export', { ...filter, format })
}
