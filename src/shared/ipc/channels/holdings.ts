/**
 * Channels of asset assignment and lending (member operations 6 to 10): who holds which asset number, the products
 * under an asset, giving numbers to an employee and taking them back (one configure call), moving a number from
 * one employee to another, checking a bulk file before it is sent (its run goes through the bulk runner, kind
 * `holdings.configure`), lending an employee's assets into a borrowed lock, the lending overview, and the audit
 * workbook ("who holds what").
 *
 * The enterprise's asset numbers come as one list (member operation 6 has no paging: 200,000 for a big
 * enterprise), so the core keeps it: the asset numbers screen gets windows of rows it filters, sorts and names
 * (`holdings.window`); the planner gets the whole table as columns (holders once in a dictionary, flags as bits).
 */
import { z } from 'zod'
import { channel, idString, input } from '../channel'
import { appErrorDataSchema } from '../../errors/app-error'
import { assetProductsSchema } from '../../api/models'
import { badReference, intColumn, stringColumn } from '../columns'
import { ASSIGN_ACTIONS, ASSIGN_ISSUES, ASSIGN_NOTES, MAX_ASSIGN_ROWS, MAX_NUMBERS_PER_CALL } from '../../holdings/assign-rows'
import { exportedFileSchema } from './imports'
import { NUMBER_SORT_KEYS, NUMBER_STATES } from '../../holdings/number-states'

/** The profile (default: the active one) and the enterprise (default: the profile's) a call is about. */
const target = {
  profileId: idString.optional(),
  /** Empty or absent: the profile's enterprise. */
  enterpriseGlobalId: z.string().trim().max(64).optional(),
}
const globalId = z.string().trim().min(1).max(64)
const assetNum = z.string().trim().min(1).max(64)
const assetId = z.string().trim().min(1).max(200)

/** Bits of `HoldingTable.flags`. */
export const HOLDING_FLAG = {
  /** borrowedFlag: the asset's entitlements are lent into a borrowed lock (or, for a borrowed lock, it is lent). */
  lent: 1,
  /** onlineFlag: in use online. */
  online: 2,
  /** One of the enterprise's borrowed locks (member operation 8). */
  borrowedLock: 4,
} as const

/** Most numbers a table carries (a guard for the renderer's memory). */
export const MAX_HOLDING_NUMBERS = 1_000_000

/** The enterprise's asset numbers as columns: entry i of every column is number i; `holder` indexes `holders`. */
export const holdingTableSchema = z
  .object({
    profileId: z.string(),
    enterpriseGlobalId: z.string(),
    /** When the service answered (epoch ms), and whether this answer came from the core's copy. */
    fetchedAt: z.number(),
    cached: z.boolean(),
    count: z.number().int().min(0).max(MAX_HOLDING_NUMBERS),
    /** Global ids of the employees holding numbers (each once). */
    holders: stringColumn,
    assetNum: stringColumn,
    assetId: stringColumn,
    /** Index into `holders`; -1: free. */
    holder: intColumn,
    /** HOLDING_FLAG bits. */
    flags: intColumn,
  })
  .superRefine((t, ctx) => {
    for (const c of ['assetNum', 'assetId', 'holder', 'flags'] as const) {
      if (t[c].length !== t.count) ctx.addIssue({ code: 'custom', path: [c], message: `has ${t[c].length} entries, expected ${t.count}` })
    }
    const bad = badReference(t.holder, t.holders.length)
    if (bad >= 0) ctx.addIssue({ code: 'custom', path: ['holder', bad], message: `refers to entry ${t.holder[bad]} of ${t.holders.length} holders` })
  })
export type HoldingTable = z.output<typeof holdingTableSchema>

/** Most rows one window of the table carries. */
export const MAX_WINDOW_ROWS = 1000

/** One row of the table's window, its holder named by the core (null: not known, or not yet). */
export const windowRowSchema = z.object({
  assetNum: z.string(),
  assetId: z.string(),
  /** Global id of the holder; '' when free. */
  holder: z.string(),
  /** "name (account)" of the holder when the employee list names them. */
  name: z.string().nullable(),
  lent: z.boolean(),
  online: z.boolean(),
  borrowedLock: z.boolean(),
})
export type WindowRow = z.output<typeof windowRowSchema>

const countsSchema = z.object({ all: z.number().int(), free: z.number().int(), held: z.number().int(), lent: z.number().int(), online: z.number().int() })

/**
 * The rows of the table a screen shows (the core keeps the joined table, filters, searches and sorts it): how many
 * numbers there are and per state, how many pass the filter, and the rows from `offset` on.
 */
