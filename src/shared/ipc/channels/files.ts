/**
 * Channels of files opened from outside the app (a double-click on a drafts file, a second start with a file,
 * macOS `open-file`, `license-desk open FILE`): the core keeps each opened file with its verdict
 * (src/shared/files/open-file.ts) until the user adds its drafts or lets it go; nothing is added without them.
 */
import { z } from 'zod'
import { appErrorDataSchema } from '../../errors/app-error'
import { DRAFT_KIND_NAMES, draftSummarySchema, MAX_DRAFT_FILE_BYTES } from '../../drafts/kinds'
import { channel, input, noInput } from '../channel'
import { draftMetaSchema } from './drafts'

const openedIdSchema = z.string().min(1).max(100)
const targetSchema = z.union([z.object({ screen: z.literal('orders') }), z.object({ screen: z.literal('drafts') })])

/** An opened file waiting for the user: its name (never its folders) and what it holds, or why it is refused. */
export const openedFileSchema = z.object({
  id: openedIdSchema,
  fileName: z.string(),
  verdict: z.union([
    z.object({
      ok: z.literal(true),
      drafts: z.array(z.object({ kind: z.enum(DRAFT_KIND_NAMES), name: z.string(), summary: draftSummarySchema })),
      target: targetSchema,
    }),
    z.object({ ok: z.literal(false), error: appErrorDataSchema }),
  ]),
})
export type OpenedFile = z.output<typeof openedFileSchema>

export const fileChannels = {
  /** Files opened and not yet added or let go, oldest first (a window that starts late finds them here). */
  'files.pending': channel(noInput, z.object({ files: z.array(openedFileSchema) })),
  /** Adds the drafts of an opened file to the active profile (all or nothing) and says which screen shows them. */
  'files.accept': channel(input({ id: openedIdSchema }), z.object({ drafts: z.array(draftMetaSchema), target: targetSchema })),
  /** Lets an opened file go without adding anything. */
  'files.dismiss': channel(input({ id: openedIdSchema }), z.object({ files: z.array(openedFileSchema) })),
  /**
   * Hands a file to this app (`license-desk open FILE` while browser mode runs): its name and content, checked
   * like a double-clicked file; the windows are told (`files.opened`) and ask the user.
   */
  'files.offer': channel(
    input({ fileName: z.string().min(1).max(300), content: z.string().max(MAX_DRAFT_FILE_BYTES) }),
    openedFileSchema,
  ),
}
