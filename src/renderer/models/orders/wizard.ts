/**
 * The wizard's plain logic: list edits that return new lists (the wizard never changes a draft object in place,
 * which is what lets the checker keep each entry's issues by its object), copies with fresh row keys (duplicate an
 * entry, start from a template), and reading asset numbers typed or pasted into a group's box with the one
 * asset-number reader (src/shared/lists/asset-numbers.ts), the same as the Locks screen.
 */
import { readAssetNumberText } from '@shared/lists/asset-numbers'
import {
  emptyEntry,
  newKey,
  orderDraftSchema,
  type AssetGroupDraft,
  type MerchandiseDraft,
  type OrderDraft,
  type OrderEntryDraft,
  type OrderTemplate,
  type ProductDraft,
} from '@shared/orders/draft'

export function replaceAt<T>(list: readonly T[], i: number, v: T): T[] {
  const out = list.slice()
  out[i] = v
  return out
}

export function removeAt<T>(list: readonly T[], i: number): T[] {
  return list.filter((_, j) => j !== i)
}

export function insertAt<T>(list: readonly T[], i: number, v: T): T[] {
  const out = list.slice()
  out.splice(i, 0, v)
  return out
}

/** Moves item `from` to place `to` (both clamped). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return list.slice()
  const t = Math.max(0, Math.min(list.length - 1, to))
  const out = list.slice()
  const [x] = out.splice(from, 1)
  out.splice(t, 0, x!)
  return out
}

export function rekeyProduct(p: ProductDraft): ProductDraft {
  return { ...p, key: newKey(), passwords: [...p.passwords], productFeatures: p.productFeatures.map((f) => ({ ...f, key: newKey() })) }
}

export function rekeyMerchandise(m: MerchandiseDraft): MerchandiseDraft {
  return { ...m, key: newKey(), children: m.children.map(rekeyMerchandise), products: m.products.map(rekeyProduct) }
}

export function rekeyGroup(g: AssetGroupDraft): AssetGroupDraft {
  return {
    ...g,
    key: newKey(),
    assetNos: [...g.assetNos],
    assetExtendList: g.assetExtendList.map((x) => ({ ...x })),
    products: g.products.map(rekeyProduct),
    merchandises: g.merchandises.map(rekeyMerchandise),
  }
}

/** A copy of an entry with new row keys (nothing shared with the original). */
export function copyEntry(e: OrderEntryDraft): OrderEntryDraft {
  return { ...e, key: newKey(), assets: e.assets.map(rekeyGroup) }
}

/** A new order: one empty new purchase entry, under a proposed customer order number. */
export function newOrder(channelOrderId: string): OrderDraft {
  return orderDraftSchema.parse({ channelOrderId, entries: [emptyEntry('new_buy')] })
}

/** A new order from a template: its entries copied (new keys), a new order number, not ready. */
export function orderFromTemplate(t: OrderTemplate, channelOrderId: string): OrderDraft {
  if (t.scope === 'entry') return { ...newOrder(channelOrderId), entries: [copyEntry(t.entry)] }
  return { ...t.order, channelOrderId, ready: false, entries: t.order.entries.map(copyEntry) }
}

/** An order saved as a template: its entries, without its order number (a new order gets its own). */
export function orderTemplate(d: OrderDraft): OrderTemplate {
  return { scope: 'order', order: { ...d, channelOrderId: '', ready: false, entries: d.entries.map(copyEntry) } }
}

export function entryTemplate(e: OrderEntryDraft): OrderTemplate {
  return { scope: 'entry', entry: copyEntry(e) }
}

/** The asset numbers of a box's text, in order, each normalised as the Locks screen reads them (repeats kept, for the rules to point at). */
export function readNumbersBox(text: string): string[] {
  return readAssetNumberText(text).entries.map((e) => e.value)
}

/** The box's text for a list of numbers. */
export function numbersBoxText(nos: readonly string[]): string {
  return nos.join('\n')
}

/** Whether the text in the box already says these numbers (then the box is left as the user typed it). */
export function boxSays(text: string, nos: readonly string[]): boolean {
  const read = readNumbersBox(text)
  return read.length === nos.length && read.every((v, i) => v === nos[i])
}

/** Numbers added to a group's list (allocated or picked), without repeating any it has. */
export function addNumbers(nos: readonly string[], more: readonly string[]): string[] {
  const have = new Set(nos.map((n) => n.toLowerCase()))
  const out = nos.slice()
  for (const n of more) {
    if (have.has(n.toLowerCase())) continue
    have.add(n.toLowerCase())
    out.push(n)
  }
  return out
}
