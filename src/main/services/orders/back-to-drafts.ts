/** An order's draft back in Drafts (refused, withdrawn), with the refusal at its field. */
import { orderDraftSchema, type OrderDraft } from '@shared/orders/draft'
import { fieldFingerprint, type DraftRefusal } from '@shared/orders/refusal'
import { draftFromBody } from '@shared/orders/refund'
import type { OrderServiceDeps } from './common'
import type { StoredOrder } from './store'

/**
 * Puts an order's draft back in Drafts (refused, withdrawn): the draft it came from, restored and marked not
 * ready; or, for an order from a file, a new draft of its body. A refusal goes with it, at its field, and keeps
 * it from being submitted again unchanged (shared/orders/refusal.ts).
 */
export function backToDrafts(deps: OrderServiceDeps, o: StoredOrder, refused: Omit<DraftRefusal, 'value'> | null): StoredOrder {
  const drafts = deps.drafts
  const existing = o.draftId
    ? (() => {
        try {
          return drafts.get(o.draftId!)
        } catch {
          return null
        }
      })()
    : null
  const withRefusal = (body: OrderDraft): OrderDraft => {
    const { refusal: _old, ...rest } = body
    return refused ? { ...rest, ready: false, refusal: { ...refused, value: fieldFingerprint(body, refused.field) } } : { ...rest, ready: false }
  }
  if (existing) {
    if (existing.removedAt !== null) drafts.restore([existing.id])
    const body = orderDraftSchema.parse(existing.body)
    if (body.ready || refused || body.refusal) drafts.save({ id: existing.id, kind: 'orders.order', body: withRefusal(body), baseRevision: existing.revision, force: true })
    return o
  }
  const body = withRefusal(draftFromBody(o.body, o.channelOrderId))
  const name = `${refused ? 'Refused' : 'Withdrawn'}: ${o.channelOrderId}`.slice(0, 200)
  const meta = drafts.save({ kind: 'orders.order', profileId: o.profileId, name, body, baseRevision: 0 })
  return deps.store.change(o.id, null, { draftId: meta.id })
}
