/**
 * Handlers of the asset numbers screen: issue shell numbers (order operation 9, journaled by the client as every
 * write is) and keep every batch in the local history (src/main/services/shellnums).
 */
import { randomUUID } from 'node:crypto'
import { AppError } from '@shared/errors/app-error'
import type { ShellBatch } from '@shared/ipc/channels/shellnums'
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'
import { targetProfile } from '../services/enterprise'

/** Registers the `shellnums.*` channels. */
export function registerShellnumHandlers(registry: HandlerRegistry, services: Services): void {
  const history = services.shellnums

  registry.handle('shellnums.issue', async ({ profileId: given, size }) => {
    const max = (await services.settings.get()).limits.maxShellNumsPerCall
    if (size > max) {
      throw AppError.app('app.invalidInput', { detail: `size: at most ${max}` }, { issues: [{ path: 'size', message: `at most ${max}` }] })
    }
    const profileId = await targetProfile(services.profiles, given)
    const [client, profile] = await Promise.all([services.clients.get(profileId), services.profiles.get(profileId)])
    const numbers = await client.getShellNums(size)
    const batch: ShellBatch = { id: randomUUID(), profileId, profileName: profile.name, issuedAt: Date.now(), requested: size, numbers }
    // The numbers exist at the service now: if they cannot be written down, they are still shown (and the journal
    // has the call), never dropped with an error.
    try {
      await history.add(batch)
    } catch (err) {
      services.log.error('shell numbers issued but not kept in the local history', { error: err, count: numbers.length })
      return { ...batch, unsaved: true }
    }
    return batch
  })
  registry.handle('shellnums.history', () => history.list())
  registry.handle('shellnums.forget', ({ id }) => history.forget(id))
}
