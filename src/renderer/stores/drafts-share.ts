/**
 * Shared order drafts on screen (issue 36): who prepares each draft the Drafts list shows and where it stands, read
 * from the core whenever the list is read again (a colleague's hand-over or submit reaches this workstation as a
 * `drafts.changed` of the sync, which reads the list again), the "ready for review" filter, and the hand-over.
 * Without a workspace `me` is null: the list and its actions are as they always were.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { DraftShare, WorkspaceMe } from '@shared/ipc/channels/workspace-drafts'
import { draftShares, handOverDraft } from '../api/workspace-drafts'

export const useDraftSharesStore = defineStore('drafts-share', () => {
  /** This person in the workspace; null without one. */
  const me = shallowRef<WorkspaceMe | null>(null)
  const shares = shallowRef<ReadonlyMap<string, DraftShare>>(new Map())
  /** The reviewer's filter: only drafts handed over for review. */
  const reviewOnly = ref(false)
  const team = computed(() => me.value !== null)
  watch(team, (on) => {
    if (!on) reviewOnly.value = false
  })

  let asked = 0
  /** Reads the shares of these drafts (the list shown); an older answer arriving late is dropped. */
  async function read(ids: string[]): Promise<void> {
    const n = ++asked
    try {
      const r = await draftShares(ids.slice(0, 1000))
      if (n !== asked) return
      me.value = r.me
      shares.value = new Map(r.shares.map((s) => [s.id, s.share]))
    } catch {
      // The list stands without the team's column; the next read tries again.
    }
  }

  /** Hands one's draft over for review (the server decides, once for the team). Throws BridgeError. */
  async function handOver(id: string): Promise<DraftShare> {
    const share = await handOverDraft(id)
    shares.value = new Map(shares.value).set(id, share)
    return share
  }

  return { me, shares, reviewOnly, team, read, handOver }
})
