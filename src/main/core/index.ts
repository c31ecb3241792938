/**
 * The core: builds the services and the handler registry once; both shells (Electron, browser mode) and the CLI
 * put a transport in front of it. A capability adds `register<Area>Handlers(registry, services)` in
 * `src/main/handlers/<area>.ts` and one line below.
 */
import { join } from 'node:path'
import { mkdir } from 'node:fs/promises'
import type { Shell } from '@shared/ipc/channels/app'
import { startSandbox } from '../../sandbox/index'
import { testConnection } from '../api/connection-test'
import { registerAppHandlers } from '../handlers/app'
import { registerProfileHandlers } from '../handlers/profiles'
import { registerAssetHandlers } from '../handlers/assets'
import { registerShellnumHandlers } from '../handlers/shellnums'
import { registerFileHandlers } from '../handlers/files'
import { registerLookupHandlers } from '../handlers/lookup'
import { registerImportHandlers } from '../handlers/imports'
import { registerLockHandlers } from '../handlers/locks'
import { registerBulkHandlers } from '../handlers/bulk'
import { registerJournalHandlers } from '../handlers/journal'
import { registerDraftHandlers } from '../handlers/drafts'
import { registerMemberHandlers } from '../handlers/members'
import { registerHoldingsHandlers } from '../handlers/holdings'
import { registerPlannerHandlers } from '../handlers/planner'
import { HoldingsService, PlannerService } from '../services/holdings'
import { OffboardService } from '../services/members/offboard'
import { registerOffboardHandlers } from '../handlers/offboard'
import { MemberDirectory, MembersService } from '../services/members'
import { resolveLocale } from '@shared/i18n/locale'
import { registerCustomerHandlers } from '../handlers/customers'
import { registerCatalogHandlers } from '../handlers/catalog'
import { CatalogStore, sandboxCatalog } from '../services/catalog'
import { registerOrderHandlers } from '../handlers/orders'
import { registerExportHandlers } from '../handlers/exports'
import { registerRenewalHandlers } from '../handlers/renewals'
import { registerWorkspaceHandlers } from '../handlers/workspace'
import { registerWorkspaceDraftHandlers } from '../handlers/workspace-drafts'
import { OutboxEndWatch } from '@shared/notify/outbox-end'
import { RenewalsService } from '../services/renewals'
import { MIGRATIONS, openDatabase } from '../services/db'
import { DraftStore } from '../services/drafts'
import { CustomerBook, CustomerService } from '../services/customers'
import { OrderService, OrderStore } from '../services/orders'
import type { OutboxTiming } from '@shared/orders/outbox'
import { ClientPool } from '../api/client-pool'
import { AssetListCache } from '../services/assets'
import { createBulkRunner } from '../services/bulk'
import { EnterpriseResolver } from '../services/enterprise'
import { Journal } from '../services/journal'
import { ExportService } from '../services/exports'
import { exportSourceReader } from '../services/exports/sources'
import type { ExportFormat } from '@shared/ipc/channels/imports'
import { LookupService } from '../services/lookup'
import { ShellNumberHistory } from '../services/shellnums'
import { OpenedFiles } from '../services/files/opened-files'
import { EventBus } from '../ipc/events'
import { HandlerRegistry } from '../ipc/registry'
import { createLogger, type Logger } from '../services/log'
import { ProfilesService, SANDBOX_PROFILE_ID } from '../services/profiles'
import { SandboxHost, type SandboxStarter } from '../services/sandbox-host'
import { SettingsService } from '../services/settings'
import { Storage } from '../services/storage'
import { UpdateService, type UpdateInstaller } from '../services/updates'
import { openVault, type Vault } from '../services/vault'
import { createWorkspace, type DraftSharing, type WorkspaceHooks } from '../services/workspace'
import { systemLocale } from './system-locale'
import { claimDataDir, dataDirBusy, tryClaimDataDir } from './owner'
import type { DataDirClaim, Services } from './services'

export type { Services } from './services'

