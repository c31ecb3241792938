/** The operation journal service (see journal.ts), and the one journal of a core. */
import { Journal } from './journal'

export { Journal, JOURNAL_DIR, type JournalOptions } from './journal'
export { redactRequest, REDACTED } from './redact'
export { AppendLog } from './append-log'

/** What the journal needs from the core. */
export interface JournalHost {
  dataDir: string
}

const journals = new WeakMap<object, Journal>()

/** The core's journal (one per core, in its data folder). */
export function journalFor(host: JournalHost): Journal {
  let j = journals.get(host)
  if (!j) {
    j = new Journal({ dataDir: host.dataDir })
    journals.set(host, j)
  }
  return j
}
