/**
 * Order drafts as a shared kind ('draft', by the draft's id): the order drafts of the shared profile, each its
 * name, its body and its share: who prepares it and where it stands (being prepared, ready for review, submitted).
 * The share is kept beside the draft (ws_draft_share) as last agreed with the server; a draft met for the first
 * time here is this person's, being prepared. State changes that must happen once (hand over, submit) are made on
 * the server under its write lock (../drafts.ts), never by a queued change.
 */
import { z } from 'zod'
import { draftNameSchema } from '@shared/ipc/channels/drafts'
import { draftShareSchema, type DraftShare } from '@shared/ipc/channels/workspace-drafts'
import { orderDraftSchema } from '@shared/orders/draft'
import type { DraftStore } from '../../drafts'
import type { LocalSyncStore } from '../local'
import type { SyncKind } from './types'

export const sharedDraftBodySchema = z.object({ name: draftNameSchema, draft: orderDraftSchema, share: draftShareSchema })
export type SharedDraftBody = z.output<typeof sharedDraftBodySchema>

export interface DraftKindDeps {
  drafts: DraftStore
  local: LocalSyncStore
  profileId: () => string
  /** This person's role and workstation (the workspace settings). */
  me: () => { user: string; workstation: string }
  now?: () => number
}

/** The share kept for a draft here; a draft met for the first time is this person's, being prepared. */
export function shareOf(deps: DraftKindDeps, id: string): DraftShare {
  const kept = draftShareSchema.safeParse(deps.local.share(id))
  if (kept.success) return kept.data
  const { user, workstation } = deps.me()
  const share: DraftShare = { state: 'preparing', owner: user, ownerFrom: workstation, by: user, from: workstation, at: (deps.now ?? Date.now)() }
  deps.local.setShare(id, share)
  return share
}

/** Whether a draft is one the workspace shares (an order draft of the shared profile). */
export function isSharedDraft(deps: DraftKindDeps, id: string): boolean {
  const meta = deps.drafts.meta(id)
  return meta !== null && meta.kind === 'orders.order' && meta.profileId === deps.profileId()
}

export function draftKind(deps: DraftKindDeps): SyncKind {
  const { drafts, local } = deps
  return {
    kind: 'draft',
    read(id) {
      if (!isSharedDraft(deps, id)) return null
      try {
        const d = drafts.get(id)
        return { body: { name: d.name, draft: d.body, share: shareOf(deps, id) }, removed: d.removedAt !== null }
      } catch {
        return null // a body this version cannot read is not sent
      }
    },
    all() {
      return drafts.ids('orders.order', deps.profileId())
    },
    apply(records) {
      const bad: string[] = []
      const good = records.flatMap((r) => {
        const parsed = sharedDraftBodySchema.safeParse(r.body)
        if (!parsed.success) bad.push(r.id)
        return parsed.success ? [{ id: r.id, name: parsed.data.name, body: parsed.data.draft, removed: r.removed, share: parsed.data.share }] : []
      })
      const skipped = new Set(drafts.adopt('orders.order', deps.profileId(), good))
      for (const g of good) if (!skipped.has(g.id)) local.setShare(g.id, g.share)
      return [...bad, ...skipped]
    },
    copy(body) {
      // Keep both: mine becomes a new draft of this person's, being prepared (its share is made when first read).
      const d = sharedDraftBodySchema.parse(body)
      return drafts.save({ kind: 'orders.order', profileId: deps.profileId(), name: d.name, body: d.draft, baseRevision: 0 }).id
    },
  }
}
