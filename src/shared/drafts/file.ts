/**
 * The drafts file: the app's own file type (an exported order draft, or a bundle of drafts; the same format for
 * both). `drafts export` writes it, `drafts import`, the Drafts screen and `license-desk open` read it, and the
 * desktop build is associated with its extension. A file is a trust boundary: everything read is checked here,
 * whole, before anything is added.
 */
import { z } from 'zod'
import { AppError } from '../errors/app-error'
import { DRAFT_FILE_FORMAT, DRAFT_FILE_VERSION, MAX_DRAFT_FILE_BYTES, draftKind, isDraftKind, type DraftKind } from './kinds'

/** The extension of a drafts file (the desktop build's file association); `.json` is still read (older exports). */
export const DRAFT_FILE_EXTENSION = 'ldrafts'
export const DRAFT_FILE_EXTENSIONS = [`.${DRAFT_FILE_EXTENSION}`, '.json'] as const

const draftFileSchema = z.object({
  format: z.literal(DRAFT_FILE_FORMAT),
  version: z.number().int(),
  exportedAt: z.number(),
  drafts: z
    .array(
      z.object({
        kind: z.string(),
        name: z.string().max(200),
        body: z.unknown(),
        createdAt: z.number().optional(),
        updatedAt: z.number().optional(),
      }),
    )
    .max(10_000),
})

/** One draft of a file, checked with its kind's schema. */
export interface FileDraft {
  kind: DraftKind
  name: string
  body: unknown
}

/** The first problem of a failed parse, as a path ("orderList.0.assets"), for messages. */
export function firstIssuePath(error: z.ZodError): string {
  const i = error.issues[0]
  return i ? i.path.map(String).join('.') || '(whole draft)' : '(whole draft)'
}

/**
 * The drafts of a drafts file, every one checked. Throws the reason in the shared error catalog's words: too
 * big, not ours (not JSON, no marker, wrong shape), from a newer version, or one draft damaged or of an unknown kind.
 */
export function parseDraftFile(content: string): FileDraft[] {
  if (content.length > MAX_DRAFT_FILE_BYTES) throw AppError.app('app.draftFileTooBig', { max: MAX_DRAFT_FILE_BYTES / 1e6 })
  let json: unknown
  try {
    json = JSON.parse(content.replace(/^\uFEFF/, ''))
  } catch {
    throw AppError.app('app.draftFileNotOurs')
  }
  const marker = z.object({ format: z.literal(DRAFT_FILE_FORMAT), version: z.number() }).safeParse(json)
  if (!marker.success) throw AppError.app('app.draftFileNotOurs')
  if (marker.data.version > DRAFT_FILE_VERSION) throw AppError.app('app.draftFileNewer', { version: marker.data.version })
  const file = draftFileSchema.safeParse(json)
  if (!file.success) throw AppError.app('app.draftFileNotOurs')
  return file.data.drafts.map((d, i) => {
    const label = { index: i + 1, name: d.name }
    if (!isDraftKind(d.kind)) throw AppError.app('app.draftFileBadDraft', { ...label, field: 'kind' })
    const parsed = draftKind(d.kind).schema.safeParse(d.body)
    if (!parsed.success) throw AppError.app('app.draftFileBadDraft', { ...label, field: firstIssuePath(parsed.error) })
    return { kind: d.kind, name: d.name, body: parsed.data }
  })
}
