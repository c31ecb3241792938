/** The team workspace (issue 36): built once in createCore (see service.ts and sync.ts). */
import type { WorkspaceSettings } from '@shared/workspace'
import type { CatalogRefs, CatalogStore } from '../catalog'
import type { CustomerBook } from '../customers'
import type { Database } from '../db/database'
import type { DraftStore } from '../drafts'
import type { Logger } from '../log'
import type { Storage } from '../storage'
import type { Vault } from '../vault'
import { customerKind } from './kinds'
import { packageKind, productKind } from './kinds/catalog'
import { templateKind } from './kinds/templates'
import { draftKind, type DraftKindDeps } from './kinds/drafts'
import { DraftSharing } from './drafts'
import { LocalSyncStore } from './local'
import { WorkspaceService } from './service'
import { SyncEngine } from './sync'

export { WORKSPACE_MIGRATIONS, LocalSyncStore, type Conflict } from './local'
export { WorkspaceService, WORKSPACE_VAULT_ID, connectionConfig } from './service'
export { SyncEngine, type SyncTarget } from './sync'
export { SERVER_MIGRATIONS, migrateServer, TEAM_ROLE, WORKSPACE_SCHEMA, CHANGES_CHANNEL } from './schema'
export { customerBody, customerKind, type SyncKind } from './kinds'
export { DraftSharing, type OrderNumberClaims } from './drafts'

export interface WorkspaceDeps {
  db: Database
  customers: CustomerBook
  catalog: CatalogStore
  drafts: DraftStore
  storage: Storage
  vault: Vault
  log: Logger
  retryMs?: number
  maxRetryMs?: number
  /** Told the drafts whose team state changed here (a hand-over, a submit's claim): the core's `drafts.changed`. */
  draftsChanged?: (ids: string[]) => void
}

/** What the local stores tell the workspace when they change (each store's onChange calls one). */
export interface WorkspaceHooks {
  customers(ids: readonly string[]): void
  catalog(profileId: string, refs: CatalogRefs): void
  drafts(ids: readonly string[]): void
}

/** Which shared kind a draft kind is (drafts of other kinds stay on the workstation). */
const SHARED_DRAFT_KINDS: Partial<Record<string, string>> = { 'orders.template': 'template', 'orders.order': 'draft' }

/** The workspace service with its engine, the kinds it shares, and the hooks the stores call. */
export function createWorkspace(deps: WorkspaceDeps): { service: WorkspaceService; engine: SyncEngine; hooks: WorkspaceHooks; drafts: DraftSharing } {
  let current: WorkspaceSettings | null = null
  const profileId = (): string => current?.profileId ?? ''
  const local = new LocalSyncStore(deps.db)
  const draftDeps: DraftKindDeps = {
    drafts: deps.drafts,
    local,
    profileId,
    me: () => ({ user: current?.user ?? '', workstation: current?.workstation ?? '' }),
  }
  const engine = new SyncEngine({
    local,
    kinds: [
      customerKind(deps.customers, profileId),
      productKind(deps.catalog, profileId),
      packageKind(deps.catalog, profileId),
      templateKind(deps.drafts, profileId),
      draftKind(draftDeps),
    ],
    log: deps.log,
    ...(deps.retryMs !== undefined ? { retryMs: deps.retryMs } : {}),
    ...(deps.maxRetryMs !== undefined ? { maxRetryMs: deps.maxRetryMs } : {}),
  })
  const service = new WorkspaceService({
    storage: deps.storage,
    vault: deps.vault,
    engine,
    onSettings: (s) => {
      current = s
    },
  })
  const hooks: WorkspaceHooks = {
    customers: (ids) => engine.localChanged('customer', ids),
    catalog: (changed, refs) => {
      if (!engine.active() || changed !== profileId()) return
      engine.localChanged('product', refs.products)
      engine.localChanged('package', refs.packages)
    },
    drafts: (ids) => {
      if (!engine.active()) return
      const byKind = new Map<string, string[]>()
      for (const id of ids) {
        const kind = SHARED_DRAFT_KINDS[deps.drafts.meta(id)?.kind ?? '']
        if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), id])
      }
      for (const [kind, list] of byKind) engine.localChanged(kind, list)
    },
  }
  return { service, engine, hooks, drafts: new DraftSharing(engine, local, draftDeps, deps.draftsChanged) }
}
