/** Small pieces of the book's screen logic (tested without mounting). */
import type { Locale } from '@shared/i18n/locale'
import type { CustomerRecord } from '@shared/ipc/channels/customers'
import { screenTime } from '@shared/time/dates'

/** What a customer is called on screen: its name, else its enterprise, else its best id. */
export function customerTitle(c: Pick<CustomerRecord, 'customerName' | 'enterpriseName' | 'customerId' | 'crmCustomerId' | 'channelCustomerId' | 'enterpriseGlobalId'>): string {
  return c.customerName || c.enterpriseName || c.customerId || c.crmCustomerId || c.channelCustomerId || c.enterpriseGlobalId || '—'
}

/** When the service last showed a customer, in the user's language; null for never. */
export function formatSeen(ms: number | null, locale: Locale): string | null {
  return ms === null ? null : screenTime(ms, locale, 'medium')
}
