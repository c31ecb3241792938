/**
 * Channels of the bulk runner: one user action (disable 10,000 locks, import 2,000 employees) turned into many
 * calls, with progress, pause, cancel, resume after a crash, and one result per input item.
 */
import { z } from 'zod'
import { channel, noInput } from '../channel'
import { appErrorDataSchema } from '../../errors/app-error'
import { lockStatusSchema } from '../../api/models'
import { memberDeleteStartSchema, memberResetStartSchema } from '../../bulk/member-actions'

export const BULK_KINDS = ['locks.disable', 'locks.enable', 'members.import', 'members.delete', 'members.resetPassword'] as const
export type BulkKind = (typeof BULK_KINDS)[number]

/** Most items one job takes (a file of more is split by the user). */
export const MAX_BULK_ITEMS = 100_000

/** A lock number as sent in `assetNums`. */
export const lockNumberSchema = z.string().trim().min(1).max(64)

/** An employee to add (member operation 1); the field rules are checked by the import parser before this. */
export const newMemberSchema = z.object({
  userName: z.string().trim().min(1).max(62),
  password: z.string().min(1).max(256),
  name: z.string().trim().min(1).max(30),
  departmentId: z.number().int().optional(),
  remark: z.string().max(200).optional(),
  passwordMobile: z.string().trim().max(32).optional(),
})

const profileRef = { profileId: z.string().min(1).optional() }

export const bulkStartSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['locks.disable', 'locks.enable']),
    ...profileRef,
    items: z.array(lockNumberSchema).min(1).max(MAX_BULK_ITEMS),
    /** Name, mobile or e-mail of the operator; the profile's default when absent. */
    operatorIdentity: z.string().trim().min(1).max(200).optional(),
    /** Lock numbers per call; settings.bulk.lockChunkSize when absent. */
    chunkSize: z.number().int().min(1).max(5000).optional(),
  }),
  z.object({
    kind: z.literal('members.import'),
    ...profileRef,
    enterpriseGlobalId: z.string().trim().min(1).max(200),
    items: z.array(newMemberSchema).min(1).max(MAX_BULK_ITEMS),
  }),
  memberDeleteStartSchema,
  memberResetStartSchema,
])
export type BulkStartInput = z.input<typeof bulkStartSchema>
export type BulkStart = z.output<typeof bulkStartSchema>

/**
 * The final (or current) state of one input item:
 * - ok: done (a lock with status 1; an employee created, `memberGlobalId` set);
 * - failed: the service said no (a lock status 2-4, an employee in the failed list with the server's message,
 *   or an error of the whole call in `error`);
 * - unknown: the call may or may not have been done and reading back could not tell;
 * - cancelled: not done because the job was cancelled;
 * - duplicate: the same item appeared earlier in the input: not sent again (`duplicateOf` is that position);
 * - pending: not finished yet.
 */
export const ITEM_STATES = ['pending', 'ok', 'failed', 'unknown', 'cancelled', 'duplicate'] as const
export type ItemState = (typeof ITEM_STATES)[number]

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

export const JOB_STATUSES = ['running', 'paused', 'cancelling', 'cancelled', 'completed', 'interrupted'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

export const jobCountsSchema = z.object({
  /** Input items, duplicates included. */
  total: z.number().int(),
  ok: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int(),
  cancelled: z.number().int(),
  duplicate: z.number().int(),
  pending: z.number().int(),
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
  /** A whole-job error (e.g. the profile's credentials were refused), if it stopped for one. */
  error: appErrorDataSchema.optional(),
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
})
export type JobItem = z.output<typeof jobItemSchema>

const jobId = z.object({ id: z.string().min(1).max(100) })

export const bulkGetSchema = jobId.extend({
  states: z.array(z.enum(ITEM_STATES)).optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(100),
})
export type BulkGetInput = z.input<typeof bulkGetSchema>

export const jobDetailSchema = z.object({
  job: jobSummarySchema,
  items: z.array(jobItemSchema),
  /** Items matching the state filter, over all pages. */
  matching: z.number().int(),
})
export type JobDetail = z.output<typeof jobDetailSchema>

export const bulkChannels = {
  /** Starts a job; returns at once (progress follows as events). Duplicates are reported in the counts. */
  'bulk.start': channel(bulkStartSchema, jobSummarySchema),
  /** Finishes the calls in flight and starts no new ones. */
  'bulk.pause': channel(jobId, jobSummarySchema),
  /** Continues a paused or interrupted job without resending what is done. */
  'bulk.resume': channel(jobId, jobSummarySchema),
  /** Aborts calls in flight; items not done become cancelled. */
  'bulk.cancel': channel(jobId, jobSummarySchema),
  'bulk.get': channel(bulkGetSchema, jobDetailSchema),
  /** Every job, newest first, interrupted ones included. */
  'bulk.list': channel(noInput, z.object({ jobs: z.array(jobSummarySchema) })),
  /**
   * Sends again the items of a finished (or paused) job that a retry may change, in the same job: lock jobs
   * status 3, failed calls, unknown and cancelled locks (never status 2 or 4, which would come back the same);
   * imports every failed, unknown or cancelled employee (unknown ones are read back first).
   */
  'bulk.retryFailed': channel(jobId, jobSummarySchema),
}
