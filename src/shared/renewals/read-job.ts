/**
 * The renewals reading as a bulk job (`renewals.read`): one item per enterprise of the customer book, whose call is
 * a read (its asset list, then the products of each asset). The kind: src/main/services/bulk/kinds/renewals.ts.
 */
import { z } from 'zod'

/** Most enterprises one reading takes (a customer book is far smaller). */
export const MAX_READ_ENTERPRISES = 20_000

export const renewalReadItemSchema = z.object({ enterpriseGlobalId: z.string().trim().min(1).max(200) }).strict()
export type RenewalReadItem = z.output<typeof renewalReadItemSchema>

export const renewalReadStartSchema = z
  .object({
    kind: z.literal('renewals.read'),
    profileId: z.string().min(1).max(100).optional(),
    items: z.array(renewalReadItemSchema).min(1).max(MAX_READ_ENTERPRISES),
  })
  .strict()
export type RenewalReadStart = z.output<typeof renewalReadStartSchema>
