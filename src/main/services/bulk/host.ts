/** How a core builds its one bulk runner: clients from the core's pool, progress as `bulk.progress` events. */
import type { BulkProgress } from '@shared/ipc/channels/bulk'
import type { Settings } from '@shared/settings'
import type { ClientPool } from '../../api/client-pool'
import type { JobSecretVault } from '../vault/job-secrets'
import { BulkRunner } from './runner'

/** What the runner needs from the core (the core's Services satisfies it). */
export interface BulkHost {
  dataDir: string
  clients: Pick<ClientPool, 'get'>
  settings: { get(): Promise<Settings> }
  profiles: {
    activeId(): Promise<string>
    get(id: string): Promise<{ operatorIdentity: string }>
  }
  events: { emit(name: 'bulk.progress', payload: BulkProgress): void }
  /** Throws unless this process owns the data folder (see core/owner.ts). */
  owner?: () => void
  /** Items' secrets (an import's initial passwords) live in the vault, keyed by job and row. */
  vault: { jobs: JobSecretVault }
}

/** The core's bulk runner (built once, in createCore; jobs interrupted by a crash are listed once it has loaded). */
export function createBulkRunner(host: BulkHost): BulkRunner {
  return new BulkRunner({
    dataDir: host.dataDir,
    clientFor: (id) => host.clients.get(id),
    settings: async () => (await host.settings.get()).bulk,
    activeProfileId: () => host.profiles.activeId(),
    operatorIdentity: async (id) => (await host.profiles.get(id)).operatorIdentity,
    onProgress: (p) => host.events.emit('bulk.progress', p),
    secrets: host.vault.jobs,
    ...(host.owner ? { owner: host.owner } : {}),
  })
}
