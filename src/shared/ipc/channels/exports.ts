/**
 * Exports of lists that can be large (issue 32): the core makes the rows of the list named by `source` (from its
 * own copy: the holdings table, the order history, the customer book, the journal) and streams them to a file as they are
 * written, with progress (`exports.progress`) and cancellation (`exports.cancel`). The file goes where the user
 * chose in a save dialog (Electron), or is fetched once from the browser-mode server (`downloadUrl`). A table the
 * screen makes itself (a template, a run's rows) goes the same way as `kind: 'table'`.
 */
import { z } from 'zod'
import { channel, idString, input } from '../channel'
import { holdingQuery } from './holdings'
import { EXPORT_FORMATS, checkTableText, exportTableShape } from './imports'
import { orderQueryShape } from './orders'
import { journalFilterShape } from './journal'
import { renewalWindowSchema } from './renewals'

/** An export's id: made by the screen before it starts, so that it can follow and cancel it. */
export const exportIdSchema = z.string().max(64).regex(/^[A-Za-z0-9_-]{8,64}$/, 'an export id is 8 to 64 letters, digits, - or _')

const word = z.string().max(200)

/** The asset numbers of an enterprise as the screen shows them (filter and sort), holders named by the core. */
const holdingsSource = input({
  kind: z.literal('holdings'),
  profileId: idString.optional(),
  enterpriseGlobalId: z.string().trim().max(64).optional(),
  ...holdingQuery,
  /** The cells' words and the columns' titles in the screen's language. */
  words: z.object({ free: word, held: word, lent: word, borrowedFree: word, borrowedLent: word, online: word }).strict(),
  columns: z.array(word).min(7).max(7),
  sheetName: z.string().trim().min(1).max(31),
})

/** The order history (its query as the history screen has it). */
const ordersSource = input({ kind: z.literal('orders'), ...orderQueryShape })

/** The journal's entries matching a filter (the newest JOURNAL_EXPORT_MAX), one row per call. */
const journalSource = input({ kind: z.literal('journal'), ...journalFilterShape })

/** The customer book, or the customers matching `query`. */
const customersSource = input({ kind: z.literal('customers'), profileId: idString.optional(), query: z.string().max(200).optional() })

/** What expires within a window, as the Renewals screen lists it (from the profile's last reading). */
const renewalsSource = input({ kind: z.literal('renewals'), profileId: idString.optional(), window: renewalWindowSchema })

/** A table the screen made (a template, a run's rows), within the bounds of MAX_EXPORT_ROWS and its kin. */
const tableSource = input({ kind: z.literal('table'), ...exportTableShape }).superRefine(checkTableText)

export const exportSourceSchema = z.discriminatedUnion('kind', [holdingsSource, ordersSource, customersSource, journalSource, renewalsSource, tableSource])
export type ExportSource = z.input<typeof exportSourceSchema>

export const exportRunInputSchema = input({
  id: exportIdSchema,
  format: z.enum(EXPORT_FORMATS),
  source: exportSourceSchema,
})
export type ExportRunInput = z.input<typeof exportRunInputSchema>

export const exportResultSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('saved'),
    fileName: z.string(),
    rows: z.number().int(),
    /** Browser mode: the one-time address the page fetches the file from (it is gone after that). */
    downloadUrl: z.string().optional(),
  }),
  /** The user closed the save dialog: nothing was written. */
  z.object({ state: z.literal('dismissed') }),
])
export type ExportResult = z.output<typeof exportResultSchema>

/** Event payload: how far an export has come (about every few thousand rows, and at the end). */
export const exportProgressSchema = z.object({
  id: z.string(),
  rows: z.number().int(),
  /** Rows in all, when known before the writing starts. */
  total: z.number().int().nullable(),
})
export type ExportProgress = z.output<typeof exportProgressSchema>

export const exportChannels = {
  /** Writes a list to a file as its rows are made; fails with app.cancelled when cancelled (its partial file removed). */
  'exports.run': channel(exportRunInputSchema, exportResultSchema),
  /** Cancels a running export; false when none runs by that id. */
  'exports.cancel': channel(input({ id: exportIdSchema }), z.object({ cancelled: z.boolean() })),
}
