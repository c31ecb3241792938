import { describe, expect, it } from 'vitest'
import type { DraftShare } from '@shared/ipc/channels/workspace-drafts'
import { newOrder } from '../../../../src/renderer/models/orders/wizard'
import { canHandOver, copyOfDraft, draftBanner, firstHeld, heldBy, isMine, readyForReview, sharePill } from '../../../../src/renderer/models/drafts/draft-share'

const alice = { user: 'alice', workstation: 'front-desk' }
const bob = { user: 'bob', workstation: 'back-office' }
const share = (s: Partial<DraftShare>): DraftShare => ({ state: 'preparing', owner: 'alice', ownerFrom: 'front-desk', by: 'alice', from: 'front-desk', at: 1, ...s })
const handed = share({ state: 'review' })
const submitted = share({ state: 'submitted', by: 'bob', from: 'back-office', channelOrderId: 'LD-1' })

describe('shared order drafts: the list', () => {
  it('says the state in one pill: being prepared by its owner, ready for review from who handed it over, submitted by whom from where', () => {
    expect(sharePill(share({}))).toEqual({ tone: 'info', key: 'preparing', who: 'alice', from: 'front-desk' })
    expect(sharePill(handed)).toEqual({ tone: 'warning', key: 'review', who: 'alice', from: 'front-desk' })
    expect(sharePill(submitted)).toEqual({ tone: 'success', key: 'submitted', who: 'bob', from: 'back-office' })
  })

  it('offers the hand-over on one’s own draft being prepared only (one’s own from another workstation too)', () => {
    expect(canHandOver(share({}), alice)).toBe(true)
    expect(canHandOver(share({}), { user: 'alice', workstation: 'laptop' })).toBe(true)
    expect(canHandOver(share({}), bob)).toBe(false)
    expect(canHandOver(handed, alice)).toBe(false)
    expect(canHandOver(submitted, alice)).toBe(false)
    expect(canHandOver(undefined, alice)).toBe(false)
    expect(canHandOver(share({}), null)).toBe(false)
    expect(isMine(share({}), null)).toBe(false)
  })

  it('leaves Rename, Remove and Restore to the person a draft is with: its owner until submitted, then who submitted it; a reviewer is told who', () => {
    const held = { who: 'alice', workstation: 'front-desk' }
    expect(heldBy(share({}), alice)).toBeNull()
    expect(heldBy(share({}), { user: 'alice', workstation: 'laptop' })).toBeNull()
    expect(heldBy(share({}), bob)).toEqual(held)
    // Handed over for review by Alice: Bob reviews it, but it stays Alice's to rename or remove.
    expect(heldBy(handed, bob)).toEqual(held)
    expect(heldBy(handed, alice)).toBeNull()
    // Submitted by Bob: his (the order comes back to him if refused), not Alice's any more.
    expect(heldBy(submitted, bob)).toBeNull()
    expect(heldBy(submitted, alice)).toEqual({ who: 'bob', workstation: 'back-office' })
    // No workspace, or a draft it does not share: everything as always.
    expect(heldBy(share({}), null)).toBeNull()
    expect(heldBy(undefined, bob)).toBeNull()
    // A selection with one held draft: "Remove selected" names its holder.
    const shares = new Map([['a', share({})], ['b', share({ owner: 'bob', ownerFrom: 'back-office' })]])
    expect(firstHeld(['x', 'b', 'a'], shares, bob)).toEqual(held)
    expect(firstHeld(['x', 'b'], shares, bob)).toBeNull()
  })

  it('filters the drafts ready for review, in the list’s order', () => {
    const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }]
    const shares = new Map<string, DraftShare>([
      ['a', handed],
      ['b', share({})],
      ['d', handed],
    ])
    expect(readyForReview(rows, shares).map((r) => r.id)).toEqual(['a', 'd'])
    expect(readyForReview(rows, new Map())).toEqual([])
  })
})

describe('shared order drafts: the wizard', () => {
  it('a colleague’s draft being prepared is read-only, naming them; one’s own needs no word', () => {
    expect(draftBanner(share({}), bob)).toEqual({ kind: 'colleague', readOnly: true, who: 'alice', from: 'front-desk' })
    expect(draftBanner(share({}), alice)).toEqual({ kind: 'none', readOnly: false })
  })

  it('one handed over for review is open to the reviewer and its owner; a submitted one is final for everyone', () => {
    expect(draftBanner(handed, bob)).toEqual({ kind: 'review', readOnly: false, who: 'alice', from: 'front-desk' })
    expect(draftBanner(handed, alice).readOnly).toBe(false)
    expect(draftBanner(submitted, alice)).toEqual({ kind: 'submitted', readOnly: true, who: 'bob', from: 'back-office' })
    expect(draftBanner(submitted, bob).readOnly).toBe(true)
  })

  it('without a workspace (or a share) the wizard is as always', () => {
    expect(draftBanner(null, null)).toEqual({ kind: 'none', readOnly: false })
    expect(draftBanner(share({}), null)).toEqual({ kind: 'none', readOnly: false })
    expect(draftBanner(null, bob)).toEqual({ kind: 'none', readOnly: false })
  })

  it('one’s copy has the same entries under a new order number, not ready, without the colleague’s refusal note', () => {
    const theirs = { ...newOrder('LD-THEIRS'), ready: true, note: 'call first', refusal: { error: { code: 'x', messageKey: 'x', params: {}, details: { retryable: false } }, field: '' } } as unknown as ReturnType<typeof newOrder>
    const mine = copyOfDraft(theirs, 'LD-MINE')
    expect(mine.channelOrderId).toBe('LD-MINE')
    expect(mine.ready).toBe(false)
    expect('refusal' in mine).toBe(false)
    expect(mine.entries).toEqual(theirs.entries)
    expect(mine.note).toBe('call first')
    expect(theirs.channelOrderId).toBe('LD-THEIRS')
  })
})
