/**
 * The Customers area's forms as the draft store keeps them (kinds `customers.bind`, `customers.create`,
 * `customers.update`, `customers.edit`, each under one fixed id): what the user typed, whatever its length (the
 * rules say what is wrong; nothing typed is refused by the store), and where the send stands, so a restart in
 * the middle of a bind or a create still shows what to check before anything is sent again.
 */
import { z } from 'zod'
import { appErrorDataSchema } from '../errors/app-error'
import { BIND_FIELDS, CREATE_FIELDS, CUSTOMER_TEXT_FIELDS, CUSTOMER_TYPES } from './fields'
import { createResultSchema, customerRecordSchema } from '../ipc/channels/customers'

/** Fixed draft ids of the forms (one scratch copy each). */
export const CUSTOMER_FORM_DRAFT_IDS = {
  bind: 'form:customers.bind',
  create: 'form:customers.create',
  update: 'form:customers.update',
  edit: 'form:customers.edit',
} as const

/** A field as typed: kept whatever it holds (up to a bound far past any rule). */
const typed = z.string().max(10_000)

function fieldsOf<F extends string>(names: readonly F[]) {
  return z.object(Object.fromEntries(names.map((f) => [f, typed])) as Record<F, typeof typed>)
}

/**
 * Where a send stands: editing (nothing sent since the last change); sending (sent, no answer yet: after a
 * restart this means the outcome is unknown); unknown (the answer was lost and could not be read back);
 * notDone (the answer was lost, and reading back showed nothing was done); done (the result is shown).
 */
export const FORM_STATES = ['editing', 'sending', 'unknown', 'notDone', 'done'] as const
export type FormState = (typeof FORM_STATES)[number]

const sendState = {
  state: z.enum(FORM_STATES),
  /** When it was last sent. */
  sentAt: z.number().nullable().default(null),
  /** The profile it was sent with (a read-back must ask the same service). */
  profileId: z.string().max(100).nullable().default(null),
  error: appErrorDataSchema.nullable().default(null),
}

export const bindDraftSchema = z.object({
  fields: fieldsOf(BIND_FIELDS),
  ...sendState,
  /** The bound customer. */
  result: customerRecordSchema.nullable().default(null),
  reconciled: z.boolean().default(false),
})
export type BindDraft = z.output<typeof bindDraftSchema>

export const createDraftSchema = z.object({
  fields: fieldsOf(CREATE_FIELDS),
  ...sendState,
  result: createResultSchema.nullable().default(null),
})
export type CreateDraft = z.output<typeof createDraftSchema>

export const updateDraftSchema = z.object({
  fields: fieldsOf(CREATE_FIELDS),
  ...sendState,
  /** How many customers of the book followed the update. */
  updated: z.number().int().min(0).nullable().default(null),
})
export type UpdateDraft = z.output<typeof updateDraftSchema>

export const editDraftSchema = z.object({
  /** The book's id of the customer edited; null: a new one. */
  id: z.string().max(100).nullable(),
  fields: fieldsOf(CUSTOMER_TEXT_FIELDS),
  customerType: z.enum(CUSTOMER_TYPES).nullable(),
  /** Whether the dialog was open (a restart opens it again). */
  open: z.boolean().default(false),
})
export type EditDraft = z.output<typeof editDraftSchema>
