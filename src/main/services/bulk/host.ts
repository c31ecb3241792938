/** The one bulk runner of a core: clients from the core's pool, progress as `bulk.progress` events. */
import type { BulkProgress } from '@shared/ipc/channels/bulk'
import { clientPoolFor, type ClientPoolHost } from '../../api/client-pool'
import { journalFor } from '../journal'
import { BulkRunner } from './runner'

/** What the runner needs from the core (the core's Services satisfies it). */
export interface BulkHost extends ClientPoolHost {
  profiles: ClientPoolHost['profiles'] & {
    activeId(): Promise<string>
    get(id: string): Promise<{ operatorIdentity: string }>
  }
  events: ClientPoolHost['events'] & { emit(name: 'bulk.progress', payload: BulkProgress): void }
}

const runners = new WeakMap<object, BulkRunner>()

/** The core's bulk runner (one per core; jobs interrupted by a crash are listed once it has loaded). */
export function bulkRunnerFor(host: BulkHost): BulkRunner {
  let r = runners.get(host)
  if (!r) {
    const pool = clientPoolFor(host)
    r = new BulkRunner({
      dataDir: host.dataDir,
      clientFor: (id) => pool.get(id),
      settings: async () => (await host.settings.get()).bulk,
      activeProfileId: () => host.profiles.activeId(),
      operatorIdentity: async (id) => (await host.profiles.get(id)).operatorIdentity,
      onProgress: (p) => host.events.emit('bulk.progress', p),
    })
    runners.set(host, r)
  }
  return r
}

/**
 * Stops the engine of a core: running jobs are paused (their calls in flight finish first), then the clients
 * and the journal are closed. Call before the sandbox stops.
 */
export async function disposeEngine(host: BulkHost): Promise<void> {
  const runner = runners.get(host)
  runners.delete(host)
  if (runner) await runner.close()
  await clientPoolFor(host).close()
  await journalFor(host).close()
}
