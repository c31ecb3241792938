/**
 * Channels of the Customers area: the customer book kept on this computer per connection profile (search, keep,
 * edit, remove with undo, import, export), and order operations 1 to 4 (find, bind, create, update) whose
 * results land in the book. Bind and create are creates: a lost answer is read back (bind) or reported as an
 * unknown outcome (create) and never sent again blindly (docs/decisions.md, "Customers").
 */
import { z } from 'zod'
import { appErrorDataSchema } from '../../errors/app-error'
import { importIssueSchema } from '../../bulk/import'
import {
  BIND_FIELDS,
  CUSTOMER_FIELD_SPECS,
  CUSTOMER_TEXT_FIELDS,
  CUSTOMER_TYPES,
  type CustomerTextField,
} from '../../customers/fields'
import { channel, input, noOutput } from '../channel'
import { base64FileSchema } from './imports'

/** Where a customer of the book came from. */
export const CUSTOMER_SOURCES = ['found', 'bound', 'created', 'updated', 'typed', 'imported'] as const
export type CustomerSource = (typeof CUSTOMER_SOURCES)[number]
/** The operation that last showed the customer on the service. */
export const SEEN_BY = ['found', 'bound', 'created', 'updated'] as const
export type SeenBy = (typeof SEEN_BY)[number]

/** Largest page of search results. */
export const MAX_CUSTOMER_PAGE = 500
/** Customers kept per profile (far above what a reseller has; keeps one profile's book bounded). */
export const MAX_BOOK_SIZE = 200_000

const profileId = z.string().min(1).max(100)
const bookId = z.string().min(1).max(100)

export const memberOfCreationSchema = z.object({ memberGlobalId: z.string(), memberIdentity: z.string() })

const textColumns = Object.fromEntries(CUSTOMER_TEXT_FIELDS.map((f) => [f, z.string().nullable()])) as Record<
  CustomerTextField,
  z.ZodNullable<z.ZodString>
>

/** One customer of the book. Text fields are null when unknown. */
export const customerRecordSchema = z.object({
  /** The book's own id (not the service's customer id). */
  id: z.string(),
  profileId: z.string(),
  ...textColumns,
  customerType: z.enum(CUSTOMER_TYPES).nullable(),
  /** Whether the service calls it the enterprise's default customer; null when not known. */
  isDefault: z.boolean().nullable(),
  /** The employees the service created with the enterprise (order operation 2). */
  members: z.array(memberOfCreationSchema),
  source: z.enum(CUSTOMER_SOURCES),
  /** When the service last showed it, and by which operation. */
  lastSeenAt: z.number().nullable(),
  lastSeenBy: z.enum(SEEN_BY).nullable(),
  /** When it was last picked (pickers list recent ones first). */
  usedAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Set while removed (restorable). */
  removedAt: z.number().nullable(),
})
export type CustomerRecord = z.output<typeof customerRecordSchema>

/** A text field as a form sends it: trimmed, bounded by the field's rule. */
function textInput(f: CustomerTextField) {
  return z.string().trim().max(CUSTOMER_FIELD_SPECS[f].max)
}
const requiredText = (f: CustomerTextField) => textInput(f).min(1)

/** The fields a user keeps or edits in the book (absent: left as it is; '' or null: cleared). */
export const customerFieldsInputSchema = input({
  ...(Object.fromEntries(CUSTOMER_TEXT_FIELDS.map((f) => [f, textInput(f).nullable().optional()])) as Record<
    CustomerTextField,
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >),
  customerType: z.enum(CUSTOMER_TYPES).nullable().optional(),
})
export type CustomerFieldsInput = z.input<typeof customerFieldsInputSchema>

export const bindFieldsSchema = input(Object.fromEntries(BIND_FIELDS.map((f) => [f, requiredText(f)])) as Record<(typeof BIND_FIELDS)[number], z.ZodString>)
const createShape = {
  crmCustomerId: requiredText('crmCustomerId'),
  customerName: requiredText('customerName'),
  branchName: requiredText('branchName'),
  /** Optional: '' or absent sends none. */
  address: textInput('address').optional(),
}
export const createFieldsSchema = input(createShape)

/** What a bind or a create came to. */
export const CREATE_OUTCOMES = ['done', 'notDone', 'unknown'] as const
export type CreateOutcome = (typeof CREATE_OUTCOMES)[number]

export const bindResultSchema = z.object({
  /**
   * done: bound (answered, or found by reading back: `reconciled`); notDone: the answer was lost and reading back
   * shows no such customer, so nothing was bound; unknown: the answer was lost and reading back failed too.
   */
  outcome: z.enum(CREATE_OUTCOMES),
  reconciled: z.boolean(),
  customer: customerRecordSchema.nullable(),
  /** Why the outcome is not known, or why reading back failed. */
  error: appErrorDataSchema.nullable(),
})
export type BindResult = z.output<typeof bindResultSchema>

