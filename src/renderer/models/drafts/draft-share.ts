/**
 * Plain logic of order drafts shared through the team workspace (issue 36): what the Drafts list says of a shared
 * draft (its owner, its state as a pill), who may hand it over, the "ready for review" filter, and what the
 * wizard does with a draft another person prepares (read-only, with a copy of one's own: docs/decisions.md).
 */
import type { DraftShare, WorkspaceMe } from '@shared/ipc/channels/workspace-drafts'
import type { OrderDraft } from '@shared/orders/draft'
import { teamDraftRefusal } from '@shared/drafts/team'

/** The status pill of a shared draft: its tone (the one status-pill style), its words' key and their names. */
export interface SharePill {
  tone: 'info' | 'warning' | 'success'
  key: 'preparing' | 'review' | 'submitted'
  who: string
  from: string
}

export function sharePill(share: DraftShare): SharePill {
  if (share.state === 'review') return { tone: 'warning', key: 'review', who: share.by, from: share.from }
  if (share.state === 'submitted') return { tone: 'success', key: 'submitted', who: share.by, from: share.from }
  return { tone: 'info', key: 'preparing', who: share.owner, from: share.ownerFrom }
}

/** Whether this person prepares the draft (the same database role, from any workstation). */
export function isMine(share: DraftShare, me: WorkspaceMe | null): boolean {
  return me !== null && share.owner === me.user
}

/** "Hand over for review" is offered on one's own draft while it is being prepared. */
export function canHandOver(share: DraftShare | undefined, me: WorkspaceMe | null): boolean {
  return share !== undefined && share.state === 'preparing' && isMine(share, me)
}

/**
 * Who holds a shared draft this person may not rename, remove or restore (the core's rule, src/shared/drafts/team.ts):
 * the actions are left out and this names why; null when they are offered (one's own, or no workspace).
 */
export function heldBy(share: DraftShare | undefined, me: WorkspaceMe | null): { who: string; workstation: string } | null {
  if (!share || !me) return null
  return teamDraftRefusal(share, me.user)?.params ?? null
}

/** The first of these drafts (a selection) someone else holds, for "Remove selected" to stay off and say why. */
export function firstHeld(ids: readonly string[], shares: ReadonlyMap<string, DraftShare>, me: WorkspaceMe | null): { who: string; workstation: string } | null {
  for (const id of ids) {
    const held = heldBy(shares.get(id), me)
    if (held) return held
  }
  return null
}

/** The drafts of a list that are ready for review (the reviewer's filter), in the list's order. */
export function readyForReview<T extends { id: string }>(rows: readonly T[], shares: ReadonlyMap<string, DraftShare>): T[] {
  return rows.filter((r) => shares.get(r.id)?.state === 'review')
}

/**
 * What the wizard says of the draft it opens, and whether it may change it. Another person's draft being prepared
 * is theirs: read-only, with a copy of one's own offered. One handed over for review is the reviewer's to check and
 * submit (anyone's, its owner's too). A submitted one is final. One's own draft being prepared needs no word.
 */
export type DraftBanner =
  | { kind: 'none'; readOnly: false }
  | { kind: 'colleague'; readOnly: true; who: string; from: string }
  | { kind: 'review'; readOnly: false; who: string; from: string }
  | { kind: 'submitted'; readOnly: true; who: string; from: string }

export function draftBanner(share: DraftShare | null, me: WorkspaceMe | null): DraftBanner {
  if (!share || !me) return { kind: 'none', readOnly: false }
  if (share.state === 'submitted') return { kind: 'submitted', readOnly: true, who: share.by, from: share.from }
  if (share.state === 'review') return { kind: 'review', readOnly: false, who: share.by, from: share.from }
  if (isMine(share, me)) return { kind: 'none', readOnly: false }
  return { kind: 'colleague', readOnly: true, who: share.owner, from: share.ownerFrom }
}

/**
 * One's own copy of a colleague's draft: the same entries under a new order number (the colleague's number is
 * theirs to submit: the workspace reserves each number once), not marked ready, without their refusal note.
 */
export function copyOfDraft(body: OrderDraft, channelOrderId: string): OrderDraft {
  const { refusal: _refusal, ...rest } = body
  return { ...rest, channelOrderId, ready: false }
}
