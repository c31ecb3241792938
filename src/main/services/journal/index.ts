/** The operation journal service (see journal.ts); the core builds one, in its data folder. */
export { Journal, JOURNAL_DIR, type JournalOptions } from './journal'
export { redactRequest, REDACTED } from './redact'
export { AppendLog } from './append-log'
export type { JournalResolution } from '@shared/ipc/channels/journal'
