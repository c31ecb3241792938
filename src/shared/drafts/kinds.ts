/**
 * The kinds of work the draft store keeps: each kind names the schema of its body and how a body is summarised
 * for the Drafts list. The store itself is generic (src/main/services/drafts): an area adds its kind here, and
 * its forms save through the `drafts.*` channels. Bodies are checked with their kind's schema when saved, when
 * read back and when imported from a file, so a draft that reaches a screen always has the shape it expects.
 */
import { z } from 'zod'
import { lockDraftBodySchema } from '../ipc/channels/locks'
import { holdingAssignDraftSchema, holdingBulkDraftSchema, holdingLendDraftSchema, holdingMoveDraftSchema } from '../ipc/channels/holdings'
import { memberAddDraftSchema, memberBulkDraftSchema, memberEditDraftSchema, memberImportDraftSchema } from '../ipc/channels/members'
import { bindDraftSchema, createDraftSchema, editDraftSchema, updateDraftSchema } from '../customers/drafts'
import { checkOrderDraft, orderDraftCustomer, orderDraftSchema, orderDraftType, orderTemplateSchema } from '../orders/draft'
import { catalogEditDraftSchema } from '../orders/catalog-form'

/** What the Drafts list shows of a draft besides its name and dates. All optional: kinds say what they know. */
export const draftSummarySchema = z.object({
  /** The customer the work is for, as the user knows it (a name). */
  customer: z.string().max(300).optional(),
  /** How many entries (order entries, lock numbers, rows). */
  entries: z.number().int().min(0).optional(),
  /** What kind of work, in a word the screen translates (an order type, a lock action). */
  type: z.string().max(100).optional(),
  /** The order's customer order number (channelOrderId), to name a draft that has no name nor customer. */
  number: z.string().max(200).optional(),
  /** Problems the shared rules find; 0 with `ready` means it can go. */
  issues: z.number().int().min(0).optional(),
  ready: z.boolean().optional(),
})
export type DraftSummary = z.output<typeof draftSummarySchema>

export interface DraftKindSpec<B = unknown> {
  /** The body's schema (checked on save, on read and on import). */
  schema: z.ZodType<B>
  /** The Drafts list's summary of a body. */
  summarize(body: B): DraftSummary
  /** Whether the Drafts area lists this kind (a form's scratch copy is kept, but not listed as a piece of work). */
  listed: boolean
}

function kind<B>(spec: DraftKindSpec<B>): DraftKindSpec<B> {
  return spec
}

/**
 * The connection profile dialog as it was being filled (never a secret: those go only to the keychain):
 * `target` is 'new', the id of the profile being edited, or '' when no dialog is open.
 */
export const profileFormDraftSchema = z.object({
  target: z.string().max(100),
  fields: z.record(z.string().max(40), z.string().max(2000)),
})

/**
 * Every kind of draft. Keys are stored in the database and in exported files: never rename one.
 */
