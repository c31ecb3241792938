/**
 * Channels of submitting orders (order operation 5): the outbox (send when the service is reachable, hold,
 * withdraw, send now), exactly once (a lost answer is read back before anything else; "cannot tell" is decided by
 * the user), the history (search, open, export), and new drafts from history (copy, refund). States and their
 * words: src/shared/orders/outbox.ts. The service: src/main/services/orders.
 */
import { z } from 'zod'
import type { BatchOrderBody } from '../../api/orders'
import { appErrorDataSchema } from '../../errors/app-error'
import { ENTRY_VERDICTS, ORDER_STATES, READBACK_REASONS } from '../../orders/outbox'
import { channel, idString, input } from '../channel'
import { draftIdSchema, draftMetaSchema } from './drafts'

/** Largest page of the history. */
export const MAX_ORDER_PAGE = 500

const profileId = z.string().min(1).max(100)
const orderId = idString

/** One entry's result: the service's answer, or what reading back (or the user) found. */
export const orderEntryResultSchema = z.object({
  sequence: z.number().int(),
  /** From the answer, or from the product instances read back; null when not known. */
  licenseOrderId: z.string().nullable(),
  customerId: z.string().nullable(),
  /** Where it comes from: the service's answer, a read-back, or the user's decision. */
  source: z.enum(['answer', 'readBack', 'user']),
})
export type OrderEntryResult = z.output<typeof orderEntryResultSchema>

export const entryVerdictSchema = z.object({
  sequence: z.number().int(),
  verdict: z.enum(ENTRY_VERDICTS),
  reason: z.enum(READBACK_REASONS),
  /** The asset numbers the reason is about (the first few): what the user can check. */
  assetNos: z.array(z.string()).max(20),
})
export type EntryVerdictRecord = z.output<typeof entryVerdictSchema>

/** One reading back after a lost answer. */
export const readBackSchema = z.object({
  at: z.number(),
  verdict: z.enum(ENTRY_VERDICTS),
  entries: z.array(entryVerdictSchema),
  /** Set when the reading itself failed (then it is tried again). */
  error: appErrorDataSchema.nullable(),
})
export type ReadBack = z.output<typeof readBackSchema>

/** One attempt to send. */
export const orderAttemptSchema = z.object({
  at: z.number(),
  endedAt: z.number().nullable(),
  /** The g_nonce of the request and its journal entry (the Journal screen finds it by either). */
  nonce: z.string().nullable(),
  journalId: z.string().nullable(),
  /**
   * ok: answered; refused: the service said no; unknown: the answer was lost; notSent: it never left (no
   * connection); pending: not ended (yet, or the app stopped).
   */
  outcome: z.enum(['ok', 'refused', 'unknown', 'notSent', 'pending']),
  error: appErrorDataSchema.nullable(),
})
export type OrderAttempt = z.output<typeof orderAttemptSchema>

/** An async order's checking of the asset list after it was accepted. */
export const asyncCheckSchema = z.object({
  /** When checking stops (then `notConfirmed` unless every entry's assets were seen). */
  until: z.number(),
  checks: z.number().int(),
  lastAt: z.number().nullable(),
  /** Per entry: whether its assets were seen as the order says (bought ones listed, revoked ones gone). */
  entries: z.array(z.object({ sequence: z.number().int(), seen: z.boolean(), missing: z.array(z.string()).max(20) })),
})

/** A refusal by the service, placed where the draft shows it. */
export const refusalSchema = z.object({
  error: appErrorDataSchema,
  /** The request field the service's message names (`orderList[0].customerId`, `channelOrderId`), or null. */
  field: z.string().nullable(),
  /** The entry's sequence the message names, or null. */
  sequence: z.number().int().nullable(),
})
export type Refusal = z.output<typeof refusalSchema>

