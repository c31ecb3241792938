/**
 * Shared order drafts: handing one over for review, and submitting it, happen once across the team. Both are made
 * on the server in one transaction under the write lock (SyncEngine.onServer): the draft's record is read FOR
 * UPDATE, its state checked, and changed with its version, so a second workstation finds it already handed over
 * or submitted and is refused with the name of the colleague and their workstation.
 *
 * Order numbers: every order of the shared profile has its channelOrderId reserved in `order_numbers` before it is
 * queued; a number another order holds is refused naming who reserved it. Submitting needs the server while a
 * workspace is set (docs/decisions.md); preparing a draft does not.
 */
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { AppError } from '@shared/errors/app-error'
import type { TeamSubmit } from '@shared/ipc/channels/orders'
import type { DraftShare, WorkspaceMe } from '@shared/ipc/channels/workspace-drafts'
import { teamDraftRefusal } from '@shared/drafts/team'
import { isSharedDraft, shareOf, sharedDraftBodySchema, type DraftKindDeps, type SharedDraftBody } from './kinds/drafts'
import type { LocalSyncStore } from './local'
import type { SyncEngine } from './sync'

interface DraftRow {
  version: string
  body: unknown
  removed: boolean
  updated_by: string
  updated_from: string
  now_ms: string
}

/** What the order service asks of the workspace (OrderServiceDeps.workspace). */
export interface OrderNumberClaims {
  /** Reserves the number (and claims the shared draft) on the server; null when the workspace has no say. */
  reserve(o: { profileId: string; draftId: string | null; channelOrderId: string }): Promise<{ release(): Promise<void>; submittedBy: TeamSubmit } | null>
  /** Why a removed draft cannot be submitted: a colleague submitted it (null when that is not the reason). */
  submittedElsewhere(draftId: string): AppError | null
}

export class DraftSharing implements OrderNumberClaims {
  constructor(
    private readonly engine: SyncEngine,
    private readonly local: LocalSyncStore,
    private readonly kind: DraftKindDeps,
    /** Told the drafts whose share changed here (the core publishes `drafts.changed`, as for the sync's pulls). */
    private readonly onChange: (ids: string[]) => void = () => {},
  ) {}

  /** A draft's owner and state, when the workspace shares it. */
  get(id: string): { shared: boolean; share: DraftShare | null } {
    if (!this.engine.active() || !isSharedDraft(this.kind, id)) return { shared: false, share: null }
    return { shared: true, share: shareOf(this.kind, id) }
  }

  /** The owner and state of each of these drafts the workspace shares, and who this person is. */
  shares(ids: readonly string[]): { me: WorkspaceMe | null; shares: { id: string; share: DraftShare }[] } {
    if (!this.engine.active()) return { me: null, shares: [] }
    return { me: this.kind.me(), shares: ids.filter((id) => isSharedDraft(this.kind, id)).map((id) => ({ id, share: shareOf(this.kind, id) })) }
  }

  /**
   * Refuses renaming, removing or restoring a shared draft a colleague holds (src/shared/drafts/team.ts), naming
   * them: the change would reach the whole team. Drafts the workspace does not share are anyone's here.
   */
  mayChange(ids: readonly string[]): void {
    if (!this.engine.active()) return
    const me = this.kind.me()
    for (const id of ids) {
      if (!isSharedDraft(this.kind, id)) continue
      const refusal = teamDraftRefusal(shareOf(this.kind, id), me.user)
      if (refusal) throw AppError.app(refusal.code, refusal.params)
    }
  }

  /** Hands a draft being prepared over for review (see the channel `workspaceDrafts.handOver`). */
  async handOver(id: string): Promise<DraftShare> {
    this.mustBeShared(id)
    const { share, version } = await this.engine.onServer(async (c, workstation) => {
      const { row, body } = await this.current(c, id)
      if (body.share.state === 'review') throw AppError.app('app.workspaceDraftInReview', { who: body.share.by, workstation: body.share.from })
      if (body.share.state === 'submitted') throw AppError.app('app.workspaceDraftSubmitted', { who: body.share.by, workstation: body.share.from })
      const me = this.kind.me()
      const next: DraftShare = { ...body.share, state: 'review', by: me.user, from: workstation, at: Number(row.now_ms) }
      return { share: next, version: await this.write(c, id, { ...body, share: next }, row.removed, workstation) }
    })
    this.agreed(id, share, version)
    return share
  }

