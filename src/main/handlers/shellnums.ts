/**
 * Handlers of the asset numbers screen: issue shell numbers (order operation 9, journaled by the client as every
 * write is) and keep every batch in `shellnums.json`, so numbers already issued are never lost to a reload, a
 * restart or a closed window. The service has no way to list them again.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { AppError } from '@shared/errors/app-error'
import { MAX_KEPT_SHELL_NUMBERS, shellBatchSchema, type ShellBatch, type ShellHistory } from '@shared/ipc/channels/shellnums'
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'
import type { JsonFile } from '../services/storage'
import { deskStateFor, targetProfile } from './assets'

const historyFileSchema = z.object({ version: z.literal(1), batches: z.array(shellBatchSchema) })
type HistoryFile = z.output<typeof historyFileSchema>

/** Drops the oldest batches until at most `max` numbers are kept (the newest batch always stays). */
export function trimHistory(batches: ShellBatch[], max = MAX_KEPT_SHELL_NUMBERS): ShellBatch[] {
  const kept: ShellBatch[] = []
  let total = 0
  for (const b of batches) {
    if (kept.length > 0 && total + b.numbers.length > max) break
    kept.push(b)
    total += b.numbers.length
  }
  return kept
}

/** The local record of issued numbers; writes are serialized so two quick batches never lose one another. */
export class ShellNumberHistory {
  private readonly file: JsonFile<HistoryFile>
  private chain: Promise<unknown> = Promise.resolve()

  constructor(storage: Services['storage']) {
    this.file = storage.file('shellnums.json', historyFileSchema, () => ({ version: 1, batches: [] }))
  }

  async list(): Promise<ShellHistory> {
    await this.chain
    return { batches: (await this.file.read()).batches }
  }

  /** Adds a batch at the top. */
  add(batch: ShellBatch): Promise<void> {
    return this.serial(async () => {
      const data = await this.file.read()
      await this.file.write({ version: 1, batches: trimHistory([batch, ...data.batches]) })
    })
  }

  /** Forgets one batch, or every batch without an id. */
  forget(id: string | undefined): Promise<ShellHistory> {
    return this.serial(async () => {
      const data = await this.file.read()
      const batches = id === undefined ? [] : data.batches.filter((b) => b.id !== id)
      await this.file.write({ version: 1, batches })
      return { batches }
    })
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn)
    this.chain = run.catch(() => undefined)
    return run
  }
}

/** Registers the `shellnums.*` channels. */
export function registerShellnumHandlers(registry: HandlerRegistry, services: Services): void {
  const desk = deskStateFor(services)
  const history = new ShellNumberHistory(services.storage)

  registry.handle('shellnums.issue', async ({ profileId: given, size }) => {
    const max = (await services.settings.get()).limits.maxShellNumsPerCall
    if (size > max) {
      throw AppError.app('app.invalidInput', { detail: `size: at most ${max}` }, { issues: [{ path: 'size', message: `at most ${max}` }] })
    }
    const profileId = await targetProfile(services, given)
    const [client, profile] = await Promise.all([desk.deps.clientFor(profileId), services.profiles.get(profileId)])
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
