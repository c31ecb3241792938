/**
 * Checking an order as it is typed, cheaply: the wizard replaces an entry object whenever it is edited (never
 * changes one in place), so an entry's issues are kept by the entry object and its place, and an edit re-checks
 * only the entry it touched. The result is exactly the shared `checkOrderDraft`'s (a unit test holds them equal):
 * the header's fields through the same rule set, then each entry through `checkOrderEntry` on its request form,
 * then the asset numbers an entry shares with an earlier one (a pass over the kept numbers of every entry).
 * Warnings (`orderWarnings`) are kept the same way; they never count as issues.
 */
import { DEFAULT_ORDER_RULE_LIMITS, checkBatchOrderBody, checkOrderEntry, type OrderRuleLimits } from '@shared/rules/order-rules'
import { assetRepeatsTracker, entryNumbers, type EntryNumbers } from '@shared/rules/asset-repeats'
import { orderEntryWarnings } from '@shared/rules/order-warnings'
import { entryBody, type OrderDraft, type OrderEntryDraft } from '@shared/orders/draft'
import type { RuleIssue } from '@shared/rules/issue'

export interface OrderCheck {
  /** Every issue, header first, in entry order. */
  all: RuleIssue[]
  /** Issues of each entry (same order as the draft's entries). */
  byEntry: RuleIssue[][]
  header: RuleIssue[]
  /** Warnings of each entry: shown at their fields, never blocking. */
  warningsByEntry: RuleIssue[][]
  /** Every warning, in entry order. */
  warnings: RuleIssue[]
}

export interface OrderChecker {
  /** `limits`: the user's "orders per batch" setting, as submit uses it (the default until the settings are read). */
  check(draft: Pick<OrderDraft, 'channelOrderId' | 'syncMode' | 'entries'>, channelCode: string, limits?: OrderRuleLimits): OrderCheck
}

interface Kept {
  index: number
  issues: RuleIssue[]
  warnings: RuleIssue[]
  numbers: EntryNumbers
  /** The entry's issues with its repeats across entries, while those are the same list. */
  withRepeats?: { repeats: readonly RuleIssue[]; list: RuleIssue[] }
}

/** A checker with its own cache (one per open order). */
export function createOrderChecker(): OrderChecker {
  let cache = new WeakMap<OrderEntryDraft, Kept>()
  // The pass across entries: kept up to date, re-reading only the entries whose numbers changed (a number typed
  // into one entry reads its 1,000, not the order's 100,000), and skipped when no list of numbers changed or moved.
  // Edits replace objects, so the draft's own number lists, in order, say whether any did.
  const tracker = assetRepeatsTracker()
  let lastLists: readonly (readonly string[])[] = []
  let lastShape = ''
  let lastRepeats: (readonly RuleIssue[])[] = []
  return {
    check(draft, channelCode, limits = DEFAULT_ORDER_RULE_LIMITS) {
      const header = checkBatchOrderBody(
        { channelCode: channelCode.trim(), channelOrderId: draft.channelOrderId.trim(), syncMode: draft.syncMode, orderList: [] },
        limits,
      ).filter((i) => !(i.field === 'orderList' && draft.entries.length > 0))
      if (draft.entries.length > limits.maxOrdersPerBatch) {
        header.push(...checkBatchOrderBody({ orderList: new Array(draft.entries.length).fill(null) }, limits).filter((i) => i.rule === 'maxItems'))
      }
      const next = new WeakMap<OrderEntryDraft, Kept>()
      const kept = draft.entries.map((e, i) => {
        const hit = cache.get(e)
        let k: Kept
        if (hit && hit.index === i) k = hit
        else {
          const body = entryBody(e, i + 1)
          k = { index: i, issues: checkOrderEntry(body, i), warnings: orderEntryWarnings(body, i), numbers: entryNumbers(body) }
        }
        next.set(e, k)
        return k
      })
      cache = next
      const lists = draft.entries.flatMap((e) => e.assets.map((a) => a.assetNos))
      const shape = draft.entries.map((e) => e.assets.length).join(',')
      const same = shape === lastShape && lists.length === lastLists.length && lists.every((l, i) => l === lastLists[i])
      const repeats = same ? lastRepeats : tracker.update(kept.map((k) => k.numbers))
      lastLists = lists
      lastShape = shape
      lastRepeats = repeats
      // An entry's list stays the same object while nothing changed in it (the wizard keeps per-list indexes).
      const byEntry = kept.map((k, i) => {
        const r = repeats[i]!
        if (r.length === 0) return k.issues
        if (k.withRepeats && sameIssues(k.withRepeats.repeats, r)) return k.withRepeats.list
        const list = k.issues.concat(r)
        k.withRepeats = { repeats: r, list }
        return list
      })
      const warningsByEntry = kept.map((k) => k.warnings)
      return { all: header.concat(...byEntry), byEntry, header, warningsByEntry, warnings: ([] as RuleIssue[]).concat(...warningsByEntry) }
    },
  }
}

function sameIssues(a: readonly RuleIssue[], b: readonly RuleIssue[]): boolean {
  return a.length === b.length && a.every((x, i) => x.field === b[i]!.field && x.params?.['first'] === b[i]!.params?.['first'])
}