/** A row of the outbox and the history. */
export const orderSummarySchema = z.object({
  id: z.string(),
  profileId: z.string(),
  channelOrderId: z.string(),
  syncMode: z.enum(['sync', 'async']),
  state: z.enum(ORDER_STATES),
  /** The customer names of its entries ("ACME Ltd", "ACME Ltd +2"). */
  customer: z.string(),
  entries: z.number().int(),
  assetNumbers: z.number().int(),
  /** new_buy, delete_asset, delete_product, or mixed. */
  type: z.string(),
  /** The license order ids of its results (the first few). */
  licenseOrderIds: z.array(z.string()).max(20),
  /** The draft it came from (removed from Drafts while the order stands; back in Drafts when refused or withdrawn). */
  draftId: z.string().nullable(),
  draftName: z.string(),
  /** When it was submitted. */
  createdAt: z.number(),
  updatedAt: z.number(),
  /** When the request first left; null while not sent. */
  sentAt: z.number().nullable(),
  /** When it reached a final state. */
  finishedAt: z.number().nullable(),
  /** When the next try is due (waitingConnection, a failed read-back), or null. */
  nextTryAt: z.number().nullable(),
  attempts: z.number().int(),
  /** The last problem (connection, refusal, lost answer), for the row's tooltip. */
  lastError: appErrorDataSchema.nullable(),
})
export type OrderSummary = z.output<typeof orderSummarySchema>

const batchOrderBodySchema = z.custom<BatchOrderBody>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))

/** Everything about one order. */
/** Who submitted an order through the team workspace: their database role, workstation, and when (the server's clock). */
export const teamSubmitSchema = z.object({ user: z.string().max(100), workstation: z.string().max(100), at: z.number().int().min(0) })
export type TeamSubmit = z.output<typeof teamSubmitSchema>

export const orderRecordSchema = orderSummarySchema.extend({
  /** The request body as sent (secrets, such as product passwords, replaced by "[redacted]"). */
  body: batchOrderBodySchema,
  /** Per entry, once known. */
  results: z.array(orderEntryResultSchema),
  attemptList: z.array(orderAttemptSchema),
  readBacks: z.array(readBackSchema),
  refusal: refusalSchema.nullable(),
  /** The user's answer to "cannot tell". */
  decision: z.object({ at: z.number(), decision: z.enum(['done', 'notDone']) }).nullable(),
  asyncCheck: asyncCheckSchema.nullable(),
  /** Who submitted it from which workstation, as the team workspace's server recorded it (absent without a workspace). */
  submittedBy: teamSubmitSchema.optional(),
})
export type OrderRecord = z.output<typeof orderRecordSchema>

/** Filters of the history (also the export's). */
export const orderQueryShape = {
  /** The active profile's orders when absent. */
  profileId: profileId.optional(),
  /** Words found in the customer, order number, license order ids, asset numbers, customer ids (all words). */
  query: z.string().trim().max(200).default(''),
  states: z.array(z.enum(ORDER_STATES)).max(ORDER_STATES.length).default([]),
  /** Submitted at or after (epoch ms). */
  from: z.number().int().min(0).optional(),
  /** Submitted before (epoch ms). */
  to: z.number().int().min(0).optional(),
  /** The orders of one draft (the wizard shows a refusal of its draft). */
  draftId: draftIdSchema.optional(),
}
export const orderListInputSchema = input({
  ...orderQueryShape,
  offset: z.number().int().min(0).max(10_000_000).default(0),
  limit: z.number().int().min(1).max(MAX_ORDER_PAGE).default(50),
})
export type OrderListInput = z.input<typeof orderListInputSchema>
export type OrderQuery = z.output<typeof orderListInputSchema>

export const outboxStatusSchema = z.object({
  /** Whether the profile's service answered last time; null before anything was tried. */
  online: z.boolean().nullable(),
  queued: z.number().int(),
  held: z.number().int(),
  sending: z.number().int(),
  waiting: z.number().int(),
  /** Being read back. */
  unknown: z.number().int(),
  needsDecision: z.number().int(),
  accepted: z.number().int(),
  lastError: appErrorDataSchema.nullable(),
})
export type OutboxStatus = z.output<typeof outboxStatusSchema>

const idInput = input({ id: orderId })

/** A revoke entry as the preview needs it: rules 1, 4 and 5's fields. */
const revokeEntryInputSchema = z.strictObject({
  sequence: z.number().int(),
  orderType: z.enum(['delete_asset', 'delete_product']),
  enterpriseGlobalId: z.string().max(100),
  srcLicenseOrderId: z.string().max(100).nullish(),
  assets: z
    .array(
      z.strictObject({
        assetNos: z.array(z.string().max(64)).max(500),
        products: z
          .array(
            z.strictObject({
              productUri: z.string().max(200),
              limitStartDate: z.number().nullish(),
              limitEndDate: z.number().nullish(),
              limitConcurrent: z.number(),
              strictMatchWhenDelete: z.boolean().optional(),
            }),
          )
          .max(500),
      }),
    )
    .max(100),
})

