/**
 * Channels of the bulk runner: one user action (disable 10,000 locks, import 2,000 employees) turned into many
 * calls, with progress, pause, cancel, resume after a crash, and one result per input item.
 */
import { z } from 'zod'
import { channel, idString, input, noOutput } from '../channel'
import { appErrorDataSchema } from '../../errors/app-error'
import { lockStatusSchema } from '../../api/models'
import { memberDeleteStartSchema, memberResetStartSchema } from '../../bulk/member-actions'
import { holdingsConfigureStartSchema } from './holdings'
import { offboardStartSchema } from '../../members/offboard'
import { renewalReadStartSchema } from '../../renewals/read-job'
import { ITEM_STATES, JOB_STATUSES } from '../../bulk/states'

export { ITEM_STATES, JOB_STATUSES, type ItemState, type JobStatus } from '../../bulk/states'

export const BULK_KINDS = ['locks.disable', 'locks.enable', 'members.import', 'members.delete', 'members.resetPassword', 'holdings.configure', 'members.offboard', 'renewals.read'] as const
export type BulkKind = (typeof BULK_KINDS)[number]

/** Most items one job takes (a file of more is split by the user). */
export const MAX_BULK_ITEMS = 100_000

/** A lock number as sent in `assetNums`. */
export const lockNumberSchema = z.string().trim().min(1).max(64)

/** An employee to add (member operation 1); the field rules are checked by the import parser before this. */
export const newMemberSchema = z
  .object({
    userName: z.string().trim().min(1).max(62),
    password: z.string().min(1).max(256),
    name: z.string().trim().min(1).max(30),
    departmentId: z.number().int().optional(),
    remark: z.string().max(200).optional(),
    passwordMobile: z.string().trim().max(32).optional(),
  })
  .strict()

const profileRef = { profileId: idString.optional() }

// Strict: an unknown key is refused (a misspelt option must not become a different, valid job).
export const bulkStartSchema = z.discriminatedUnion('kind', [
  input({
    kind: z.enum(['locks.disable', 'locks.enable']),
    ...profileRef,
    items: z.array(lockNumberSchema).min(1).max(MAX_BULK_ITEMS),
    /** Name, mobile or e-mail of the operator; the profile's default when absent. */
    operatorIdentity: z.string().trim().min(1).max(200).optional(),
    /** Lock numbers per call; settings.bulk.lockChunkSize when absent. */
    chunkSize: z.number().int().min(1).max(5000).optional(),
  }),
  input({
    kind: z.literal('members.import'),
    ...profileRef,
    enterpriseGlobalId: z.string().trim().min(1).max(200),
    items: z.array(newMemberSchema).min(1).max(MAX_BULK_ITEMS),
  }),
  memberDeleteStartSchema,
  memberResetStartSchema,
  holdingsConfigureStartSchema,
  offboardStartSchema,
  renewalReadStartSchema,
])
export type BulkStartInput = z.input<typeof bulkStartSchema>
export type BulkStart = z.output<typeof bulkStartSchema>


export const itemResultSchema = z.object({
  state: z.enum(ITEM_STATES),
  /** Lock operations: the per-lock status 1-4. */
  status: lockStatusSchema.optional(),
  /** Employee import: the created employee's global id. */
  memberGlobalId: z.string().optional(),
  /** The server's own words for this item (e.g. the message of a failed employee). */
  message: z.string().optional(),
  /** The error of the call this item was in. */
  error: appErrorDataSchema.optional(),
  /** Confirmed by reading back after an unknown outcome. */
  reconciled: z.boolean().optional(),
  /** Input position (0-based) of the first occurrence, for duplicates. */
  duplicateOf: z.number().int().optional(),
})
export type ItemResult = z.output<typeof itemResultSchema>


/**
 * A job's counts, all from one place (the runner's view of the job), the same in `bulk.list`, `bulk.get` and
 * `bulk.progress` at any moment. total = ok + failed + unknown + cancelled + duplicate + pending.
 */
export const jobCountsSchema = z.object({
  /** Input items, duplicates included. */
  total: z.number().int(),
  ok: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int(),
  cancelled: z.number().int(),
  duplicate: z.number().int(),
  /** Items without a final result yet (in flight included). */
  pending: z.number().int(),
  /** Of the pending ones, those in a call out now (a paused job's calls still finishing). */
  inFlight: z.number().int(),
  /** Items `bulk.retryFailed` would send again (or read back): the one retry rule, see `jobItemSchema.retryable`. */
  retryable: z.number().int(),
})
export type JobCounts = z.output<typeof jobCountsSchema>

