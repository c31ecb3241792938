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

export type DraftSavePartsRequest = ChannelInput<'drafts.saveParts'>

/** Saves changed elements of a body's arrays (an order's edited entry), not the whole body. */
export function saveDraftParts(req: DraftSavePartsRequest): Promise<DraftMeta> {
  return invoke('drafts.saveParts', req)
}

/** The same save as the page goes away (reload, close): sent even though nobody waits for the answer. */
export function saveDraftOnExit(req: DraftSaveRequest): void {
  invokeOnExit('drafts.save', req)
}

/** Removes drafts (restorable for a while). */
export async function removeDrafts(ids: string[]): Promise<DraftMeta[]> {
  return (await invoke('drafts.remove', { ids })).drafts
}

/** Drafts removed earlier, back in the list (undo). */
export async function restoreDrafts(ids: string[]): Promise<DraftMeta[]> {
  return (await invoke('drafts.restore', { ids })).drafts
}

/** Drafts, newest change first (the Drafts area's list). */
export function listDrafts(input: ChannelInput<'drafts.list'>): Promise<{ drafts: DraftMeta[]; total: number }> {
  return invoke('drafts.list', input)
}

export function renameDraft(id: string, name: string): Promise<DraftMeta> {
  return invoke('drafts.rename', { id, name })
}

/** A copy with a new id ("… (copy)" unless named). */
export function duplicateDraft(id: string, name?: string): Promise<DraftMeta> {
  return invoke('drafts.duplicate', { id, ...(name !== undefined ? { name } : {}) })
}

/** The drafts file of these drafts (JSON text), to move work to another workstation. */
export function exportDrafts(ids: string[]): Promise<{ fileName: string; content: string }> {
  return invoke('drafts.export', { ids })
}

/** Adds the drafts of a file; a file that is not ours or has a damaged draft is refused whole, with the reason. */
export async function importDrafts(input: ChannelInput<'drafts.import'>): Promise<DraftMeta[]> {
  return (await invoke('drafts.import', input)).drafts
}

/** Follows saves of drafts by any window, tab or the CLI; returns unsubscribe. */
export function onDraftsChanged(handler: (payload: EventPayload<'drafts.changed'>) => void): () => void {
  return onEvent('drafts.changed', handler)
}