const impactProductSchema = z.object({
  id: z.string(),
  productUri: z.string(),
  productName: z.string(),
  licenseOrderId: z.string().nullable(),
  limitStartTime: z.number().nullable(),
  limitEndTime: z.number().nullable(),
  limitConcurrent: z.number().nullable(),
  packages: z.array(z.string()),
  otherOrder: z.boolean(),
})

/** What one revoke entry does to one asset (src/shared/orders/revoke-impact.ts), or why it could not be read. */
export const revokeAssetImpactSchema = z.object({
  assetNum: z.string(),
  /** The asset's product tree was read (member operation 7); false: not found or not readable (`error`). */
  read: z.boolean(),
  error: appErrorDataSchema.nullable(),
  removed: z.array(impactProductSchema),
  kept: z.array(impactProductSchema),
  removedPackages: z.array(z.object({ name: z.string(), licenseOrderId: z.string().nullable() })),
  unmatched: z.array(z.number().int()),
  nothingFromSource: z.boolean(),
  refused: z.boolean(),
})
export type RevokeAssetImpact = z.output<typeof revokeAssetImpactSchema>

export const revokePreviewSchema = z.object({
  entries: z.array(
    z.object({
      sequence: z.number().int(),
      orderType: z.enum(['delete_asset', 'delete_product']),
      srcLicenseOrderId: z.string().nullable(),
      /** Per asset group, per asset number. */
      groups: z.array(z.array(revokeAssetImpactSchema)),
    }),
  ),
})
export type RevokePreview = z.output<typeof revokePreviewSchema>

export const orderChannels = {
  /**
   * Submits a draft: checks it with the shared rules (refused with `app.invalidInput`, issues at the request's
   * field paths, when any remain), fixes its channelOrderId (refused at `channelOrderId` when an order of this
   * profile already has it), puts the order in the outbox and removes the draft from the Drafts list (restorable;
   * it comes back when the order is refused or withdrawn). `app.draftConflict` when the draft changed since
   * `baseRevision`.
   */
  'orders.submit': channel(input({ draftId: draftIdSchema, baseRevision: z.number().int().min(0) }), orderRecordSchema),
  /** The outbox and the history, newest first. */
  'orders.list': channel(orderListInputSchema, z.object({ orders: z.array(orderSummarySchema), total: z.number().int() })),
  'orders.get': channel(idInput, orderRecordSchema),
  /** Keeps a not-yet-sent order back. */
  'orders.hold': channel(idInput, orderRecordSchema),
  /** Lets a held order go. */
  'orders.release': channel(idInput, orderRecordSchema),
  /** Takes back an order not sent yet: it goes back to Drafts as a draft. */
  'orders.withdraw': channel(idInput, orderRecordSchema),
  /** Tries a queued or waiting order now (skips the backoff wait). */
  'orders.sendNow': channel(idInput, orderRecordSchema),
  /** The user's decision on "cannot tell": done (nothing is sent), or not done (sent again). */
  'orders.resolve': channel(input({ id: orderId, decision: z.enum(['done', 'notDone']) }), orderRecordSchema),
  /**
   * A new draft from an order: `copy` (the same order, a new channelOrderId) or `refund` (delete_asset or
   * delete_product entries revoking what a submitted new_buy bought, srcLicenseOrderId from its results).
   */
  'orders.toDraft': channel(input({ id: orderId, mode: z.enum(['copy', 'refund']) }), draftMetaSchema),
  /** The outbox of a profile (default: the active one) in counts. */
  /**
   * What the revoke entries of an order would remove: each asset's products and packages read (member operation 7)
   * and matched with the service's rules 1 and 5 (src/shared/orders/revoke-impact.ts). Reads only.
   */
  'orders.revokePreview': channel(
    input({ profileId: profileId.optional(), entries: z.array(revokeEntryInputSchema).max(200) }),
    revokePreviewSchema,
  ),
  'orders.status': channel(input({ profileId: profileId.optional() }), outboxStatusSchema),
}

/** Event payload: orders changed (submitted, sent, answered, read back, held, withdrawn, decided). */
export const ordersChangedSchema = z.object({ profileId: z.string(), ids: z.array(z.string()) })
