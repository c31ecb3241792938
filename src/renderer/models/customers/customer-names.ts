/**
 * Customers as people know them, where screens had only an id: a customer id (an asset's `customerId`) by the
 * book's name for it, an enterprise by its customer's name. The id stays the fallback where the book has no name.
 */
import type { CustomerRecord } from '@shared/ipc/channels/customers'

type Named = Pick<CustomerRecord, 'customerId' | 'customerName' | 'enterpriseName' | 'enterpriseGlobalId' | 'isDefault'>

/** customerId → the book's name for it (customers with both). */
export function namesById(records: readonly Named[]): Map<string, string> {
  const out = new Map<string, string>()
  for (const r of records) if (r.customerId && r.customerName && !out.has(r.customerId)) out.set(r.customerId, r.customerName)
  return out
}

/** A customer id by its name in the book, else the id itself. */
export function customerLabel(customerId: string, names: ReadonlyMap<string, string>): string {
  return names.get(customerId) ?? customerId
}

/**
 * An enterprise by name: its default customer's in the book, else one of its customers', else the enterprise's
 * own name; null when the book knows none (the screen then shows the id).
 */
export function enterpriseName(enterpriseGlobalId: string, records: readonly Named[]): string | null {
  const mine = records.filter((r) => r.enterpriseGlobalId === enterpriseGlobalId)
  const named = (r: Named) => r.customerName || null
  return (
    mine.filter((r) => r.isDefault).map(named).find(Boolean) ??
    mine.map(named).find(Boolean) ??
    mine.map((r) => r.enterpriseName || null).find(Boolean) ??
    null
  )
}
