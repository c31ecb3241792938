/** Named calls of the shared order drafts to the core: who prepares each and where it stands, and the hand-over. */
import type { ChannelOutput } from '@shared/ipc/contract'
import type { DraftShare } from '@shared/ipc/channels/workspace-drafts'
import { invoke } from '../bridge'

/** The owner and state of these drafts the workspace shares, and who this person is (`me` null without a workspace). */
export const draftShares = (ids: string[]): Promise<ChannelOutput<'workspaceDrafts.shares'>> => invoke('workspaceDrafts.shares', { ids })

/** Hands one's draft over for review (once across the team; needs the server). Throws BridgeError. */
export const handOverDraft = (id: string): Promise<DraftShare> => invoke('workspaceDrafts.handOver', { id })
