/**
 * App settings, and the bounds the spec leaves open, each with its documented default (docs/decisions.md).
 * This is the one place those numbers live: the client, the CLI and the sandbox all read them from here.
 */
import { z } from 'zod'
import { DEFAULT_INSTANCE_ID_PREFIX, instanceIdPrefixSchema } from './orders/instance-ids'

/** Limits the spec states. */
export const SPEC_LIMITS = {
  membersPerAddCall: 100,
  /** userName plus the enterprise code the system appends must be fewer than this many characters. */
  userNameWithSuffixBelow: 63,
  nameMax: 30,
  remarkMax: 200,
  shellNumberDigits: 10,
} as const

/** Removes undefined keys so a partial object can be spread over defaults. */
function defined<T extends object>(v: T): Partial<T> {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<T>
}

/** Bounds the spec does not state: our defaults, changeable in Settings. */
const limitFields = {
  /** Error 50003 "password length must be between {0} and {1}". */
  passwordMin: z.number().int().min(1).max(128),
  passwordMax: z.number().int().min(1).max(256),
  /** Error 60009 "at most {0} trial member accounts". */
  trialMemberCap: z.number().int().min(0),
  /** Largest pageSize sent to (and accepted by the sandbox for) the employee list. */
  maxPageSize: z.number().int().min(1).max(10_000),
  /** Largest shellnums `size` in one call. */
  maxShellNumsPerCall: z.number().int().min(1),
  /** Largest orderList in one batch order. */
  maxOrdersPerBatch: z.number().int().min(1),
}
export const DEFAULT_LIMITS = {
  passwordMin: 6,
  passwordMax: 32,
  trialMemberCap: 20,
  maxPageSize: 500,
  maxShellNumsPerCall: 1000,
  maxOrdersPerBatch: 100,
}
/** Each limit's schema, for screens that show its bounds. */
export const LIMIT_FIELDS = limitFields
const limitsPatchSchema = z.object(limitFields).partial()
export const assumedLimitsSchema = limitsPatchSchema.transform((v) => ({ ...DEFAULT_LIMITS, ...defined(v) }))
export type AssumedLimits = z.output<typeof assumedLimitsSchema>

/** Longest call deadline a user may set; the order outbox's claim expiry is a multiple of it. */
export const MAX_CALL_DEADLINE_MS = 120_000

const bulkFields = {
  /** Lock numbers per disable/enable call. */
  lockChunkSize: z.number().int().min(1).max(5000),
  /** Calls in flight at once for a bulk run. */
  concurrency: z.number().int().min(1).max(32),
  /** Automatic retries of a retry-safe call after 500 or a transport failure. */
  maxRetries: z.number().int().min(0).max(10),
  /** Backoff base in ms; doubled per attempt, with full jitter. */
  retryBaseMs: z.number().int().min(1).max(60_000),
  /** Per-call timeouts in ms. */
  connectTimeoutMs: z.number().int().min(100),
  bodyTimeoutMs: z.number().int().min(100),
  /**
   * One call's overall deadline in ms, across all its attempts, waits and token requests: then it ends as failed or
   * unknown (docs/decisions.md, "Deadlines"). Bounded so the order outbox's claim outlives any send (CLAIM_STALE_MS).
   */
  callDeadlineMs: z.number().int().min(1_000).max(MAX_CALL_DEADLINE_MS),
  /**
   * Days an unfinished (paused or interrupted) employee import keeps its initial passwords on this computer;
   * then they are removed and its unfinished employees end failed (docs/engine.md).
   */
  passwordRetentionDays: z.number().int().min(1).max(90),
}
export const DEFAULT_BULK = {
  lockChunkSize: 100,
  concurrency: 4,
  maxRetries: 4,
  retryBaseMs: 250,
  connectTimeoutMs: 10_000,
  bodyTimeoutMs: 60_000,
  callDeadlineMs: 30_000,
  passwordRetentionDays: 7,
}
/** Each bulk setting's schema, for screens that show its bounds. */
export const BULK_FIELDS = bulkFields
const bulkPatchSchema = z.object(bulkFields).partial()
export const bulkSettingsSchema = bulkPatchSchema.transform((v) => ({ ...DEFAULT_BULK, ...defined(v) }))
export type BulkSettings = z.output<typeof bulkSettingsSchema>

const orderFields = {
  /** Prefix of the instance ids (`crmProductId`) the app makes for products and packages (src/shared/orders/instance-ids.ts). */
  instanceIdPrefix: instanceIdPrefixSchema,
}
export const DEFAULT_ORDERS = {
  instanceIdPrefix: DEFAULT_INSTANCE_ID_PREFIX,
}
const ordersPatchSchema = z.object(orderFields).partial()
export const orderSettingsSchema = ordersPatchSchema.transform((v) => ({ ...DEFAULT_ORDERS, ...defined(v) }))
export type OrderSettings = z.output<typeof orderSettingsSchema>

/**
 * Where the installed app looks for updates: an electron-builder "generic" feed (the folder with latest.yml). The
 * default is the `publish` address in electron-builder.yml (a unit test keeps the two equal).
 */
export const DEFAULT_UPDATE_FEED = 'https://updates.licensedesk.app/desktop/'
const updateFields = {
  feedUrl: z.url({ protocol: /^https?$/, error: 'an http(s) address' }).max(2000),
}
const updatesPatchSchema = z.object(updateFields).partial()
export const updateSettingsSchema = updatesPatchSchema.transform((v) => ({ feedUrl: DEFAULT_UPDATE_FEED, ...defined(v) }))
export type UpdateSettings = z.output<typeof updateSettingsSchema>

export const LOCALE_PREFERENCES = ['system', 'en', 'zh-CN'] as const

/** Settings as stored on disk; anything missing takes its default, so old files keep working. */
export const settingsSchema = z.object({
  locale: z.enum(LOCALE_PREFERENCES).default('system'),
  limits: assumedLimitsSchema.prefault({}),
  bulk: bulkSettingsSchema.prefault({}),
  orders: orderSettingsSchema.prefault({}),
  updates: updateSettingsSchema.prefault({}),
})
export type Settings = z.output<typeof settingsSchema>

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({})

/**
 * A partial update of the settings, as the Settings screen sends it (no defaults: absent means unchanged). Strict at
 * every level, unlike the file's schema: a misspelt setting is refused, never silently dropped; a settings file
 * written by a newer version still reads.
 */
export const settingsPatchSchema = z
  .object({
    locale: z.enum(LOCALE_PREFERENCES).optional(),
    limits: limitsPatchSchema.strict().optional(),
    bulk: bulkPatchSchema.strict().optional(),
    orders: ordersPatchSchema.strict().optional(),
    updates: updatesPatchSchema.strict().optional(),
  })
  .strict()
export type SettingsPatch = z.input<typeof settingsPatchSchema>

/** Applies a patch to settings. */
export function applySettingsPatch(current: Settings, patch: z.output<typeof settingsPatchSchema>): Settings {
  return settingsSchema.parse({
    locale: patch.locale ?? current.locale,
    limits: { ...current.limits, ...defined(patch.limits ?? {}) },
    bulk: { ...current.bulk, ...defined(patch.bulk ?? {}) },
    orders: { ...current.orders, ...defined(patch.orders ?? {}) },
    updates: { ...current.updates, ...defined(patch.updates ?? {}) },
  })
}
