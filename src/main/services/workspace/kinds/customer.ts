/** The customer book as a shared kind ('customer'): the fields an order needs, by the customer's id. */
import { z } from 'zod'
import { CUSTOMER_TEXT_FIELDS, type CustomerTextField } from '@shared/customers/fields'
import { CUSTOMER_SOURCES, customerRecordSchema, type CustomerRecord } from '@shared/ipc/channels/customers'
import type { CustomerBook } from '../../customers'
import type { SyncKind } from './types'

const customerBodySchema = customerRecordSchema
  .pick({ customerType: true, isDefault: true, members: true, ...(Object.fromEntries(CUSTOMER_TEXT_FIELDS.map((f) => [f, true])) as Record<CustomerTextField, true>) })
  .extend({ source: z.enum(CUSTOMER_SOURCES) })
export type CustomerBody = z.output<typeof customerBodySchema>

/** What a customer shares: the fields an order needs, not when this workstation last picked or saw it. */
export function customerBody(r: CustomerRecord): CustomerBody {
  const body: Record<string, unknown> = { customerType: r.customerType, isDefault: r.isDefault, members: r.members, source: r.source }
  for (const f of CUSTOMER_TEXT_FIELDS) body[f] = r[f]
  return body as CustomerBody
}

/** The customer book of one local profile (the one the workspace settings name). */
export function customerKind(book: CustomerBook, profileId: () => string): SyncKind {
  return {
    kind: 'customer',
    read(id) {
      try {
        const r = book.get(id)
        if (r.profileId !== profileId()) return null
        return { body: customerBody(r), removed: r.removedAt !== null }
      } catch {
        return null
      }
    },
    all() {
      return book.all(profileId()).map((r) => r.id)
    },
    apply(records) {
      const bad: string[] = []
      const good = records.flatMap((r) => {
        const parsed = customerBodySchema.safeParse(r.body)
        if (!parsed.success) bad.push(r.id)
        return parsed.success ? [{ id: r.id, fields: parsed.data, removed: r.removed }] : []
      })
      book.adopt(profileId(), good)
      return bad
    },
    copy(body) {
      const { source: _source, ...fields } = customerBodySchema.parse(body)
      return book.save(profileId(), undefined, fields).id
    },
  }
}
