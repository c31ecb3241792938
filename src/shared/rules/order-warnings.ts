/**
 * Warnings of an order: values the spec allows (any String) but that are very likely typing mistakes, an e-mail
 * address that is no address, a phone number with letters. They are shown at their field and never block sending
 * or the sandbox (docs/decisions.md "Orders": the check blocks only what the service refuses).
 */
import { issue, type RuleIssue } from './issue'
import { EMAIL, isPhoneLike, isPlainObject } from './values'

/** Entry fields holding a phone number (spec: administrator and purchaser mobile numbers). */
export const ORDER_PHONE_FIELDS = ['adminCellNumber', 'passwordMobile'] as const

/** Warnings of one entry of a request body, `index` being its place in `orderList`. */
export function orderEntryWarnings(entry: unknown, index: number): RuleIssue[] {
  if (!isPlainObject(entry)) return []
  const out: RuleIssue[] = []
  const seq = typeof entry['sequence'] === 'number' ? entry['sequence'] : undefined
  const at = `orderList[${index}].`
  const email = entry['adminEmail']
  // An empty field is an issue of the rules ("required"), not a warning.
  if (typeof email === 'string' && email.trim() !== '' && !EMAIL.test(email.trim())) {
    out.push(issue('13004', `${at}adminEmail`, 'unlikelyEmail', { value: email.trim().slice(0, 80) }, seq))
  }
  for (const k of ORDER_PHONE_FIELDS) {
    const v = entry[k]
    if (typeof v === 'string' && v.trim() !== '' && !isPhoneLike(v)) out.push(issue('13004', `${at}${k}`, 'unlikelyPhone', { value: v.trim().slice(0, 80) }, seq))
  }
  return out
}

/** Warnings of a whole batch order body, entry by entry. */
export function orderWarnings(body: unknown): RuleIssue[] {
  const list = isPlainObject(body) ? body['orderList'] : undefined
  return Array.isArray(list) ? list.flatMap((e, i) => orderEntryWarnings(e, i)) : []
}
