/**
 * From a rule issue's field path (the request's: `orderList[2].assets[0].merchandises[1].licenseOrderProductList[0].productName`)
 * to what the wizard shows: where it is in words ("Entry 3 › Asset group 1 › Package 2 › Product 1"), the field
 * as the screen names it ("Product name"), the sentence in the user's language, and the anchor of the input it
 * belongs to (to show it there and to jump to it). Keys only: the words are i18n's `orderPlace.*`. The draft mirrors the request, so the path names the draft's
 * entry, group, product… too; only a package's products are `products` in the draft and
 * `licenseOrderProductList` in the request.
 */
import { orderFieldLabel } from '@shared/orders/field-labels'
import { describeIssue, type RuleIssue } from '@shared/rules/issue'
import type { Say, Translate } from '../words'

export { ORDER_FIELD_LABELS, orderFieldLabel } from '@shared/orders/field-labels'

/** The kinds of place inside an entry, by the i18n key that words them (`orderPlace.*`). */
const PLACE_KEYS: Record<string, string> = {
  assets: 'assetGroup',
  products: 'product',
  licenseOrderProductList: 'product',
  merchandises: 'package',
  children: 'package',
  productFeatures: 'feature',
  assetExtendList: 'attribute',
}
/** Lists of values whose items are named by their place (`orderPlace.item.*`). */
const ITEM_LISTS = new Set(['assetNos', 'passwords'])

export interface IssuePlace {
  /** The draft entry (0-based), when the field is inside one. */
  entry: number | null
  /** Lists stepped through inside the entry, e.g. [['assets', 0], ['products', 2]]. */
  steps: [string, number][]
  /** The field's name (the last name of the path). */
  field: string
  /** For an item of a list of values (`assetNos[3]`): its index. */
  item: number | null
  /** The draft's path of the input showing the field (item indexes dropped; request names mapped to the draft's). */
  path: string
}

const SEGMENT = /([A-Za-z]+)(?:\[(\d+)\])?/g

/** Reads a rule issue's field path. */
export function issuePlace(field: string): IssuePlace {
  const segs: [string, number | null][] = []
  for (const m of field.matchAll(SEGMENT)) segs.push([m[1]!, m[2] === undefined ? null : Number(m[2])])
  let entry: number | null = null
  const steps: [string, number][] = []
  let name = field
  let item: number | null = null
  const pathParts: string[] = []
  segs.forEach(([seg, idx], i) => {
    const last = i === segs.length - 1
    const draftSeg = seg === 'licenseOrderProductList' ? 'products' : seg
    if (seg === 'orderList' && idx !== null && i === 0) {
      entry = idx
      pathParts.push(`orderList[${idx}]`)
      return
    }
    if (last) {
      name = seg
      if (idx !== null && ITEM_LISTS.has(seg)) {
        item = idx
        pathParts.push(draftSeg)
      } else if (idx !== null) {
        steps.push([seg, idx])
        pathParts.push(`${draftSeg}[${idx}]`)
      } else pathParts.push(draftSeg)
      return
    }
    if (idx !== null) {
      steps.push([seg, idx])
      pathParts.push(`${draftSeg}[${idx}]`)
    } else pathParts.push(draftSeg)
  })
  return { entry, steps, field: name, item, path: pathParts.join('.') }
}

/** The anchor of a draft path's field, naming its entry (`orderList[0].assets[1].assetNos` → `of-orderList-0-assets-1-assetNos`): issues are found by it. */
export function anchorId(path: string): string {
  return `of-${path.replace(/\[(\d+)\]/g, '-$1').replace(/\./g, '-')}`
}

/**
 * The DOM id of a field's input in the editor: its anchor without the entry's place for an entry's fields
 * (`orderList[50].customerName` → `of-entry-customerName`; the order's own fields keep theirs). The editor shows
 * one entry at a time; ids naming it changed on every field each time another entry was picked, and each input
 * then registered again with its form item: a third of that click's time in a big order.
 */
export function fieldDomId(path: string): string {
  return anchorId(path.replace(/^orderList\[\d+\]/, 'entry'))
}

/** Where an issue is, in words: "Entry 3 › Asset group 1 › Product 2" ('' for the order's header). */
export function issueLocation(place: IssuePlace, t: Translate): string {
  const parts: string[] = []
  if (place.entry !== null) parts.push(t('orderPlace.entry', { n: place.entry + 1 }))
  for (const [seg, idx] of place.steps) {
    const key = PLACE_KEYS[seg]
    // A list issue at the list itself ("Products must not be empty") is the last step without an index.
    if (key) parts.push(t(`orderPlace.${key}`, { n: idx + 1 }))
  }
  return parts.join(' › ')
}

/** The field as the sentence names it: its label, or the numbered item of a list. */
function fieldWords(place: IssuePlace, say: Say): string {
  if (place.item !== null) return say.t(`orderPlace.item.${place.field}`, { n: place.item + 1 })
  return orderFieldLabel(place.field, say.locale)
}

/** Sentences the shared rules word with technical details, said as the screen would (`orderIssue.*`). */
const OVERRIDES: Partial<Record<string, string>> = {
  'notAllowed:borrowedUsbKey': 'borrowedNotLock',
}

/** The issue's sentence, naming the field as the screen does (without the place: see `issueLocation`). */
export function issueMessage(issue: RuleIssue, say: Say): string {
  const place = issuePlace(issue.field)
  const override = OVERRIDES[`${issue.rule}:${place.field}`]
  if (override) return say.t(`orderIssue.${override}`)
  const { sequence: _sequence, ...rest } = issue
  const first = issue.params?.['first']
  // A repeat names where the value first is, in words ("Entry 1 › Asset group 2 › Asset number 3").
  if (typeof first === 'string') rest.params = { ...issue.params, first: placeWords(issuePlace(first), say) }
  return describeIssue({ ...rest, field: fieldWords(place, say) }, say.locale)
}

/** A field's place and name in words, as the issues list shows one. */
function placeWords(place: IssuePlace, say: Say): string {
  const where = issueLocation(place, say.t)
  return where ? `${where} › ${fieldWords(place, say)}` : fieldWords(place, say)
}

/** One issue as the wizard lists it. */
export interface ShownIssue {
  issue: RuleIssue
  place: IssuePlace
  anchor: string
  location: string
  message: string
}

export function showIssue(issue: RuleIssue, say: Say): ShownIssue {
  const place = issuePlace(issue.field)
  return { issue, place, anchor: anchorId(place.path), location: issueLocation(place, say.t), message: issueMessage(issue, say) }
}

/** Issues grouped by the anchor of their input (each field shows its own). */
export function issuesByAnchor(issues: readonly RuleIssue[]): Map<string, RuleIssue[]> {
  const out = new Map<string, RuleIssue[]>()
  for (const i of issues) {
    const a = anchorId(issuePlace(i.field).path)
    const list = out.get(a)
    if (list) list.push(i)
    else out.set(a, [i])
  }
  return out
}
