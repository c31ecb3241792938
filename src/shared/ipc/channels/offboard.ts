/**
 * Channels of offboarding: the check (who the references name, what they hold, the steps; nothing sent) and the
 * reclaim report of a finished job. The run itself is a bulk job (`bulk.start` with kind `members.offboard`).
 */
import { z } from 'zod'
import { channel, idString, input } from '../channel'
import { MAX_OFFBOARD_REFS, OFFBOARD_STEPS, OFFBOARD_THEN } from '../../members/offboard'
import { exportedFileSchema } from './imports'

const target = {
  profileId: idString.optional(),
  enterpriseGlobalId: z.string().trim().min(1).max(200).optional(),
}

const personSchema = z.object({ globalId: z.string(), userName: z.string(), name: z.string() })
const refSchema = z.object({ ref: z.string().trim().min(1).max(200), line: z.number().int().min(0).max(1_000_000) }).strict()

export const offboardCheckSchema = z.object({
  profileId: z.string(),
  enterpriseGlobalId: z.string(),
  then: z.enum(OFFBOARD_THEN),
  people: z.array(
    z.object({
      ref: z.string(),
      line: z.number().int(),
      person: personSchema,
      numbers: z.array(z.object({ assetNum: z.string(), assetId: z.string(), lent: z.boolean(), products: z.array(z.string()).nullable() })),
      locks: z.array(z.object({ lockNum: z.string(), assets: z.array(z.string()) })),
      steps: z.array(z.enum(OFFBOARD_STEPS)),
      skip: z.enum(['nothingToDo', 'tooManyNumbers']).optional(),
    }),
  ),
  problems: z.array(
    z.object({ ref: z.string(), line: z.number().int(), code: z.enum(['notFound', 'ambiguous', 'duplicate']), candidates: z.array(personSchema).optional() }),
  ),
  counts: z.object({ people: z.number().int(), numbers: z.number().int(), locks: z.number().int(), skipped: z.number().int() }),
})
export type OffboardCheck = z.output<typeof offboardCheckSchema>

export const offboardReportSchema = z.object({
  jobId: z.string(),
  file: exportedFileSchema,
  total: z.number().int(),
  /** People whose every step is done. */
  left: z.number().int(),
  /** Their numbers that are free now. */
  freed: z.array(z.string()),
  /** Lent locks that still hold entitlements of theirs. */
  attention: z.array(z.object({ lockNum: z.string(), userName: z.string(), why: z.enum(['stillLent', 'holdsTheirs']), assets: z.array(z.string()) })),
  /** One line in the user's language. */
  summary: z.string(),
})
export type OffboardReport = z.output<typeof offboardReportSchema>

export const offboardChannels = {
  /** Who the references name, what each holds (numbers, products, lent locks) and the steps; nothing is sent. */
  'offboard.check': channel(input({ ...target, refs: z.array(refSchema).min(1).max(MAX_OFFBOARD_REFS), then: z.enum(OFFBOARD_THEN) }), offboardCheckSchema),
  /** The reclaim report of an offboarding job (Excel in the user's language, and its figures). */
  'offboard.report': channel(input({ jobId: idString }), offboardReportSchema),
}
