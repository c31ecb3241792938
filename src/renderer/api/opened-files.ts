/** Files opened from outside the app (a double-click, a second start, `license-desk open`), waiting for an answer. */
import type { OpenedFile } from '@shared/ipc/channels/files'
import type { ChannelOutput } from '@shared/ipc/contract'
import { invoke, onEvent } from '../bridge'

export async function pendingFiles(): Promise<OpenedFile[]> {
  return (await invoke('files.pending', {})).files
}

/** Adds an opened file's drafts to the active connection; says which screen shows them. */
export function acceptFile(id: string): Promise<ChannelOutput<'files.accept'>> {
  return invoke('files.accept', { id })
}

export function dismissFile(id: string): Promise<OpenedFile[]> {
  return invoke('files.dismiss', { id }).then((r) => r.files)
}

/** Called when a file is opened; returns the unsubscribe. */
export function onFileOpened(handler: () => void): () => void {
  return onEvent('files.opened', handler)
}
