/** The services the core builds once (in `createCore`) and hands to every handler module. */
import type { ConnectionTest } from '@shared/ipc/channels/profiles'
import type { AppInfo } from '@shared/ipc/channels/app'
import type { ClientPool } from '../api/client-pool'
import type { ConnectionConfig } from '../api/connection'
import type { ConnectionTestOptions } from '../api/connection-test'
import type { EventBus } from '../ipc/events'
import type { AssetListCache } from '../services/assets'
import type { BulkRunner } from '../services/bulk'
import type { EnterpriseResolver } from '../services/enterprise'
import type { Journal } from '../services/journal'
import type { Logger } from '../services/log'
import type { LookupService } from '../services/lookup'
import type { ProfilesService } from '../services/profiles'
import type { SandboxHost } from '../services/sandbox-host'
import type { SettingsService } from '../services/settings'
import type { ShellNumberHistory } from '../services/shellnums'
import type { OpenedFiles } from '../services/files/opened-files'
import type { Storage } from '../services/storage'
import type { Vault } from '../services/vault'
import type { Database } from '../services/db'
import type { DraftStore } from '../services/drafts'
import type { MemberDirectory, MembersService } from '../services/members'
import type { HoldingsService, PlannerService } from '../services/holdings'
import type { OffboardService } from '../services/members/offboard'
import type { CustomerService } from '../services/customers'
import type { OrderService } from '../services/orders'
import type { CatalogStore } from '../services/catalog'
import type { UpdateService } from '../services/updates'
import type { ExportService } from '../services/exports'
import type { ExportSourceInput } from '../services/exports/sources'
import type { RenewalsService } from '../services/renewals'
import type { DraftSharing, WorkspaceService } from '../services/workspace'

/** This process's hold on the data folder (core/owner.ts): the owner alone runs jobs and sends orders. */
export interface DataDirClaim {
  /** Whether this process owns the data folder. */
  readonly owns: boolean
  /** Throws app.dataDirBusy (naming the holder) unless this process owns the data folder. */
  require(): void
  /** Records the address this process answers at (browser mode), for a second process's message. */
  setAddress(address: string): void
  /** Records the command that starts this app again (the desktop build), for `license-desk open`. */
  setLaunch(launch: string[]): void
  /** Lets go of the folder (at dispose). */
  release(): void
}

/** Facts about this run that do not change while it lasts. */
export type StaticInfo = Omit<AppInfo, 'keychain' | 'dataIssues'>

/**
 * Everything a handler may use. Capabilities add their services here and build them in `createCore`; nothing is
 * built lazily elsewhere, and handlers never import one another (what two of them share is a service).
 */
export interface Services {
  info: StaticInfo
  dataDir: string
  /** Whether this process owns the data folder (runs jobs, sends orders), and the check the writers make. */
  owner: DataDirClaim
  log: Logger
  events: EventBus
  storage: Storage
  vault: Vault
  settings: SettingsService
  profiles: ProfilesService
  sandbox: SandboxHost
  /** The app's database (desk.db in the data folder): drafts, customers, catalog, orders. */
  db: Database
  drafts: DraftStore
  /** Employees one at a time (member operations 1 to 5). */
  members: MembersService
  /** Who an employee global id is, per enterprise (the employee list read in the background). */
  memberDirectory: MemberDirectory
  /** Asset numbers given to employees and lent into borrowed locks (member operations 6 to 10). */
  holdings: HoldingsService
  /** The assignment planner (plans checked, applied through the bulk runner, undone from the journal). */
  planner: PlannerService
  /** People who leave: the check, and the reclaim report of the run (bulk kind `members.offboard`). */
  offboard: OffboardService
  /** The customer book (SQLite) and order operations 1 to 4 that fill it. */
  customers: CustomerService
  /** Exports of lists streamed to a file, with progress and cancellation (services/exports). */
  exports: ExportService<ExportSourceInput>
  /** Submitting orders: the outbox, its sender (exactly once), the history. */
  orders: OrderService
  /** What expires in the book's enterprises (read in the background), renew into a draft, export. */
  renewals: RenewalsService
  /** The product catalog per profile (SQLite); the Sandbox profile's starts with the demo products. */
  catalog: CatalogStore
  /** The team workspace (PostgreSQL): settings, the keychain's password, the sync of the shared book, catalog, templates and order drafts. */
  workspace: WorkspaceService
  /** Shared order drafts: owner and state, the handover for review (once across the team). */
  workspaceDrafts: DraftSharing
  /** Checks a connection per group: a token, then a harmless read (src/main/api/connection-test.ts). */
  testConnection: (config: ConnectionConfig, options?: ConnectionTestOptions) => Promise<ConnectionTest>
  /** The operation journal: every write any client sends. */
  journal: Journal
  /** One API client per profile, journaled; rebuilt when profiles or settings change. */
  clients: ClientPool
  /** The bulk runner (lock runs, employee imports). */
  bulk: BulkRunner
  /** Which profile and enterprise a desk call is about. */
  enterprises: EnterpriseResolver
  /** The enterprises' virtual asset lists, cached. */
  assets: AssetListCache
  /** The asset lookup's sources and caches. */
  lookup: LookupService
  /** Asset numbers issued on this computer. */
  shellnums: ShellNumberHistory
  /** Files opened from outside the app, waiting for the user's answer. */
  openedFiles: OpenedFiles
  /** The app's updates (checks the feed; the shell's installer downloads and installs). */
  updates: UpdateService
}
