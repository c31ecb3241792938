import { localDateTime } from '../time/dates'

/**
 * The customer order number (`channelOrderId`) the app proposes for a new order: unique without asking the
 * service (the spec does not say whether it refuses a repeat, docs/decisions.md "Orders"), readable, sortable by
 * time, and editable by the user. Format: `LD-YYYYMMDD-HHMMSS-XXXX`, the last part random (base 36), so two
 * workstations proposing in the same second still differ.
 */
export function proposeChannelOrderId(now: Date = new Date(), random: () => number = Math.random): string {
  const [day = '', time = ''] = localDateTime(now.getTime()).replace(/[-:]/g, '').split(' ')
  let tail = ''
  for (let i = 0; i < 4; i++) tail += Math.floor(random() * 36).toString(36)
  return `LD-${day}-${time}-${tail.toUpperCase()}`
}

/** What a channelOrderId may be: 1 to 64 visible characters without spaces (our bound; the spec gives none). */
export const CHANNEL_ORDER_ID = /^[\x21-\x7e]{1,64}$/