export const createResultSchema = z.object({
  /** done, or unknown (the answer was lost; create cannot be read back). */
  outcome: z.enum(CREATE_OUTCOMES),
  enterpriseGlobalId: z.string().nullable(),
  defaultType: z.boolean().nullable(),
  members: z.array(memberOfCreationSchema),
  customer: customerRecordSchema.nullable(),
  error: appErrorDataSchema.nullable(),
})
export type CreateResult = z.output<typeof createResultSchema>

export const importResultSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  issues: z.array(importIssueSchema),
  /** Data rows read from the file (header excluded). */
  rows: z.number().int(),
  /** Which file column each field came from. */
  columns: z.record(z.string(), z.string()),
})
export type CustomerImportResult = z.output<typeof importResultSchema>

const idsInput = input({ ids: z.array(bookId).min(1).max(1000) })

export const customerSearchInputSchema = input({
  /** The active profile's book when absent. */
  profileId: profileId.optional(),
  /** Words found in any field (all of them, ignoring case and full-width forms); empty: every customer. */
  query: z.string().max(200).default(''),
  offset: z.number().int().min(0).max(MAX_BOOK_SIZE).default(0),
  limit: z.number().int().min(1).max(MAX_CUSTOMER_PAGE).default(50),
})
export type CustomerSearchInput = z.input<typeof customerSearchInputSchema>

export const customerChannels = {
  /** The book, recent first (picked, seen or edited), filtered by words found in any field. */
  'customers.search': channel(
    customerSearchInputSchema,
    z.object({ customers: z.array(customerRecordSchema), total: z.number().int() }),
  ),
  'customers.get': channel(input({ id: bookId }), customerRecordSchema),
  /** Keeps a customer typed by the user (no id) or changes the fields of one in the book. */
  'customers.save': channel(
    input({ id: bookId.optional(), profileId: profileId.optional(), fields: customerFieldsInputSchema }),
    customerRecordSchema,
  ),
  /** Removes customers from the book; they stay restorable (undo) for 30 days. */
  'customers.remove': channel(idsInput, z.object({ customers: z.array(customerRecordSchema) })),
  'customers.restore': channel(idsInput, z.object({ customers: z.array(customerRecordSchema) })),
  /** Marks a customer as just picked, so pickers list it first. */
  'customers.use': channel(input({ id: bookId }), noOutput),
  /** Order operation 3: the customers of the enterprise a channel customer is bound to; kept in the book. */
  'customers.find': channel(
    input({
      profileId: profileId.optional(),
      channelCode: requiredText('channelCode'),
      channelCustomerId: requiredText('channelCustomerId'),
      /** Y: the default customer only; N: all customers of the enterprise. */
      defaultCustomer: z.enum(['Y', 'N']),
    }),
    z.object({ customers: z.array(customerRecordSchema) }),
  ),
  /** Order operation 1. A lost answer is read back with operation 3 on the same channel pair. */
  'customers.bind': channel(input({ profileId: profileId.optional(), fields: bindFieldsSchema }), bindResultSchema),
  /** Reads back whether a channel customer is bound (after a bind whose outcome was not known). */
  'customers.checkBind': channel(
    input({ profileId: profileId.optional(), channelCode: requiredText('channelCode'), channelCustomerId: requiredText('channelCustomerId') }),
    z.object({ customer: customerRecordSchema.nullable() }),
  ),
  /** Order operation 2. A lost answer is an unknown outcome: it cannot be read back. */
  'customers.create': channel(input({ profileId: profileId.optional(), fields: createFieldsSchema }), createResultSchema),
  /** Order operation 4: name, branch and address of the customer with that CRM id; the book follows. */
  'customers.update': channel(
    input({ profileId: profileId.optional(), fields: createFieldsSchema }),
    z.object({ customers: z.array(customerRecordSchema) }),
  ),
  /** The sandbox's demo customers copied into the Sandbox profile's book (refused for any other profile). */
  'customers.addSandboxDemo': channel(input({ profileId: profileId.optional() }), z.object({ added: z.number().int(), customers: z.array(customerRecordSchema) })),
  /** Customers from a CSV or Excel file (English or Chinese headers) added to the book, or merged into it. */
  'customers.import': channel(
    input({ profileId: profileId.optional(), fileName: z.string().trim().min(1).max(255), contentBase64: base64FileSchema, sheet: z.string().max(100).optional() }),
    importResultSchema,
  ),
}

/** Event payload: a profile's book changed (any window, tab, or the CLI of this core). */
export const customersChangedSchema = z.object({ profileId: z.string(), ids: z.array(z.string()) })