/** Progress of a job (the `bulk.progress` event, at most about ten a second, and a last one at the end). */
export const bulkProgressSchema = z.object({
  jobId: z.string(),
  kind: z.enum(BULK_KINDS),
  status: z.enum(JOB_STATUSES),
  counts: jobCountsSchema,
  /** Items finished (any final state) so far, for the progress bar. */
  done: z.number().int(),
  remaining: z.number().int(),
  /** Items finished per second, recent average. */
  rate: z.number(),
  /** Seconds left at the current rate; null when unknown. */
  etaSeconds: z.number().nullable(),
})
export type BulkProgress = z.output<typeof bulkProgressSchema>

export const jobSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(BULK_KINDS),
  profileId: z.string(),
  status: z.enum(JOB_STATUSES),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** members.*: the enterprise; locks: the operator identity. */
  target: z.string(),
  counts: jobCountsSchema,
  /**
   * A whole-job error: why it stopped (e.g. the profile's credentials were refused: fix and resume), or why the
   * engine ended it (`app.passwordExpired`: an import left unfinished longer than its passwords are kept).
   */
  error: appErrorDataSchema.optional(),
  /**
   * A paused or interrupted import: when the initial passwords it still keeps will be removed (and its
   * unfinished employees end failed with `app.passwordExpired`), unless it is resumed before.
   */
  passwordsExpireAt: z.number().optional(),
})
export type JobSummary = z.output<typeof jobSummarySchema>

/** One input item with its result, as `bulk.get` pages them. */
export const jobItemSchema = z.object({
  /** Input position, 0-based. */
  index: z.number().int(),
  /** The lock number or the employee's userName. */
  key: z.string(),
  /** Employee import: the employee's name. */
  label: z.string().optional(),
  result: itemResultSchema,
  /** Results the item has had: its first run's and each retry's (0 while it has none; duplicates 0). */
  tries: z.number().int(),
  /** Whether `bulk.retryFailed` would send it again (or read it back). */
  retryable: z.boolean(),
})
export type JobItem = z.output<typeof jobItemSchema>

const jobId = input({ id: idString })

/** Most items in one `bulk.get` page. */
export const BULK_PAGE_MAX = 1000

export const bulkGetSchema = input({
  id: idString,
  states: z.array(z.enum(ITEM_STATES)).max(ITEM_STATES.length).optional(),
  /** Only the items a retry would send again (true), or only the others (false). */
  retryable: z.boolean().optional(),
  offset: z.number().int().min(0).max(MAX_BULK_ITEMS).default(0),
  limit: z.number().int().min(1).max(BULK_PAGE_MAX).default(100),
})
export type BulkGetInput = z.input<typeof bulkGetSchema>

export const jobDetailSchema = z.object({
  job: jobSummarySchema,
  items: z.array(jobItemSchema).max(BULK_PAGE_MAX),
  /** Items matching the filters, over all pages. */
  matching: z.number().int(),
})
export type JobDetail = z.output<typeof jobDetailSchema>

/** Most jobs in one `bulk.list` answer. */
export const BULK_LIST_MAX = 500

export const bulkListSchema = input({
  /** Only jobs of these kinds. */
  kinds: z.array(z.enum(BULK_KINDS)).max(BULK_KINDS.length).optional(),
  limit: z.number().int().min(1).max(BULK_LIST_MAX).default(100),
})
export type BulkListInput = z.input<typeof bulkListSchema>

export const bulkListOutputSchema = z.object({
  /** Newest first. */
  jobs: z.array(jobSummarySchema).max(BULK_LIST_MAX),
  /** Jobs of those kinds in all. */
  total: z.number().int(),
})

export const bulkChannels = {
  /** Starts a job; returns at once (progress follows as events). Duplicates are reported in the counts. */
  'bulk.start': channel(bulkStartSchema, jobSummarySchema),
  /** Finishes the calls in flight and starts no new ones. */
  'bulk.pause': channel(jobId, jobSummarySchema),
  /** Continues a paused or interrupted job without resending what is done. */
  'bulk.resume': channel(jobId, jobSummarySchema),
  /** Aborts calls in flight; items not done become cancelled. */
  'bulk.cancel': channel(jobId, jobSummarySchema),
  /** The job and a page of its items by input position, optionally filtered. */
  'bulk.get': channel(bulkGetSchema, jobDetailSchema),
  /** Jobs, newest first, interrupted ones included (the newest `limit`). */
  'bulk.list': channel(bulkListSchema, bulkListOutputSchema),
  /**
   * Sends again, in the same job, the items whose result a retry may change (`retryable` on each item, counted
   * in `counts.retryable`); their new results replace the old ones. See docs/engine.md, "Retry".
   */
  'bulk.retryFailed': channel(jobId, jobSummarySchema),
  /** Deletes a job and its files (refused with `app.jobRunning` while it runs). Its journal entries stay. */
  'bulk.delete': channel(jobId, noOutput),
}