  async reserve(o: { profileId: string; draftId: string | null; channelOrderId: string }): Promise<{ release(): Promise<void>; submittedBy: TeamSubmit } | null> {
    if (!this.engine.active() || o.profileId !== this.kind.profileId()) return null
    const shared = o.draftId !== null && isSharedDraft(this.kind, o.draftId)
    const draftKey = o.draftId ?? `order:${randomUUID()}`
    let submittedBy: TeamSubmit | null = null
    const claimed = await this.engine.onServer(async (c, workstation) => {
      // Who submits, by the server's record: the session's role and the server's clock.
      const who = (await c.query<{ user: string; at: string }>('SELECT session_user AS user, floor(extract(epoch FROM now()) * 1000)::bigint AS at')).rows[0]!
      submittedBy = { user: who.user, workstation, at: Number(who.at) }
      let claim: { share: DraftShare; version: number; before: SharedDraftBody | null } | null = null
      if (shared) {
        const { row, body } = await this.current(c, draftKey)
        const me = this.kind.me()
        const mine = body.share.state === 'submitted' && body.share.by === me.user && body.share.from === workstation && body.share.channelOrderId === o.channelOrderId
        // Submitted by this very workstation before (its answer was lost): the same claim, not a second one.
        if (body.share.state === 'submitted' && !mine) throw AppError.app('app.workspaceDraftSubmitted', { who: body.share.by, workstation: body.share.from })
        if (mine) {
          claim = { share: body.share, version: Number(row.version), before: null }
          submittedBy = { user: body.share.by, workstation: body.share.from, at: body.share.at }
        }
        else {
          const next: DraftShare = { ...body.share, state: 'submitted', by: me.user, from: workstation, at: Number(row.now_ms), channelOrderId: o.channelOrderId }
          claim = { share: next, version: await this.write(c, draftKey, { ...body, share: next }, true, workstation), before: body }
        }
      }
      const taken = await c.query<{ draft_id: string; reserved_by: string; reserved_from: string }>(
        `WITH ins AS (INSERT INTO order_numbers (channel_order_id, draft_id, reserved_by, reserved_from) VALUES ($1, $2, session_user, $3)
           ON CONFLICT (channel_order_id) DO NOTHING RETURNING draft_id)
         SELECT draft_id, reserved_by, reserved_from FROM order_numbers WHERE channel_order_id = $1 AND NOT EXISTS (SELECT 1 FROM ins)`,
        [o.channelOrderId, draftKey, workstation],
      )
      const holder = taken.rows[0]
      if (holder && holder.draft_id !== draftKey) {
        throw AppError.app('app.orderNumberReserved', { number: o.channelOrderId, who: holder.reserved_by, workstation: holder.reserved_from })
      }
      return claim
    })
    if (claimed) this.agreed(draftKey, claimed.share, claimed.version)
    return {
      submittedBy: submittedBy!,
      // The order could not be queued here after all: the number and the draft are free again.
      release: async () => {
        const before = claimed?.before ?? null
        const version = await this.engine.onServer(async (c, workstation) => {
          await c.query('DELETE FROM order_numbers WHERE channel_order_id = $1 AND draft_id = $2', [o.channelOrderId, draftKey])
          if (!before) return null
          await this.current(c, draftKey)
          return this.write(c, draftKey, before, false, workstation)
        })
        if (before && version !== null) this.agreed(draftKey, before.share, version)
      },
    }
  }

  submittedElsewhere(draftId: string): AppError | null {
    if (!this.engine.active() || !isSharedDraft(this.kind, draftId)) return null
    const share = shareOf(this.kind, draftId)
    return share.state === 'submitted' ? AppError.app('app.workspaceDraftSubmitted', { who: share.by, workstation: share.from }) : null
  }

  private mustBeShared(id: string): void {
    if (!this.engine.active()) throw AppError.app('app.workspaceOffline', { detail: 'no team workspace is set' })
    if (!isSharedDraft(this.kind, id)) throw AppError.app('app.invalidInput', { detail: `draft ${id} is not an order draft of the shared connection` })
  }

  /** The draft's record on the server, locked; refused when this workstation's copy is not the server's (unless submitted). */
  private async current(c: pg.PoolClient, id: string): Promise<{ row: DraftRow; body: SharedDraftBody }> {
    if (this.local.hasLocal('draft', id)) throw AppError.app('app.workspaceUnsynced')
    const { rows } = await c.query<DraftRow>(
      "SELECT version, body, removed, updated_by, updated_from, floor(extract(epoch FROM now()) * 1000)::bigint AS now_ms FROM records WHERE kind = 'draft' AND id = $1 FOR UPDATE",
      [id],
    )
    const row = rows[0]
    if (!row) throw AppError.app('app.workspaceUnsynced')
    const body = sharedDraftBodySchema.safeParse(row.body)
    // Submitted is final whatever this workstation saw last (the callers name who); anything else must be what it saw.
    if (!body.success || (body.data.share.state !== 'submitted' && Number(row.version) !== this.local.version('draft', id))) {
      throw AppError.app('app.workspaceDraftChanged', { who: row.updated_by, workstation: row.updated_from })
    }
    return { row, body: body.data }
  }

  /** A new version of the draft's record (the colleagues pull it); returns the version. */
  private async write(c: pg.PoolClient, id: string, body: SharedDraftBody, removed: boolean, workstation: string): Promise<number> {
    const { rows } = await c.query<{ version: string }>(
      `UPDATE records SET body = $2, removed = $3, version = version + 1, rev = nextval('rev_seq'), updated_by = session_user, updated_from = $4, updated_at = now()
       WHERE kind = 'draft' AND id = $1 RETURNING version`,
      [id, JSON.stringify(body), removed, workstation],
    )
    return Number(rows[0]!.version)
  }

  /** What the server now has is what this workstation agrees on. */
  private agreed(id: string, share: DraftShare, version: number): void {
    this.local.tx(() => {
      this.local.setShare(id, share)
      this.local.setVersion('draft', id, version)
    })
    // The core's other windows show the new state at once, not on their next read.
    this.onChange([id])
  }
}
