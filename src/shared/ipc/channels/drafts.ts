/**
 * Channels of the draft store: work in progress of every screen (order drafts, templates, the Locks list, forms),
 * saved as the user types, listed, searched, duplicated, renamed, removed with undo, and moved between
 * workstations as a file. Saves carry the revision they were based on: a save over a newer revision (another
 * window or tab saved meanwhile) is refused with `app.draftConflict`, never silently overwritten.
 */
import { z } from 'zod'
import { DRAFT_KIND_NAMES, draftSummarySchema } from '../../drafts/kinds'
import { channel } from '../channel'

/** A draft's id: generated (a UUID), or a fixed name for a screen's one scratch copy (`form:customers.bind`). */
export const draftIdSchema = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9:._-]{0,99}$/, 'draft id: letters, digits and : . _ - (at most 100)')
const draftKindSchema = z.enum(DRAFT_KIND_NAMES)
const profileIdSchema = z.string().min(1).max(100)
/** A draft's name as the user gives it. */
export const draftNameSchema = z.string().trim().min(1).max(200)

export const draftMetaSchema = z.object({
  id: z.string(),
  kind: draftKindSchema,
  /** The connection profile it belongs to; null for work that belongs to none. */
  profileId: z.string().nullable(),
  name: z.string(),
  /** Grows by one with every save of the body. */
  revision: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Set while the draft is removed (and can be restored). */
  removedAt: z.number().nullable(),
  summary: draftSummarySchema,
})
export type DraftMeta = z.output<typeof draftMetaSchema>

export const draftSchema = draftMetaSchema.extend({ body: z.unknown() })
export type Draft = z.output<typeof draftSchema>

export const draftListInputSchema = z
  .object({
    /** Kinds not listed as work (forms' scratch copies) are left out unless named here. */
    kinds: z.array(draftKindSchema).max(20).optional(),
    /** One profile's drafts (and those of none); all profiles when absent. */
    profileId: profileIdSchema.optional(),
    /** Words found in the name, the customer or the type, ignoring case. */
    query: z.string().max(200).optional(),
    /** Removed drafts instead of the current ones. */
    removed: z.boolean().optional(),
    offset: z.number().int().min(0).max(1_000_000).default(0),
    limit: z.number().int().min(1).max(1000).default(200),
  })
  .strict()

export const draftSaveInputSchema = z
  .object({
    /** Absent: a new draft with a generated id. */
    id: draftIdSchema.optional(),
    kind: draftKindSchema,
    profileId: profileIdSchema.nullable().optional(),
    /** Absent: keeps the current name (new drafts get one from their kind). */
    name: draftNameSchema.optional(),
    body: z.unknown(),
    /** The revision this save was based on: 0 for a draft the caller has not seen saved. */
    baseRevision: z.number().int().min(0),
    /** Saves over whatever is there (the user chose "keep mine" after a conflict). */
    force: z.boolean().optional(),
    /** The window or tab saving, echoed in `drafts.changed` so it can ignore its own saves. */
    clientId: z.string().max(100).optional(),
  })
  .strict()

/**
 * Elements of a saved body's arrays replaced in place (`body[field][index] = value`), on top of `baseRevision`:
 * typing in one entry of a 100-entry order sends that entry, not the whole order (docs/decisions.md, "Draft saves
 * by part"). The array's length cannot change this way: a page that adds, removes or moves sends the whole body.
 */
export const draftSavePartsInputSchema = z
  .object({
    id: draftIdSchema,
    kind: draftKindSchema,
    parts: z
      .array(
        z
          .object({
            field: z.string().min(1).max(64),
            index: z.number().int().min(0).max(1_000_000),
            value: z.unknown(),
          })
          .strict(),
      )
      .min(1)
      .max(1000),
    /** The revision the parts were changed from (a part save never creates a draft). */
    baseRevision: z.number().int().min(1),
    clientId: z.string().max(100).optional(),
  })
  .strict()

const idsInput = z.object({ ids: z.array(draftIdSchema).min(1).max(1000) }).strict()

export const draftChannels = {
  /** Drafts, newest change first. */
  'drafts.list': channel(draftListInputSchema, z.object({ drafts: z.array(draftMetaSchema), total: z.number().int() })),
  /** One draft with its body (removed ones too, so an undo can show them). */
  'drafts.get': channel(z.object({ id: draftIdSchema }).strict(), draftSchema),
  /** Saves a body; refused with app.draftConflict when the draft changed since `baseRevision` (unless `force`). */
  'drafts.save': channel(draftSaveInputSchema, draftMetaSchema),
  /** Saves changed elements of a body's arrays; refused with app.draftConflict like a save (never forced). */
  'drafts.saveParts': channel(draftSavePartsInputSchema, draftMetaSchema),
  'drafts.rename': channel(z.object({ id: draftIdSchema, name: draftNameSchema }).strict(), draftMetaSchema),
  /** A copy with a new id ("… (copy)" unless named). */
  'drafts.duplicate': channel(z.object({ id: draftIdSchema, name: draftNameSchema.optional() }).strict(), draftMetaSchema),
  /** Removes drafts; they stay restorable for a while (undo). */
  'drafts.remove': channel(idsInput, z.object({ drafts: z.array(draftMetaSchema) })),
  'drafts.restore': channel(idsInput, z.object({ drafts: z.array(draftMetaSchema) })),
  /** A file with these drafts, to move work to another workstation. */
  'drafts.export': channel(idsInput, z.object({ fileName: z.string(), content: z.string() })),
  /**
   * Drafts from an exported file, added as new drafts of `profileId` (default: the active profile). A file that
   * is not ours, or has a draft that does not check, is refused whole with the reason: nothing is added.
   */
  'drafts.import': channel(
    z.object({ content: z.string().max(20_000_000), fileName: z.string().max(300).optional(), profileId: profileIdSchema.optional() }).strict(),
    z.object({ drafts: z.array(draftMetaSchema) }),
  ),
}

/** Event payload: a draft changed (saved, renamed, removed, restored, imported). */
export const draftsChangedSchema = z.object({
  ids: z.array(z.string()),
  /** The client whose save it was, when it said. */
  clientId: z.string().optional(),
})
