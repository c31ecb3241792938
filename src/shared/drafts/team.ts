/**
 * Who may rename, remove or restore an order draft the team workspace shares (docs/decisions.md, Team workspace):
 * a change of its name or its place on the list reaches every colleague, so only the person the draft is with
 * makes it: its owner while it is being prepared or ready for review (a reviewer checks and submits, but does not
 * rename or remove a colleague's work), the person who submitted it once it is submitted (the order service
 * removes it on submit and restores it when the order comes back refused). The same role from any workstation is
 * the same person. The core refuses (src/main/services/workspace/drafts.ts); the Drafts list hides the actions.
 */
import type { DraftShare } from '../ipc/channels/workspace-drafts'

/** Who a shared draft is with: the person whose say its name and its place on the list are. */
export function draftHolder(share: DraftShare): { who: string; workstation: string } {
  return share.state === 'submitted' ? { who: share.by, workstation: share.from } : { who: share.owner, workstation: share.ownerFrom }
}

/**
 * Whether `user` (a database role) may rename, remove or restore this shared draft: null when they may, else the
 * refusal's error code and its words' params (naming who it is with).
 */
export function teamDraftRefusal(
  share: DraftShare,
  user: string,
): { code: 'app.workspaceDraftNotYours' | 'app.workspaceDraftSubmitted'; params: { who: string; workstation: string } } | null {
  const holder = draftHolder(share)
  if (holder.who === user) return null
  return { code: share.state === 'submitted' ? 'app.workspaceDraftSubmitted' : 'app.workspaceDraftNotYours', params: holder }
}
