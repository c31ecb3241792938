/**
 * The service's refusal of an order, kept with its draft when the draft goes back to Drafts: which field the
 * message names (the request's path, `orderList[1].assets[0].assetNos[0]`), the message, and a fingerprint of that
 * field's value then. The draft cannot be marked ready or submitted while the refusal holds: until that field's
 * value changes, or the user dismisses the refusal knowingly (docs/decisions.md, "Orders: submitting").
 */
import { z } from 'zod'
import { appErrorDataSchema } from '../errors/app-error'

export const draftRefusalSchema = z.object({
  /** The refused order (its record in the history). */
  orderId: z.string().max(200),
  /** When the service refused it (ms). */
  at: z.number().int().min(0),
  /** What the service said. */
  error: appErrorDataSchema,
  /** The request field the message names, or null when it names none. */
  field: z.string().max(500).nullable(),
  /** The entry's sequence the message names, or null. */
  sequence: z.number().int().nullable(),
  /** Fingerprint of the field's value in the draft when refused (see `fieldFingerprint`). */
  value: z.string().max(64),
})
export type DraftRefusal = z.output<typeof draftRefusalSchema>

const SEGMENT = /([A-Za-z]+)(?:\[(\d+)\])?/g
/** Request names whose draft field is named otherwise. */
const DRAFT_NAME: Record<string, string> = { orderList: 'entries', licenseOrderProductList: 'products' }

/**
 * The value in a draft at a request path (`orderList[1].assets[0].assetNos[0]` → the draft's entries[1] …): the
 * draft mirrors the request field for field. Undefined where the draft has nothing there.
 */
export function valueAtPath(draft: unknown, path: string): unknown {
  let at: unknown = draft
  for (const m of path.matchAll(SEGMENT)) {
    const name = DRAFT_NAME[m[1]!] ?? m[1]!
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return undefined
    at = (at as Record<string, unknown>)[name]
    if (m[2] !== undefined) {
      if (!Array.isArray(at)) return undefined
      at = at[Number(m[2])]
    }
  }
  return at
}

/** FNV-1a of the value's JSON, as hex: enough to tell "changed" (a group's 20,000 numbers are not kept twice). */
export function fieldFingerprint(draft: unknown, field: string | null): string {
  if (field === null) return ''
  const text = JSON.stringify(valueAtPath(draft, field) ?? null)
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return `${text.length.toString(16)}-${h.toString(16)}`
}

/** Whether a refusal still holds for the draft: the field it names has the value it was refused with. */
export function refusalHolds(draft: unknown, refusal: DraftRefusal | undefined | null): boolean {
  if (!refusal) return false
  return refusal.field === null || fieldFingerprint(draft, refusal.field) === refusal.value
}
