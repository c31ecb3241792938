/** Calls of the draft store: work in progress of every screen, saved as the user types (docs/decisions.md). */
import type { Draft, DraftMeta } from '@shared/ipc/channels/drafts'
import type { ChannelInput } from '@shared/ipc/contract'
import type { EventPayload } from '@shared/ipc/events'
import { BridgeError, invoke, invokeOnExit, onEvent } from '../bridge'

/** One draft with its body; throws `app.notFound` when there is none. */
export function getDraft(id: string): Promise<Draft> {
  return invoke('drafts.get', { id })
}

/** A draft with its body, or null when there is none under that id. */
export async function findDraft(id: string): Promise<Draft | null> {
  try {
    return await getDraft(id)
  } catch (err) {
    if (err instanceof BridgeError && err.data.code === 'app.notFound') return null
    throw err
  }
}

export type DraftSaveRequest = ChannelInput<'drafts.save'>

/** Saves a body; refused with `app.draftConflict` when the draft changed since `baseRevision` (unless `force`). */
export function saveDraft(req: DraftSaveRequest): Promise<DraftMeta> {
  return invoke('drafts.save', req)
}

/** The same save as the page goes away (reload, close): sent even though nobody waits for the answer. */
export function saveDraftOnExit(req: DraftSaveRequest): void {
  invokeOnExit('drafts.save', req)
}

/** Removes drafts (restorable for a while). */
export async function removeDrafts(ids: string[]): Promise<void> {
  await invoke('drafts.remove', { ids })
}

/** Follows saves of drafts by any window, tab or the CLI; returns unsubscribe. */
export function onDraftsChanged(handler: (payload: EventPayload<'drafts.changed'>) => void): () => void {
  return onEvent('drafts.changed', handler)
}
