/**
 * Instance ids (`crmProductId`, and `parentCrmProductId` pointing at one) for the products and packages of an
 * order, where the user has none of their own: the service wants one per product and package instance and says
 * nothing of their form (docs/decisions.md "Orders: the product catalog"). Unique without asking anyone:
 * `<prefix>-<time, base 36>-<counter><random>`, e.g. `LD-MF3K2A1B-00A7Q2XZ`. The prefix is a setting
 * (`orders.instanceIdPrefix`) so that a desk's ids are told apart from a CRM's.
 */
import { z } from 'zod'

/** The prefix when the settings name none. */
export const DEFAULT_INSTANCE_ID_PREFIX = 'LD'

/** What a prefix may be: 1 to 20 letters, digits, `_` or `-` (an id carries no spaces). */
export const instanceIdPrefixSchema = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9_-]+$/, 'lettersDigits')

let counter = 0

function randomPart(): string {
  const buf = new Uint32Array(1)
  crypto.getRandomValues(buf)
  return buf[0]!.toString(36).toUpperCase().padStart(7, '0').slice(-6)
}

/** A fresh instance id. A prefix that is not a valid one falls back to the default (the setting is checked). */
export function newInstanceId(prefix: string = DEFAULT_INSTANCE_ID_PREFIX): string {
  const p = instanceIdPrefixSchema.safeParse(prefix)
  counter = (counter + 1) % (36 * 36)
  const time = Date.now().toString(36).toUpperCase()
  return `${p.success ? p.data : DEFAULT_INSTANCE_ID_PREFIX}-${time}-${counter.toString(36).toUpperCase().padStart(2, '0')}${randomPart()}`
}

/** A generator of instance ids with one prefix (what the catalog builders take as `nextId`). */
export function instanceIdGenerator(prefix: string = DEFAULT_INSTANCE_ID_PREFIX): () => string {
  return () => newInstanceId(prefix)
}
