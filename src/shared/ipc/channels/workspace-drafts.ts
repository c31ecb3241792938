/**
 * Order drafts shared through the team workspace (issue 36): who prepares a draft, where it stands (being prepared,
 * ready for review, submitted) and by whom, from which workstation. Handing a draft over for review and submitting
 * it happen once across the team: the server decides (src/main/services/workspace/drafts.ts); submitting is the
 * usual `orders.submit`, which for a shared draft also claims it and reserves its order number on the server.
 */
import { z } from 'zod'
import { channel } from '../channel'
import { draftIdSchema } from './drafts'

export const DRAFT_SHARE_STATES = ['preparing', 'review', 'submitted'] as const
export type DraftShareState = (typeof DRAFT_SHARE_STATES)[number]

/** A shared draft's owner and state. Names are database roles; workstations as their users named them. */
export const draftShareSchema = z.object({
  state: z.enum(DRAFT_SHARE_STATES),
  /** Who prepares it (the role that first shared it), and from which workstation. */
  owner: z.string().max(100),
  ownerFrom: z.string().max(100),
  /** Who set the state, from which workstation, when (ms since epoch; the server's clock for a handover or submit). */
  by: z.string().max(100),
  from: z.string().max(100),
  at: z.number().int().min(0),
  /** The order number reserved on the server when it was submitted. */
  channelOrderId: z.string().max(200).optional(),
})
export type DraftShare = z.output<typeof draftShareSchema>

/** This person in the workspace: their database role and workstation. */
export const workspaceMeSchema = z.object({ user: z.string().max(100), workstation: z.string().max(100) })
export type WorkspaceMe = z.output<typeof workspaceMeSchema>

export const workspaceDraftChannels = {
  /** A draft's owner and state in the workspace; `shared` false when no workspace is set or the draft is not shared. */
  'workspaceDrafts.get': channel(z.object({ id: draftIdSchema }).strict(), z.object({ shared: z.boolean(), share: draftShareSchema.nullable() })),
  /**
   * The owner and state of each of these drafts the workspace shares (the Drafts list, the wizard's banner), and who
   * this person is; `me` null and no shares when no workspace is set.
   */
  'workspaceDrafts.shares': channel(
    z.object({ ids: z.array(draftIdSchema).max(1000) }).strict(),
    z.object({ me: workspaceMeSchema.nullable(), shares: z.array(z.object({ id: draftIdSchema, share: draftShareSchema })) }),
  ),
  /**
   * Hands a draft being prepared over for review (once across the team; needs the server). Refused with
   * app.workspaceDraftInReview or app.workspaceDraftSubmitted (naming who), app.workspaceDraftChanged,
   * app.workspaceUnsynced or app.workspaceOffline.
   */
  'workspaceDrafts.handOver': channel(z.object({ id: draftIdSchema }).strict(), draftShareSchema),
}
