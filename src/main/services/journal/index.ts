/** The operation journal service (see journal.ts). */
export { Journal, JOURNAL_DIR, type JournalOptions } from './journal'
export { redactRequest, REDACTED } from './redact'
export { AppendLog } from './append-log'