export interface CoreOptions {
  dataDir: string
  shell: Shell
  version: string
  /** The system language; defaults to the environment's (LANG, Intl). Electron passes `app.getLocale()`. */
  systemLocale?: string
  /** A logger; default: `<dataDir>/logs/main.log` plus warnings on stderr. */
  log?: Logger
  /** A vault; default: the OS keychain, else memory (see services/vault). */
  vault?: Vault
  /** Starts the in-process sandbox; default: `startSandbox` of src/sandbox. null: no sandbox in this run. */
  startSandbox?: SandboxStarter | null
  /** Run the sandbox while the Sandbox profile is active (default true). The CLI starts it only when a call needs it. */
  followActiveProfile?: boolean
  /** The order sender's timing (retries, read-backs, async checks); default OUTBOX_TIMING. Tests shorten it. */
  orderTiming?: Partial<OutboxTiming>
  /** Downloads and installs updates (Electron: electron-updater); absent: this shell does not update itself. */
  updateInstaller?: (log: Logger) => UpdateInstaller
  /** The update feed's fetch and channel file (tests: a local feed). */
  updateFeed?: { fetch?: typeof fetch; channel?: string }
  /** Electron: asks the user where to save an export (a save dialog); null when dismissed. Absent: a one-time download. */
  chooseExportPath?: (fileName: string, format: ExportFormat) => Promise<string | null>
  /** Tests only: exports stop after this many rows until cancelled (services/exports, holdAfterRows). */
  exportHoldAfterRows?: number
  /** The connection test; default: `testConnection` of src/main/api/connection-test.ts. */
  testConnection?: Services['testConnection']
  /**
   * Taking the data folder (core/owner.ts): 'require' (the shells) fails with app.dataDirBusy when another process
   * holds it; 'try' (the CLI) goes on without it, reading only: jobs and the outbox are refused with that error.
   * Default: 'try' for the CLI, else 'require'.
   */
  ownership?: 'require' | 'try'
  /** How soon the workspace sync tries again after the server stopped answering (default 1 s, doubling to 10 s). */
  workspaceRetry?: { firstMs: number; maxMs: number }
}

/** A running core. `dispose` stops the sandbox and releases everything; call it once at exit. */
export interface Core {
  registry: HandlerRegistry
  events: EventBus
  services: Services
  dispose(): Promise<void>
}

/** Builds the core for a data folder (taking the folder first: see CoreOptions.ownership). */
export async function createCore(options: CoreOptions): Promise<Core> {
  const { dataDir } = options
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  // Before anything reads the jobs or the outbox: only the owner resumes a job or sends an order.
  const ownership = options.ownership ?? (options.shell === 'cli' ? 'try' : 'require')
  const held = ownership === 'require' ? claimDataDir(dataDir, options.shell) : tryClaimDataDir(dataDir, options.shell)
  const owner: DataDirClaim = {
    owns: held !== null,
    require: () => {
      if (!held) throw dataDirBusy(dataDir)
    },
    setAddress: (address) => held?.setAddress(address),
    setLaunch: (launch) => held?.setLaunch(launch),
    release: () => held?.release(),
  }
  try {
    return await buildCore(options, owner)
  } catch (err) {
    owner.release()
    throw err
  }
}

