/**
 * Channels of the operation journal: every write the app sent (what, when, which profile, the request without
 * secrets, g_nonce, outcome). The Journal screen lists it with filters and paging and exports it.
 */
import { z } from 'zod'
import { channel, idString, input } from '../channel'
import { appErrorDataSchema } from '../../errors/app-error'
import { OPERATION_IDS, type OperationId } from '../../api/operations'

/**
 * What became of a call:
 * - ok; partial (60027: some employees added, some refused); error (the service refused; nothing done);
 * - unknown: sent, but whether it was done is not known (reconciled by reading back);
 * - queued: journaled ahead by a bulk run, waiting for a free slot, not sent yet;
 * - pending: sent, its answer not in yet;
 * - notSent: journaled ahead, then never sent (the run was paused or cancelled first): nothing reached the service;
 * - interruptedBeforeSend: the app stopped before the request left the machine: nothing reached the service;
 * - interrupted: the app stopped after the request left, before the answer came: treat as unknown.
 */
export const JOURNAL_OUTCOMES = ['ok', 'partial', 'error', 'unknown', 'queued', 'pending', 'notSent', 'interruptedBeforeSend', 'interrupted'] as const
export type JournalEntryOutcome = (typeof JOURNAL_OUTCOMES)[number]

const operationSchema = z.enum(OPERATION_IDS as [OperationId, ...OperationId[]])

/**
 * What a write's answer held, counted: the Journal screen words it in the user's language (the entry's
 * `summary` is the same in English, for exports and text search). Absent on lines written before it existed.
 */
export const journalCountsSchema = z.discriminatedUnion('kind', [
  /** Lock disable/enable: locks sent and how many got each status (1 done, 2 not found, 3 failed, 4 wrong type). */
  z.object({
    kind: z.literal('locks'),
    total: z.number().int(),
    ok: z.number().int(),
    notFound: z.number().int(),
    failed: z.number().int(),
    wrongType: z.number().int(),
  }),
  /** Add employees: created and refused. */
  z.object({ kind: z.literal('employees'), added: z.number().int(), failed: z.number().int() }),
  /** Shell numbers issued (the numbers themselves are in `shellNumbers`). */
  z.object({ kind: z.literal('shellNumbers'), issued: z.number().int() }),
  /** Any other list answer: its length. */
  z.object({ kind: z.literal('items'), count: z.number().int() }),
  /** Journaled ahead of sending, then not sent (the run was paused or cancelled first). */
  z.object({ kind: z.literal('notSent') }),
])
export type JournalCounts = z.output<typeof journalCountsSchema>

/**
 * How a call whose outcome was UNKNOWN was resolved: read back from the service, or decided by the user (orders:
 * src/main/services/orders). `summary` says what was read, in English.
 */
export const journalResolutionSchema = z.object({
  at: z.number(),
  by: z.enum(['readBack', 'user']),
  verdict: z.enum(['done', 'notDone', 'cannotTell']),
  summary: z.string().max(2000),
})
export type JournalResolution = z.output<typeof journalResolutionSchema>

/** One call as the journal shows it: its start line and, once it ended, its end line, merged. */
export const journalEntrySchema = z.object({
  id: z.string(),
  profileId: z.string(),
  operation: operationSchema,
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.string()),
  /** The request body with secrets replaced by "[redacted]". */
  body: z.unknown().optional(),
  /**
   * In `journal.list` pages, lists in the body longer than JOURNAL_BODY_LIST_MAX are cut to that many (a chunk
   * of thousands of lock numbers); the export has them whole.
   */
  bodyTruncated: z.boolean().optional(),
  nonce: z.string(),
  /** 0 for the first try; retries count up. */
  attempt: z.number().int(),
  /**
   * When the request left the machine (handed to its connection); for a call never sent, when it was
   * journaled. Sorting, paging and the from/to filters use it.
   */
  startedAt: z.number(),
  /** When the request left the machine; absent when it never did (queued, not sent, interrupted before sending). */
  sentAt: z.number().optional(),
  /** For calls a bulk run journaled ahead of sending: when it journaled them (they waited for a free slot). */
  queuedAt: z.number().optional(),
  endedAt: z.number().optional(),
  /** From sending to the end of the answer. */
  durationMs: z.number().optional(),
  outcome: z.enum(JOURNAL_OUTCOMES),
  httpStatus: z.number().optional(),
  /** The result in one English line (exports, search); `counts` holds the same for the screen's words. */
  summary: z.string().optional(),
  counts: journalCountsSchema.optional(),
  /** Shell numbers the call issued. */
  shellNumbers: z.array(z.string()).optional(),
  error: appErrorDataSchema.optional(),
  /** The bulk job (and chunk) that sent it, if any. */
  jobId: z.string().optional(),
  /** How an UNKNOWN outcome was resolved (read back, decided), oldest first. */
  resolutions: z.array(journalResolutionSchema).optional(),
  chunk: z.number().int().optional(),
})
export type JournalEntry = z.output<typeof journalEntrySchema>

/** Longest text search (characters). */
export const JOURNAL_TEXT_MAX = 200

