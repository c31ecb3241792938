/** Named calls to the draft store (forms kept as the user types, under fixed ids). Only api/ modules call the bridge. */
import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract'
import type { EventPayload } from '@shared/ipc/events'
import { BridgeError, invoke, onEvent } from '../bridge'

/** A draft with its body, or null when there is none under that id. */
export async function getDraft(id: string): Promise<ChannelOutput<'drafts.get'> | null> {
  try {
    return await invoke('drafts.get', { id })
  } catch (err) {
    if (err instanceof BridgeError && err.data.code === 'app.notFound') return null
    throw err
  }
}

/** Saves a body; refused with app.draftConflict when the draft changed since `baseRevision` (unless `force`). */
export const saveDraft = (input: ChannelInput<'drafts.save'>): Promise<ChannelOutput<'drafts.save'>> => invoke('drafts.save', input)

/** Follows saves of drafts by any window, tab or the CLI; returns unsubscribe. */
export function onDraftsChanged(handler: (payload: EventPayload<'drafts.changed'>) => void): () => void {
  return onEvent('drafts.changed', handler)
}
