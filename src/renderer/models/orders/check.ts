/**
 * Checking an order as it is typed, cheaply: the wizard replaces an entry object whenever it is edited (never
 * changes one in place), so an entry's issues are kept by the entry object and its place, and an edit re-checks
 * only the entry it touched. The result is exactly the shared `checkOrderDraft`'s (a unit test holds them equal):
 * the header's fields through the same rule set, then each entry through `checkOrderEntry` on its request form.
 */
import { DEFAULT_ORDER_RULE_LIMITS, checkBatchOrderBody, checkOrderEntry, type OrderRuleLimits } from '@shared/rules/order-rules'
import { entryBody, type OrderDraft, type OrderEntryDraft } from '@shared/orders/draft'
import type { RuleIssue } from '@shared/rules/issue'

export interface OrderCheck {
  /** Every issue, header first, in entry order. */
  all: RuleIssue[]
  /** Issues of each entry (same order as the draft's entries). */
  byEntry: RuleIssue[][]
  header: RuleIssue[]
}

export interface OrderChecker {
  check(draft: Pick<OrderDraft, 'channelOrderId' | 'syncMode' | 'entries'>, channelCode: string): OrderCheck
}

/** A checker with its own cache (one per open order). */
export function createOrderChecker(limits: OrderRuleLimits = DEFAULT_ORDER_RULE_LIMITS): OrderChecker {
  let cache = new WeakMap<OrderEntryDraft, { index: number; issues: RuleIssue[] }>()
  return {
    check(draft, channelCode) {
      const header = checkBatchOrderBody(
        { channelCode: channelCode.trim(), channelOrderId: draft.channelOrderId.trim(), syncMode: draft.syncMode, orderList: [] },
        limits,
      ).filter((i) => !(i.field === 'orderList' && draft.entries.length > 0))
      if (draft.entries.length > limits.maxOrdersPerBatch) {
        header.push(...checkBatchOrderBody({ orderList: new Array(draft.entries.length).fill(null) }, limits).filter((i) => i.rule === 'maxItems'))
      }
      const next = new WeakMap<OrderEntryDraft, { index: number; issues: RuleIssue[] }>()
      const byEntry = draft.entries.map((e, i) => {
        const hit = cache.get(e)
        const issues = hit && hit.index === i ? hit.issues : checkOrderEntry(entryBody(e, i + 1), i)
        next.set(e, { index: i, issues })
        return issues
      })
      cache = next
      return { all: header.concat(...byEntry), byEntry, header }
    },
  }
}