export const holdingWindowSchema = z.object({
  profileId: z.string(),
  enterpriseGlobalId: z.string(),
  fetchedAt: z.number(),
  cached: z.boolean(),
  count: z.number().int().min(0).max(MAX_HOLDING_NUMBERS),
  counts: countsSchema,
  /** The numbers passing the filter. */
  total: z.number().int().min(0).max(MAX_HOLDING_NUMBERS),
  offset: z.number().int().min(0),
  rows: z.array(windowRowSchema).max(MAX_WINDOW_ROWS),
  /** Whether the employee list is read (holders not named now never will be in this reading). */
  named: z.boolean(),
})
export type HoldingWindow = z.output<typeof holdingWindowSchema>

/** What the screen's table asks of the core: its filter, search and sort, and which rows. */
export const holdingQuery = {
  state: z.enum(NUMBER_STATES),
  text: z.string().max(200),
  sort: z.object({ key: z.enum(NUMBER_SORT_KEYS), order: z.enum(['asc', 'desc']) }).strict().nullable(),
}

/** One number as a screen lists it. */
export const heldNumberSchema = z.object({
  assetNum: z.string(),
  assetId: z.string(),
  lent: z.boolean(),
  online: z.boolean(),
})
export type HeldNumber = z.output<typeof heldNumberSchema>

export const memberHoldingsSchema = z.object({
  enterpriseGlobalId: z.string(),
  memberGlobalId: z.string(),
  fetchedAt: z.number(),
  numbers: z.array(heldNumberSchema),
  /** The borrowed lock lent to the employee, if any. */
  lentLock: z.object({ assetNum: z.string(), assetId: z.string() }).nullable(),
})
export type MemberHoldings = z.output<typeof memberHoldingsSchema>

/** Most free numbers the picker shows at once (the search narrows them). */
export const MAX_FREE_SHOWN = 500

export const freeNumbersSchema = z.object({
  /** Free numbers matching the search, over all (the list shows the first `limit`). */
  total: z.number().int(),
  numbers: z.array(z.object({ assetNum: z.string(), assetId: z.string() })),
})
export type FreeNumbers = z.output<typeof freeNumbersSchema>

/** A problem of a configure call at the number (or, for 60023/60026, the employee) it is about. */
export const configureProblemSchema = z.object({
  /** The number the refusal is about; absent when it is about the employee. */
  assetNum: z.string().optional(),
  action: z.enum(ASSIGN_ACTIONS).optional(),
  /** The service's code (60024, 60025, 60028, 60023, 60026). */
  code: z.string(),
})
export type ConfigureProblem = z.output<typeof configureProblemSchema>

export const configureResultSchema = z.object({
  /** Whether the call was done (configure is all or nothing). */
  done: z.boolean(),
  /** The refusal when not done. */
  error: appErrorDataSchema.optional(),
  problems: z.array(configureProblemSchema),
})
export type ConfigureResult = z.output<typeof configureResultSchema>

export const MOVE_STEPS = ['done', 'withdrawnOnly', 'nothing'] as const
export type MoveStep = (typeof MOVE_STEPS)[number]

export const moveResultSchema = z.object({
  /** done: moved; withdrawnOnly: withdrawn from the first employee, not given to the second; nothing: unchanged. */
  step: z.enum(MOVE_STEPS),
  error: appErrorDataSchema.optional(),
  problems: z.array(configureProblemSchema),
})
export type MoveResult = z.output<typeof moveResultSchema>

/** A row of a bulk assignment as given (see src/shared/holdings/assign-rows.ts). */
export const assignRowSchema = z
  .object({
    line: z.number().int().min(0).max(10_000_000),
    employee: z.string().max(200),
    assetNum: z.string().max(200),
    action: z.enum(ASSIGN_ACTIONS).nullable(),
    actionText: z.string().max(100),
    move: z.boolean().optional(),
  })
  .strict()

const personSchema = z.object({ globalId: z.string(), userName: z.string(), name: z.string() })

export const checkedRowSchema = z.object({
  line: z.number().int(),
  employee: z.string(),
  assetNum: z.string(),
  action: z.enum(ASSIGN_ACTIONS).nullable(),
  actionText: z.string(),
  move: z.boolean().optional(),
  person: personSchema.nullable(),
  number: z.object({ assetNum: z.string(), assetId: z.string(), holder: z.string().nullable(), borrowedLock: z.boolean() }).nullable(),
  issue: z.enum(ASSIGN_ISSUES).nullable(),
  note: z.enum(ASSIGN_NOTES).nullable(),
  otherLine: z.number().int().optional(),
  holder: z.string().nullable().optional(),
  after: z.number().int().optional(),
})

export const checkedRowsSchema = z.object({
  enterpriseGlobalId: z.string(),
  rows: z.array(checkedRowSchema),
  /** Holders named by the rows' problems, as people (for "held by …"). */
  people: z.array(personSchema),
})
export type CheckedRows = z.output<typeof checkedRowsSchema>

