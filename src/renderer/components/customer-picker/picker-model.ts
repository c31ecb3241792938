/**
 * The customer picker's logic (tested without mounting): which id of a customer the picker's value is, the
 * suggestions shown for the book's matches, and whether what the user typed names a customer of the book.
 */
import type { CustomerRecord } from '@shared/ipc/channels/customers'

/** The id a picker's v-model holds. */
export const PICKER_VALUE_KEYS = ['enterpriseGlobalId', 'customerId', 'crmCustomerId', 'channelCustomerId'] as const
export type PickerValueKey = (typeof PICKER_VALUE_KEYS)[number]

/** One suggestion: the value it puts in the picker ('' when the customer lacks that id) and its customer. */
export interface Suggestion {
  value: string
  record: CustomerRecord
}

export function suggestionsOf(records: readonly CustomerRecord[], key: PickerValueKey): Suggestion[] {
  return records.map((record) => ({ value: record[key] ?? '', record }))
}

/** The book's customer whose id (of the picker's kind) is exactly what was typed, if one is among `records`. */
export function exactMatch(records: readonly CustomerRecord[], text: string, key: PickerValueKey): CustomerRecord | null {
  const v = text.trim()
  if (!v) return null
  return records.find((r) => r[key] === v) ?? records.find((r) => r[key]?.toLowerCase() === v.toLowerCase()) ?? null
}

/** What a customer is called in the list: its name, else its enterprise's, else an id. */
export function titleOf(r: CustomerRecord): string {
  return r.customerName || r.enterpriseName || r.customerId || r.crmCustomerId || r.channelCustomerId || r.enterpriseGlobalId || '—'
}

/** The second line of a suggestion: the ids the user may recognise, the picker's own first. */
export function idsOf(r: CustomerRecord, key: PickerValueKey): string[] {
  const out: string[] = []
  const first = r[key]
  if (first) out.push(first)
  if (r.enterpriseGlobalId && key !== 'enterpriseGlobalId') out.push(r.enterpriseGlobalId)
  if (r.customerId && key !== 'customerId') out.push(r.customerId)
  if (r.channelCode && r.channelCustomerId) out.push(`${r.channelCode}/${r.channelCustomerId}`)
  if (r.crmCustomerId && key !== 'crmCustomerId') out.push(`CRM ${r.crmCustomerId}`)
  if (r.enterpriseName && r.enterpriseName !== titleOf(r)) out.push(r.enterpriseName)
  return out
}

/** What the picker says when the book has no suggestion: for what text, and whether the book is empty. */
export interface PickerEmpty {
  query: string
  bookEmpty: boolean
}

/** What the empty state offers, in order: the Sandbox's demo customers (an empty Sandbox book), find, add. */
export type PickerEmptyAction = 'demo' | 'find' | 'add'
export function emptyActions(e: PickerEmpty, o: { sandbox: boolean; findOnService: boolean }): PickerEmptyAction[] {
  const out: PickerEmptyAction[] = []
  if (o.sandbox && e.bookEmpty) out.push('demo')
  if (o.findOnService) out.push('find')
  out.push('add')
  return out
}
