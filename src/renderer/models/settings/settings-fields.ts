/**
 * The numeric settings the Settings screen offers (General → Limits and bulk runs): each one's group and key in
 * the settings, its bounds and default, all read from src/shared/settings.ts (the one place they live).
 */
import { BULK_FIELDS, DEFAULT_BULK, DEFAULT_LIMITS, LIMIT_FIELDS, type Settings } from '@shared/settings'

export interface NumberSetting {
  group: 'bulk' | 'limits'
  key: string
  min: number
  /** Infinity when the setting has no upper bound. */
  max: number
  default: number
  /** Shown as milliseconds. */
  ms?: boolean
}

/** Larger than this is "no upper bound" (zod's integers stop at Number.MAX_SAFE_INTEGER). */
const NO_MAX = 1e12

function field(group: 'bulk' | 'limits', key: string, ms = false): NumberSetting {
  const schema = group === 'bulk' ? BULK_FIELDS[key as keyof typeof BULK_FIELDS] : LIMIT_FIELDS[key as keyof typeof LIMIT_FIELDS]
  const defaults: Record<string, number> = group === 'bulk' ? DEFAULT_BULK : DEFAULT_LIMITS
  const max = schema.maxValue ?? Infinity
  return { group, key, min: schema.minValue ?? 0, max: max > NO_MAX ? Infinity : max, default: defaults[key]!, ...(ms ? { ms } : {}) }
}

/** In the order the screen shows them (the bounds table of docs/decisions.md). */
export const NUMBER_SETTINGS: readonly NumberSetting[] = [
  field('bulk', 'lockChunkSize'),
  field('bulk', 'concurrency'),
  field('bulk', 'maxRetries'),
  field('bulk', 'retryBaseMs', true),
  field('bulk', 'connectTimeoutMs', true),
  field('bulk', 'bodyTimeoutMs', true),
  field('bulk', 'callDeadlineMs', true),
  field('bulk', 'passwordRetentionDays'),
  field('limits', 'maxShellNumsPerCall'),
  field('limits', 'maxPageSize'),
  field('limits', 'maxOrdersPerBatch'),
  field('limits', 'passwordMin'),
  field('limits', 'passwordMax'),
  field('limits', 'trialMemberCap'),
]

/** A setting's current value. */
export function settingValue(settings: Settings, s: NumberSetting): number {
  return (settings[s.group] as Record<string, number>)[s.key]!
}