/** Filters shared by list and export; all optional. Strict and bounded: an unknown key or an oversized list is refused. */
export const journalFilterShape = {
  profileId: idString.optional(),
  operations: z.array(operationSchema).max(OPERATION_IDS.length).optional(),
  outcomes: z.array(z.enum(JOURNAL_OUTCOMES)).max(JOURNAL_OUTCOMES.length).optional(),
  /** Epoch ms, inclusive. */
  from: z.number().optional(),
  /** Epoch ms, exclusive. */
  to: z.number().optional(),
  /** Case-insensitive text found in the operation, path, summary, error, nonce, job id, request or shell numbers. */
  text: z.string().trim().max(JOURNAL_TEXT_MAX).optional(),
  jobId: idString.optional(),
}
export const journalFilterSchema = input(journalFilterShape)
export type JournalFilter = z.output<typeof journalFilterSchema>

/** Most entries in one page. */
export const JOURNAL_PAGE_MAX = 500
/** Longest list of a request body in a page's entries (see `bodyTruncated`). */
export const JOURNAL_BODY_LIST_MAX = 1000
/** Most unreadable lines a page reports (`issueCount` has them all). */
export const JOURNAL_ISSUES_MAX = 100

export const journalListInputSchema = input({
  ...journalFilterShape,
  offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.number().int().min(1).max(JOURNAL_PAGE_MAX).default(50),
  /**
   * One row per bulk run: the calls of a run (same `jobId`, two or more matching the filters) come as one `run` row
   * in `rows` (its calls are read with the `jobId` filter), other calls as `call` rows; `entries` is then empty
   * and `total` counts rows.
   */
  byRun: z.boolean().optional(),
})
export type JournalListInput = z.input<typeof journalListInputSchema>

/** A line of a journal file that could not be read (a torn last line after a crash, or damage). */
export const journalIssueSchema = z.object({ file: z.string(), line: z.number().int(), problem: z.string() })
export type JournalIssue = z.output<typeof journalIssueSchema>

/**
 * A bulk run's calls taken together (`journal.list` with `byRun`): how many, their outcomes, their counts added up,
 * from the first call's start to the last call's end.
 */
export const journalRunSchema = z.object({
  jobId: z.string(),
  profileId: z.string(),
  /** The operations of its calls (one for a lock run), the newest call's first. */
  operations: z.array(operationSchema).min(1),
  calls: z.number().int(),
  /** Calls per outcome. */
  outcomes: z.partialRecord(z.enum(JOURNAL_OUTCOMES), z.number().int()),
  /** The run's outcome as one word: running while a call is, the calls' own when they agree, else partly done or unknown. */
  outcome: z.enum(JOURNAL_OUTCOMES),
  /** Its calls' counts added up, when they are all of one kind. */
  counts: journalCountsSchema.optional(),
  /** The first call's start and the newest call's start (the run's place in the list). */
  firstStartedAt: z.number(),
  lastStartedAt: z.number(),
  /** The last call's end, once every call has ended. */
  endedAt: z.number().optional(),
})
export type JournalRun = z.output<typeof journalRunSchema>

/** A row of a page listed by run: one call, or a run's calls together. */
export const journalRowSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('call'), entry: journalEntrySchema }),
  z.object({ kind: z.literal('run'), run: journalRunSchema }),
])
export type JournalRow = z.output<typeof journalRowSchema>

/** A page of entries, newest first. */
export const journalPageSchema = z.object({
  entries: z.array(journalEntrySchema).max(JOURNAL_PAGE_MAX),
  /** With `byRun`: the page's rows (runs and single calls), newest first. */
  rows: z.array(journalRowSchema).max(JOURNAL_PAGE_MAX).optional(),
  /** Entries matching the filters, over all pages. */
  total: z.number().int(),
  /** The first JOURNAL_ISSUES_MAX unreadable lines. */
  issues: z.array(journalIssueSchema).max(JOURNAL_ISSUES_MAX),
  /** Unreadable lines in all. */
  issueCount: z.number().int().optional(),
})
export type JournalPage = z.output<typeof journalPageSchema>

export const JOURNAL_EXPORT_FORMATS = ['csv', 'json'] as const
export const journalExportInputSchema = input({ ...journalFilterShape, format: z.enum(JOURNAL_EXPORT_FORMATS) })
export type JournalExportInput = z.input<typeof journalExportInputSchema>

/** The exported file's content (the renderer saves it; in browser mode it downloads it). */
/** Most entries one export holds (the newest); narrow the filters (a time range) for older ones. */
export const JOURNAL_EXPORT_MAX = 100_000

export const journalExportSchema = z.object({
  fileName: z.string(),
  mimeType: z.string(),
  content: z.string(),
  /** Entries in the file (at most JOURNAL_EXPORT_MAX, the newest). */
  count: z.number().int(),
  /** Entries matching the filters; more than `count` when the export was cut. */
  total: z.number().int().optional(),
})
export type JournalExport = z.output<typeof journalExportSchema>

export const journalChannels = {
  'journal.list': channel(journalListInputSchema, journalPageSchema),
  'journal.export': channel(journalExportInputSchema, journalExportSchema),
}