/** The items of a bulk assignment job: one configure call each (an employee's numbers to withdraw and assign). */
export const configureGroupSchema = z.object({
  memberGlobalId: globalId,
  userName: z.string().trim().min(1).max(100),
  name: z.string().max(200),
  add: z.array(assetNum).max(MAX_NUMBERS_PER_CALL),
  del: z.array(assetNum).max(MAX_NUMBERS_PER_CALL),
  /** The file line of each number of `[...del, ...add]`. */
  lines: z.array(z.number().int().min(0)).max(MAX_NUMBERS_PER_CALL * 2),
}).strict()

export type ConfigureGroupInput = z.input<typeof configureGroupSchema>

/** The bulk runner's start input of a bulk assignment (`bulk.start`): one item per configure call. */
export const holdingsConfigureStartSchema = z.object({
  kind: z.literal('holdings.configure'),
  profileId: idString.optional(),
  enterpriseGlobalId: globalId,
  items: z.array(configureGroupSchema).min(1).max(MAX_ASSIGN_ROWS),
}).strict()

/** A borrowed lock of the enterprise as the lending screens show it. */
export const lentLockViewSchema = z.object({
  assetNum: z.string(),
  assetId: z.string(),
  /** Lent to an employee (borrowedFlag). */
  lent: z.boolean(),
  /** The employee it is lent to (global id). */
  holder: z.string().nullable(),
  /**
   * The assets lent into it: what the journal of this computer recorded of the lends (the service does not list
   * them), else, when the employee has this one lent lock, their assets the service marks as lent.
   */
  lentAssets: z.array(z.object({ assetId: z.string(), assetNum: z.string().nullable() })),
  /** Where `lentAssets` come from. */
  assetsSource: z.enum(['journal', 'service', 'none']),
  /** The first recorded lend of the lending going on now (epoch ms), null when none is recorded here. */
  since: z.number().nullable(),
  /** Whether the journal holds the lend(s) of the lending going on now. */
  recorded: z.boolean(),
})
export type LentLockView = z.output<typeof lentLockViewSchema>

export const lentLocksSchema = z.object({
  enterpriseGlobalId: z.string(),
  fetchedAt: z.number(),
  locks: z.array(lentLockViewSchema),
})
export type LentLocks = z.output<typeof lentLocksSchema>

/** Most assets one lend carries (the spec gives no bound). */
export const MAX_LEND_ASSETS = 200

export const lendResultSchema = z.object({
  /** The answer was lost and reading back (lent locks, asset numbers) showed it done. */
  reconciled: z.boolean(),
})

export const auditProgressSchema = z.object({
  /** Products read so far (one call per held number), and how many there are to read. */
  done: z.number().int(),
  total: z.number().int(),
})

export const holdingsChannels = {
  /** The enterprise's asset numbers with holder, lent and online (member operation 6), as columns; cached. */
  'holdings.numbers': channel(input({ ...target, refresh: z.boolean().optional() }), holdingTableSchema),
  /** Rows `offset` to `offset + limit` of the table as filtered, searched and sorted by the core; cached. */
  'holdings.window': channel(
    input({ ...target, refresh: z.boolean().optional(), ...holdingQuery, offset: z.number().int().min(0).max(MAX_HOLDING_NUMBERS), limit: z.number().int().min(1).max(MAX_WINDOW_ROWS) }),
    holdingWindowSchema,
  ),
  /** One employee's numbers and lent lock (from the cached list; read when there is none). */
  'holdings.ofMember': channel(input({ ...target, memberGlobalId: globalId, refresh: z.boolean().optional() }), memberHoldingsSchema),
  /** Free numbers matching a search (piece of the number), for the picker. */
  'holdings.free': channel(input({ ...target, search: z.string().max(64), limit: z.number().int().min(1).max(MAX_FREE_SHOWN) }), freeNumbersSchema),
  /** The products and packages under an asset (member operation 7). */
  'holdings.products': channel(input({ ...target, assetId }), assetProductsSchema),
  /** Assigns and withdraws numbers of one employee in one configure call (member operation 9; safe to repeat). */
  'holdings.configure': channel(
    input({
      ...target,
      memberGlobalId: globalId,
      add: z.array(assetNum).max(MAX_NUMBERS_PER_CALL),
      del: z.array(assetNum).max(MAX_NUMBERS_PER_CALL),
    }),
    configureResultSchema,
  ),
  /** Moves a number: withdrawn from one employee, then given to another (two configure calls). */
  'holdings.move': channel(input({ ...target, assetNum, from: globalId, to: globalId }), moveResultSchema),
  /** Checks the rows of a bulk assignment against the enterprise's employees and numbers (nothing is sent). */
  'holdings.check': channel(input({ ...target, rows: z.array(assignRowSchema).max(MAX_ASSIGN_ROWS) }), checkedRowsSchema),
  /** The enterprise's borrowed locks with who has them, what was lent into them and since when. */
  'holdings.lentLocks': channel(input({ ...target, refresh: z.boolean().optional() }), lentLocksSchema),
  /** Lends an employee's assets into a borrowed lock (member operation 10: a create; a lost answer is read back). */
  'holdings.lend': channel(
    input({ ...target, memberGlobalId: globalId, lockNum: assetNum, assetIds: z.array(assetId).min(1).max(MAX_LEND_ASSETS) }),
    lendResultSchema,
  ),
  /** "Who holds what": one Excel workbook, a sheet per view (employees, asset numbers, lent locks, products). */
  'holdings.audit': channel(input({ ...target, includeProducts: z.boolean() }), exportedFileSchema),
}

