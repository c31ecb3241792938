/** Small pieces of the book's screen logic (tested without mounting). */
import type { Locale } from '@shared/i18n/locale'
import type { CustomerRecord } from '@shared/ipc/channels/customers'

/** What a customer is called on screen: its name, else its enterprise, else its best id. */
export function customerTitle(c: Pick<CustomerRecord, 'customerName' | 'enterpriseName' | 'customerId' | 'crmCustomerId' | 'channelCustomerId' | 'enterpriseGlobalId'>): string {
  return c.customerName || c.enterpriseName || c.customerId || c.crmCustomerId || c.channelCustomerId || c.enterpriseGlobalId || '—'
}

const formats = new Map<Locale, Intl.DateTimeFormat>()

/** When the service last showed a customer, in the user's language; null for never. */
export function formatSeen(ms: number | null, locale: Locale): string | null {
  if (ms === null) return null
  let f = formats.get(locale)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
    formats.set(locale, f)
  }
  return f.format(ms)
}
