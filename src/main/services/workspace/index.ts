/** The team workspace (issue 36): built once in createCore (see service.ts and sync.ts). */
import type { WorkspaceSettings } from '@shared/workspace'
import type { CustomerBook } from '../customers'
import type { Database } from '../db/database'
import type { Logger } from '../log'
import type { Storage } from '../storage'
import type { Vault } from '../vault'
import { customerKind } from './kinds'
import { LocalSyncStore } from './local'
import { WorkspaceService } from './service'
import { SyncEngine } from './sync'

export { WORKSPACE_MIGRATIONS, LocalSyncStore, type Conflict } from './local'
export { WorkspaceService, WORKSPACE_VAULT_ID, connectionConfig } from './service'
export { SyncEngine, type SyncTarget } from './sync'
export { SERVER_MIGRATIONS, migrateServer, TEAM_ROLE, WORKSPACE_SCHEMA, CHANGES_CHANNEL } from './schema'
export { customerBody, customerKind, type SyncKind } from './kinds'

export interface WorkspaceDeps {
  db: Database
  customers: CustomerBook
  storage: Storage
  vault: Vault
  log: Logger
  retryMs?: number
  maxRetryMs?: number
}

/** The workspace service with its engine and the kinds it shares. */
export function createWorkspace(deps: WorkspaceDeps): { service: WorkspaceService; engine: SyncEngine } {
  let current: WorkspaceSettings | null = null
  const profileId = (): string => current?.profileId ?? ''
  const engine = new SyncEngine({
    local: new LocalSyncStore(deps.db),
    kinds: [customerKind(deps.customers, profileId)],
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
  return { service, engine }
}