// ---- drafts of the screens (kept through the draft store) ------------------------------------------------------

/** Fixed ids of the screens' drafts (one scratch copy each). */
export const HOLDING_DRAFT_IDS = {
  assign: 'form:holdings.assign',
  bulk: 'form:holdings.bulk',
  move: 'form:holdings.move',
  lend: 'form:holdings.lend',
} as const

/** The numbers picked for one employee (to assign, to withdraw), not sent yet. */
export const holdingAssignDraftSchema = z.object({
  enterpriseGlobalId: z.string().max(64),
  memberGlobalId: z.string().max(64),
  add: z.array(z.string().max(64)).max(MAX_NUMBERS_PER_CALL),
  del: z.array(z.string().max(64)).max(MAX_NUMBERS_PER_CALL),
})
export type HoldingAssignDraft = z.output<typeof holdingAssignDraftSchema>

/** One run of a bulk assignment: a bulk job and the groups it was given (phase 2: after the withdrawals). */
export const bulkAssignRunSchema = z.object({
  jobId: z.string().max(100),
  phase: z.union([z.literal(1), z.literal(2)]),
  /** The attempt it belongs to (0: the first; each retry is one more). */
  attempt: z.number().int().min(0).max(1000),
  groups: z.array(configureGroupSchema).max(MAX_ASSIGN_ROWS),
})
export type BulkAssignRun = z.output<typeof bulkAssignRunSchema>

/** What the check said of a row that is not simply sent (a problem, nothing to do, or waiting for a withdrawal). */
export const rowMarkSchema = z.object({
  line: z.number().int(),
  action: z.enum(ASSIGN_ACTIONS).nullable(),
  issue: z.enum(ASSIGN_ISSUES).nullable(),
  note: z.enum(ASSIGN_NOTES).nullable(),
  otherLine: z.number().int().optional(),
  holder: z.string().max(64).nullable().optional(),
  after: z.number().int().optional(),
  /** The employee the row names, when the check found them. */
  member: z.string().max(64).optional(),
})
export type RowMark = z.output<typeof rowMarkSchema>

export const bulkAssignAttemptSchema = z.object({
  lines: z.array(z.number().int()).max(MAX_ASSIGN_ROWS),
  marks: z.array(rowMarkSchema).max(MAX_ASSIGN_ROWS),
  /** The assignments that wait for withdrawals of the same attempt (sent by its second run). */
  second: z.array(configureGroupSchema).max(MAX_ASSIGN_ROWS),
})
export type BulkAssignAttempt = z.output<typeof bulkAssignAttemptSchema>

/** The bulk assignment screen: the rows as given (pasted or read from a file), and the runs on screen. */
export const holdingBulkDraftSchema = z.object({
  enterpriseGlobalId: z.string().max(64),
  source: z.enum(['paste', 'file']),
  text: z.string().max(4_000_000),
  fileName: z.string().max(300),
  /** The rows of the file or the paste, as read. */
  rows: z.array(assignRowSchema).max(MAX_ASSIGN_ROWS),
  /** Each attempt (0: the first; then one per retry): the lines it took, and what its check said of them. */
  attempts: z.array(bulkAssignAttemptSchema).max(100),
  runs: z.array(bulkAssignRunSchema).max(200),
})
export type HoldingBulkDraft = z.output<typeof holdingBulkDraftSchema>

/** The move form. */
export const holdingMoveDraftSchema = z.object({
  enterpriseGlobalId: z.string().max(64),
  assetNum: z.string().max(64),
  from: z.string().max(64),
  to: z.string().max(64),
})
export type HoldingMoveDraft = z.output<typeof holdingMoveDraftSchema>

/** The lend form. */
export const holdingLendDraftSchema = z.object({
  enterpriseGlobalId: z.string().max(64),
  memberGlobalId: z.string().max(64),
  lockNum: z.string().max(64),
  assetIds: z.array(z.string().max(200)).max(MAX_LEND_ASSETS),
})
export type HoldingLendDraft = z.output<typeof holdingLendDraftSchema>
