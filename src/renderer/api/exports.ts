/** Exports of lists: the core makes the rows and streams the file (src/main/services/exports); its progress. */
import type { ChannelInput } from '@shared/ipc/contract'
import type { EventPayload } from '@shared/ipc/events'
import { invoke, onEvent } from '../bridge'

/** Writes a list to a file; resolves when the file is complete (or the save dialog was closed). */
export const runExport = (input: ChannelInput<'exports.run'>) => invoke('exports.run', input)
/** Cancels a running export. */
export const cancelExport = (id: string) => invoke('exports.cancel', { id })
export function onExportProgress(handler: (p: EventPayload<'exports.progress'>) => void): () => void {
  return onEvent('exports.progress', handler)
}
