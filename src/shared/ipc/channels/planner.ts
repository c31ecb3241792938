/**
 * Channels of the assignment planner (src/shared/holdings/plan.ts): check a plan (the matrix's marked cells or a
 * file's rows) against the enterprise and get its diff; apply it (one configure call per employee, through the bulk
 * runner, in two runs when numbers move); the plans applied here, kept across restarts; and undo one: the reverse
 * of the calls its jobs' journal entries say were applied.
 */
import { z } from 'zod'
import { channel, idString, input } from '../channel'
import { appErrorDataSchema } from '../../errors/app-error'
import { ASSIGN_ACTIONS, ASSIGN_ISSUES, ASSIGN_NOTES } from '../../holdings/assign-rows'
import { ROW_OUTCOMES } from '../../holdings/assign-results'
import { MAX_PLAN_CELLS, PLAN_MARKS } from '../../holdings/plan'
import { PRODUCT_OUTCOMES } from '../../holdings/plan-products'
import { assignRowSchema } from './holdings'
import { personSchema } from './members'

const target = {
  profileId: idString.optional(),
  enterpriseGlobalId: z.string().trim().max(64).optional(),
}

export const planCountsSchema = z.object({
  gets: z.number().int(),
  givesBack: z.number().int(),
  moves: z.number().int(),
  unchanged: z.number().int(),
  problems: z.number().int(),
  employees: z.number().int(),
  calls: z.number().int(),
})

export const planChangeSchema = z.object({
  line: z.number().int(),
  kind: z.enum(['gets', 'givesBack', 'moves']),
  member: z.string(),
  from: z.string().optional(),
  assetNum: z.string(),
  product: z.string().optional(),
})

/** A marked cell of a product column (src/shared/holdings/plan-products.ts). */
export const productCellSchema = z.object({ employee: z.string().max(200), productUri: z.string().min(1).max(200), mark: z.enum(PLAN_MARKS) }).strict()

/** What a product cell became: the numbers it gives or takes back, or why nothing. */
export const productResolutionSchema = z.object({
  cell: z.number().int(),
  employee: z.string(),
  member: z.string().nullable(),
  productUri: z.string(),
  mark: z.enum(PLAN_MARKS),
  outcome: z.enum(PRODUCT_OUTCOMES),
  numbers: z.array(z.string()),
})

/** A product as the planner names it. */
export const productNameSchema = z.object({ uri: z.string(), name: z.string() })

/** What a cell became (src/shared/holdings/assign-results.ts RowResult). */
export const planRowSchema = z.object({
  line: z.number().int(),
  employee: z.string(),
  assetNum: z.string(),
  action: z.enum(ASSIGN_ACTIONS).nullable(),
  outcome: z.enum(ROW_OUTCOMES),
  issue: z.enum(ASSIGN_ISSUES).optional(),
  note: z.enum(ASSIGN_NOTES).optional(),
  error: appErrorDataSchema.optional(),
  otherLine: z.number().int().optional(),
  holder: z.string().nullable().optional(),
  after: z.number().int().optional(),
  memberGlobalId: z.string().optional(),
  enterprise: z.string().optional(),
})
export type PlanRow = z.output<typeof planRowSchema>

/** Most rows of problems or failures a check or a run lists (the counts have them all). */
export const PLAN_ROWS_SHOWN = 1000

export const planCheckSchema = z.object({
  enterpriseGlobalId: z.string(),
  changes: z.array(planChangeSchema),
  counts: planCountsSchema,
  /** Cells the check refused (issue) or found already as planned (note), the first PLAN_ROWS_SHOWN. */
  problems: z.array(planRowSchema),
  /** The employees the changes and problems name. */
  people: z.array(personSchema),
  /** What each product cell became (the changes say which number each tick resolved to). */
  products: z.array(productResolutionSchema),
  /** The names of the products the changes and product cells name. */
  productNames: z.array(productNameSchema),
  /** Calls of member operation 7 this check made (products not read before). */
  productCalls: z.number().int(),
})
export type PlanCheck = z.output<typeof planCheckSchema>

/** A plan applied here (or its undo), kept in the data folder. */
export const planRecordSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  enterpriseGlobalId: z.string(),
  createdAt: z.number(),
  /** The bulk jobs that sent it (the first run, then the second), recorded as each starts. */
  jobIds: z.array(z.string()),
  /** The plan this one undoes. */
  undoOf: z.string().nullable(),
  /** The undo applied after it, if any. */
  undoneBy: z.string().nullable(),
  counts: planCountsSchema,
  finished: z.boolean(),
})
export type PlanRecord = z.output<typeof planRecordSchema>

export const planRunSchema = z.object({
  plan: planRecordSchema,
  outcomes: z.record(z.enum(ROW_OUTCOMES), z.number().int()),
  /** Cells not done (refused, failed, skipped, …), the first PLAN_ROWS_SHOWN. */
  failures: z.array(planRowSchema),
  /** Why a run stopped (the job's error), if it did. */
  error: appErrorDataSchema.optional(),
  people: z.array(personSchema),
})
export type PlanRun = z.output<typeof planRunSchema>

const rows = z.array(assignRowSchema).max(MAX_PLAN_CELLS)
const products = z.array(productCellSchema).max(MAX_PLAN_CELLS).optional()

/** Most numbers one `planner.products` asks about (the numbers of the employees in view). */
export const MAX_PRODUCT_NUMBERS = 5000

export const planProductsSchema = z.object({
  /** The products known: their names, and (once the free numbers were read) how many free numbers carry each. */
  products: z.array(productNameSchema.extend({ free: z.number().int().nullable() })),
  /** The products of each number asked (null: could not be read). */
  numbers: z.array(z.object({ assetNum: z.string(), products: z.array(z.string()).nullable() })),
  /** Calls of member operation 7 this ask made, and how many of them failed. */
  calls: z.number().int(),
  failed: z.number().int(),
})
export type PlanProducts = z.output<typeof planProductsSchema>

export const plannerChannels = {
  /** Checks a plan offline (nothing is sent): its changes in order, counts, and the cells that cannot go. */
  'planner.check': channel(input({ ...target, rows, products }), planCheckSchema),
  /** Checks the plan again and applies it through the bulk runner; ends when both runs have. */
  'planner.apply': channel(input({ ...target, rows, products }), planRunSchema),
  /**
   * The products of asset numbers (member operation 7, one call per number not read yet): of the free numbers
   * (`free`), for the product columns to choose from, and of the numbers asked (those of the employees in view).
   */
  'planner.products': channel(
    input({ ...target, free: z.boolean().optional(), assetNums: z.array(z.string().max(200)).max(MAX_PRODUCT_NUMBERS).optional(), refresh: z.boolean().optional() }),
    planProductsSchema,
  ),
  /** Undoes an applied plan: the reverse of what its journal entries say was applied, checked and run as a plan. */
  'planner.undo': channel(input({ id: idString }), planRunSchema),
  /** The plans applied here for the enterprise, newest first. */
  'planner.runs': channel(input({ ...target }), z.object({ plans: z.array(planRecordSchema) })),
}
