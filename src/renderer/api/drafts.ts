/** Calls of the draft store: work in progress of every screen, saved as the user types (docs/decisions.md). */
import type { Draft, DraftMeta } from '@shared/ipc/channels/drafts'
import type { DraftKind } from '@shared/drafts/kinds'
import { invoke, invokeOnExit, onEvent } from '../bridge'

/** One draft with its body; throws `app.notFound` when there is none. */
export function getDraft(id: string): Promise<Draft> {
  return invoke('drafts.get', { id })
}

export interface DraftSaveRequest {
  id: string
  kind: DraftKind
  body: unknown
  /** The revision the body was based on (0: not saved yet). */
  baseRevision: number
  profileId?: string | null
  force?: boolean
  clientId?: string
}

/** Saves a body; refused with `app.draftConflict` when the draft changed since `baseRevision`. */
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

/** Drafts changed (saved, renamed, removed…), with the client whose save it was. Returns unsubscribe. */
export function onDraftsChanged(handler: (ids: string[], clientId: string | undefined) => void): () => void {
  return onEvent('drafts.changed', (p) => handler(p.ids, p.clientId))
}