async function buildCore(options: CoreOptions, owner: DataDirClaim): Promise<Core> {
  const { dataDir } = options
  const log = options.log ?? createLogger({ file: join(dataDir, 'logs', 'main.log') })
  const events = new EventBus(log.child('events'))
  const storage = new Storage(dataDir, log.child('storage'))
  const vault = options.vault ?? (await openVault({ log: log.child('vault') }))
  const sandbox = new SandboxHost({
    start: options.startSandbox === undefined ? startSandbox : options.startSandbox,
    dataFile: join(dataDir, 'sandbox', 'state.json'),
    log: log.child('sandbox'),
    events,
    storage,
  })
  const db = openDatabase({ dataDir, migrations: MIGRATIONS, log: log.child('db'), onIssue: (issue) => storage.record(issue) })
  // The workspace queues local changes of the shared stores; it is built below, once they exist.
  let share: WorkspaceHooks | null = null
  let teamDrafts: DraftSharing | null = null
  const drafts = new DraftStore(db, {
    onChange: (ids, clientId) => {
      events.emit('drafts.changed', clientId ? { ids, clientId } : { ids })
      share?.drafts(ids)
    },
    mayChange: (ids) => teamDrafts?.mayChange(ids),
  })
  drafts.purge()
  const customerBook = new CustomerBook(db, {
    onChange: (profileId, ids) => {
      events.emit('customers.changed', { profileId, ids })
      share?.customers(ids)
    },
  })
  customerBook.purge()
  const catalog = new CatalogStore(db, {
    onChange: (profileId, refs) => {
      events.emit('catalog.changed', { profileId })
      share?.catalog(profileId, refs)
    },
  })
  catalog.seedOnce(SANDBOX_PROFILE_ID, sandboxCatalog())
  const info = {
    version: options.version,
    shell: options.shell,
    platform: process.platform,
    dataDir,
    systemLocale: options.systemLocale ?? systemLocale(),
  }
  const workspace = createWorkspace({
    db,
    customers: customerBook,
    catalog,
    drafts,
    storage,
    vault,
    log: log.child('workspace'),
    draftsChanged: (ids) => events.emit('drafts.changed', { ids }),
    ...(options.workspaceRetry ? { retryMs: options.workspaceRetry.firstMs, maxRetryMs: options.workspaceRetry.maxMs } : {}),
  })
  share = workspace.hooks
  teamDrafts = workspace.drafts
  const settings = new SettingsService(storage)
  const profiles = new ProfilesService({ storage, vault, events, sandbox, log: log.child('profiles') })
  const journal = new Journal({ dataDir })
  // One client per profile for the whole core, all journaled: screens and the bulk runner share them.
  const clients = new ClientPool({ journal, profiles, settings, events, info, log })
  const clientFor = (profileId: string) => clients.get(profileId)
  const assets = new AssetListCache({ clientFor, profiles, events })
  const enterprises = new EnterpriseResolver({ profiles, events, clientFor })
  const lookup = new LookupService({ assets, pageSize: async () => (await settings.get()).limits.maxPageSize })
  // What the lookup keeps may be someone else's after a profile changed or another became active, and who holds
  // what changes with a finished job on employees or assignments (and with configure and lend, below).
  events.on('profiles.changed', () => lookup.clear())
  events.on('bulk.progress', (p) => {
    if ((p.kind.startsWith('members.') || p.kind === 'holdings.configure') && p.status !== 'running') lookup.clear()
  })
  const memberDirectory = new MemberDirectory({
    clientFor,
    pageSize: async () => (await settings.get()).limits.maxPageSize,
    onStatus: (status) => events.emit('members.directory', status),
  })
  // A profile's address or enterprise may have changed: the people known may no longer be right.
  events.on('profiles.changed', () => memberDirectory.clear())
  // A bulk job on employees (an import, a delete of many) changed the lists behind the directory's back.
  events.on('bulk.progress', (p) => {
    if (p.kind.startsWith('members.') && p.status !== 'running') memberDirectory.stale()
  })
  const members = new MembersService({
    clientFor,
    target: (input) => enterprises.target(input),
    limits: async () => (await settings.get()).limits,
    locale: async () => resolveLocale((await settings.get()).locale, info.systemLocale),
    directory: memberDirectory,
  })
  const holdings = new HoldingsService({
    clientFor,
    target: (input) => enterprises.target(input),
    directory: memberDirectory,
    journal,
    locale: async () => resolveLocale((await settings.get()).locale, info.systemLocale),
    pageSize: async () => (await settings.get()).limits.maxPageSize,
    concurrency: async () => (await settings.get()).bulk.concurrency,
    onAuditProgress: (p) => events.emit('holdings.audit', p),
    // A configure or lend changed holders: the lookup and the enterprise's asset list read them again.
    onChanged: (t) => {
      lookup.clear()
      assets.forgetEnterprise(t.profileId, t.enterpriseGlobalId)
    },
  })
  // Another address or enterprise: the numbers kept may belong to someone else. A bulk assignment that stopped
  // has changed holders: read them again when next asked.
  events.on('profiles.changed', () => holdings.clear())
  events.on('bulk.progress', (p) => {
    if ((p.kind === 'holdings.configure' || p.kind === 'members.offboard') && p.status !== 'running') holdings.clear()
  })
  const bulk = createBulkRunner({ dataDir, clients, settings, profiles, events, vault, owner: owner.require })
  // The renewals reading is a bulk job: its progress becomes the Renewals screen's (merged into its cache first).
  events.on('bulk.progress', (p) => {
    if (p.kind === 'renewals.read') services.renewals.onJobProgress(p.jobId, p.status)
  })
  const orderStore = new OrderStore(db)
  const orders = new OrderService({
    store: orderStore,
    drafts,
    clientFor,
    profile: async (profileId) => {
      const p = await profiles.get(profileId)
      // Member operation 7 needs the member app and a user: the read-back uses it when both are there.
      const memberProducts = p.memberAppKey !== '' && p.userLogin !== '' && (p.secrets.userPassword === true || p.secrets.userToken === true || p.builtIn)
      return { channelCode: p.channelCode, memberProducts }
    },
    activeProfileId: () => profiles.activeId(),
    limits: async () => ({ maxOrdersPerBatch: (await settings.get()).limits.maxOrdersPerBatch }),
    journal,
    onChange: (profileId, ids) => events.emit('orders.changed', { profileId, ids }),
    log: log.child('orders'),
    owner: owner.require,
    workspace: workspace.drafts,
    ...(options.orderTiming ? { timing: options.orderTiming } : {}),
  })
  // The connection may be back: a profile was edited or activated, or the sandbox came up.
  events.on('profiles.changed', () => orders.wake())
  events.on('sandbox.status', (s) => {
    if (s.running) orders.wake()
  })
  // An order bought or revoked assets: the profile's cached asset lists may be out of date; the next look reads them
  // again (the Assets screen, Lookup, the wizard's pickers).
  events.on('orders.changed', ({ profileId }) => assets.forgetProfile(profileId))
  // The outbox's run ended (nothing left it works on by itself): the shells notify when the window is not in front.
  const outboxEnds = new OutboxEndWatch()
  events.on('orders.changed', ({ ids }) => {
    const end = outboxEnds.update(ids.flatMap((id) => {
      try {
        return [{ id, state: orders.get(id).state }]
      } catch {
        return []
      }
    }))
    if (end) events.emit('orders.outboxEnded', end)
  })
  const customers = new CustomerService({ book: customerBook, clientFor })
  const exportsService = new ExportService({
    dir: join(dataDir, 'exports'),
    read: exportSourceReader({
      holdings,
      directory: memberDirectory,
      orders,
      book: customerBook,
      journal,
      // Built with the services below: asked for only when an export runs.
      renewals: { exportTable: (...a) => services.renewals.exportTable(...a) },
      activeProfile: () => profiles.activeId(),
      locale: async () => resolveLocale((await settings.get()).locale, info.systemLocale),
    }),
    emit: (p) => events.emit('exports.progress', p),
    choosePath: options.chooseExportPath,
    holdAfterRows: options.exportHoldAfterRows,
  })
  const services: Services = {
    info,
    dataDir,
    owner,
    log,
    events,
    storage,
    vault,
    settings,
    profiles,
    sandbox,
    db,
    drafts,
    members,
    memberDirectory,
    holdings,
    customers,
    exports: exportsService,
    orders,
    renewals: new RenewalsService({
      bulk,
      dataDir,
      customers: (profileId) => customerBook.all(profileId),
      catalog: (profileId) => catalog.get(profileId),
      storage,
      drafts,
      instanceIdPrefix: async () => (await settings.get()).orders.instanceIdPrefix,
      onProgress: (s) => events.emit('renewals.progress', s),
    }),
    catalog,
    workspace: workspace.service,
    workspaceDrafts: workspace.drafts,
    testConnection: options.testConnection ?? testConnection,
    journal,
    clients,
    bulk,
    planner: new PlannerService({
      holdings,
      bulk,
      journal,
      storage,
      concurrency: async () => (await settings.get()).bulk.concurrency,
      elsewhere: (t, n) => assets.whereIs(t.profileId, n, t.enterpriseGlobalId),
    }),
    offboard: new OffboardService({
      clientFor,
      holdings,
      directory: memberDirectory,
      bulk,
      locale: async () => resolveLocale((await settings.get()).locale, info.systemLocale),
      pageSize: async () => (await settings.get()).limits.maxPageSize,
      concurrency: async () => (await settings.get()).bulk.concurrency,
    }),
    enterprises,
    assets,
    lookup,
    shellnums: new ShellNumberHistory(storage),
    openedFiles: new OpenedFiles({
      importDrafts: async (content) => drafts.importFile(content, await profiles.activeId()),
      onOpened: (id) => events.emit('files.opened', { id }),
    }),
    updates: new UpdateService({
      version: options.version,
      feedUrl: async () => (await settings.get()).updates.feedUrl,
      installer: options.updateInstaller?.(log.child('updates')) ?? null,
      log: log.child('updates'),
      ...options.updateFeed,
    }),
  }
  // Load the jobs on disk now, so interrupted ones are known before the first screen asks.
  services.bulk.init().catch((err: unknown) => log.warn('bulk: could not load the jobs on disk', { error: String(err) }))
  // The outbox sends in the app (and browser mode); a CLI command that submits starts it itself.
  if (options.shell !== 'cli' && owner.owns) orders.start()
  // The workspace syncs in the process that owns the data folder (the CLI: `workspace status` runs a round).
  if (owner.owns && options.shell !== 'cli') {
    await workspace.service.start().catch((err: unknown) => log.warn('workspace: could not start', { error: String(err) }))
  }

  const registry = new HandlerRegistry(log.child('ipc'))
  registerAppHandlers(registry, services)
  registerProfileHandlers(registry, services)
  registerAssetHandlers(registry, services)
  registerShellnumHandlers(registry, services)
  registerLookupHandlers(registry, services)
  registerImportHandlers(registry, services)
  registerLockHandlers(registry, services)
  registerBulkHandlers(registry, services)
  registerJournalHandlers(registry, services)
  registerDraftHandlers(registry, services)
  registerMemberHandlers(registry, services)
  registerHoldingsHandlers(registry, services)
  registerPlannerHandlers(registry, services)
  registerOffboardHandlers(registry, services)
  registerCustomerHandlers(registry, services)
  registerCatalogHandlers(registry, services)
  registerOrderHandlers(registry, services)
  registerExportHandlers(registry, services)
  registerRenewalHandlers(registry, services)
  registerFileHandlers(registry, services)
  registerWorkspaceHandlers(registry, services)
  workspace.service.subscribe((s) => events.emit('workspace.status', s))
  registerWorkspaceDraftHandlers(registry, services)

  const missing = registry.missing()
  if (missing.length > 0) throw new Error(`channels without a handler: ${missing.join(', ')}`)

  // The sandbox runs exactly while the Sandbox profile is active.
  const syncSandbox = (activeId: string): void => {
    const done = activeId === SANDBOX_PROFILE_ID ? services.sandbox.ensure() : services.sandbox.stop()
    done.catch(() => undefined) // failures are logged and published as sandbox.status
  }
  let offProfiles = (): void => {}
  if (options.followActiveProfile ?? true) {
    offProfiles = events.on('profiles.changed', ({ activeId }) => syncSandbox(activeId))
    syncSandbox(await services.profiles.activeId())
  }

  log.info('core started', { shell: options.shell, version: options.version, keychain: vault.backend, ownsDataDir: owner.owns })
  let disposed = false
  return {
    registry,
    events,
    services,
    async dispose() {
      if (disposed) return
      disposed = true
      offProfiles()
      // Running jobs pause (their calls in flight finish first), then the clients and the journal close; all
      // before the sandbox stops.
      await services.bulk.close()
      await exportsService.dispose()
      await orders.close()
      await workspace.engine.close()
      await clients.close()
      await journal.close()
      await sandbox.stop()
      db.close()
      owner.release()
      log.info('core stopped')
    },
  }
}