export const DRAFT_KINDS = {
  /**
   * A license order being prepared (the Orders wizard; listed in Drafts). Its issues are counted with the shared
   * order rules; the channel code comes from the profile when it is checked for real, so a stand-in is used here.
   */
  'orders.order': kind({
    schema: orderDraftSchema,
    summarize: (b) => {
      const issues = checkOrderDraft(b, 'channel').length
      return { customer: orderDraftCustomer(b), entries: b.entries.length, type: orderDraftType(b), issues, ready: b.ready && issues === 0, number: b.channelOrderId.trim().slice(0, 200) }
    },
    listed: true,
  }),
  /** A template: a whole order or one entry to start from (listed in Drafts, under Templates). */
  'orders.template': kind({
    schema: orderTemplateSchema,
    summarize: (b) =>
      b.scope === 'order'
        ? { customer: orderDraftCustomer(b.order), entries: b.order.entries.length, type: orderDraftType(b.order) }
        : { customer: b.entry.customerName.slice(0, 300), entries: 1, type: b.entry.orderType },
    listed: true,
  }),
  /** The Locks screen's list, action and operator, and the run on screen. */
  locks: kind({
    schema: lockDraftBodySchema,
    summarize: (b) => ({ type: b.action }),
    listed: false,
  }),
  /** Members: the add-employee form (never the password). */
  'members.add': kind({ schema: memberAddDraftSchema, summarize: () => ({ entries: 1 }), listed: false }),
  /** Members: the edit form of one employee. */
  'members.edit': kind({ schema: memberEditDraftSchema, summarize: () => ({ entries: 1 }), listed: false }),
  /** Members: a bulk delete or password reset of a pasted list of accounts, and its run. */
  'members.bulk': kind({ schema: memberBulkDraftSchema, summarize: (b) => ({ type: b.action }), listed: false }),
  /** Members: the import of an employee file (passwords emptied), its column mapping and its run. */
  'members.import': kind({ schema: memberImportDraftSchema, summarize: (b) => ({ entries: b.rows.length }), listed: false }),
  /** Asset numbers: the numbers picked for one employee (to assign, to withdraw), not sent yet. */
  'holdings.assign': kind({ schema: holdingAssignDraftSchema, summarize: (b) => ({ entries: b.add.length + b.del.length }), listed: false }),
  /** Asset numbers: a bulk assignment (its rows as given) and its runs. */
  'holdings.bulk': kind({ schema: holdingBulkDraftSchema, summarize: (b) => ({ entries: b.rows.length }), listed: false }),
  /** Asset numbers: the move form. */
  'holdings.move': kind({ schema: holdingMoveDraftSchema, summarize: () => ({ entries: 1 }), listed: false }),
  /** Lending: the lend form. */
  'holdings.lend': kind({ schema: holdingLendDraftSchema, summarize: (b) => ({ entries: b.assetIds.length }), listed: false }),
  /** The profile dialog's fields as typed (Settings → Connections), so a reload does not lose them. */
  profileForm: kind({
    schema: profileFormDraftSchema,
    summarize: () => ({}),
    listed: false,
  }),
  /** The Customers area's bind form (order operation 1) and where its send stands. */
  'customers.bind': kind({
    schema: bindDraftSchema,
    summarize: (b) => ({ customer: b.fields.customerName.slice(0, 300), type: b.state }),
    listed: false,
  }),
  /** The create form (order operation 2). */
  'customers.create': kind({
    schema: createDraftSchema,
    summarize: (b) => ({ customer: b.fields.customerName.slice(0, 300), type: b.state }),
    listed: false,
  }),
  /** The update form (order operation 4). */
  'customers.update': kind({
    schema: updateDraftSchema,
    summarize: (b) => ({ customer: b.fields.customerName.slice(0, 300), type: b.state }),
    listed: false,
  }),
  /** The book's edit dialog (a customer kept on this computer). */
  'customers.edit': kind({
    schema: editDraftSchema,
    summarize: (b) => ({ customer: b.fields.customerName.slice(0, 300) }),
    listed: false,
  }),
  /** The product catalog's edit dialog (a product or a package as typed). */
  'catalog.edit': kind({ schema: catalogEditDraftSchema, summarize: (b) => ({ type: b.open }), listed: false }),
} satisfies Record<string, DraftKindSpec<unknown>>

export type DraftKind = keyof typeof DRAFT_KINDS
export const DRAFT_KIND_NAMES = Object.keys(DRAFT_KINDS) as [DraftKind, ...DraftKind[]]
export type DraftBody<K extends DraftKind> = z.output<(typeof DRAFT_KINDS)[K]['schema']>

export function isDraftKind(name: string): name is DraftKind {
  return Object.hasOwn(DRAFT_KINDS, name)
}

/** The spec of a kind, typed loosely for the generic store. */
export function draftKind(name: DraftKind): DraftKindSpec {
  return DRAFT_KINDS[name]
}

/** Largest body kept, as JSON text (a lock list of 200,000 numbers is about 2.4 MB). */
export const MAX_DRAFT_BODY_BYTES = 8_000_000
/** Drafts removed (with undo) are kept this long, then purged. */
export const REMOVED_DRAFT_DAYS = 30

/** The format marker of an exported drafts file, and its version. */
export const DRAFT_FILE_FORMAT = 'license-desk.drafts'
export const DRAFT_FILE_VERSION = 1
/** Largest drafts file read (refused past it, with the reason). */
export const MAX_DRAFT_FILE_BYTES = 20_000_000
