/**
 * The asset numbers issued on this computer, kept in `shellnums.json` (newest 100,000), so numbers already issued
 * are never lost to a reload, a restart or a closed window: the service has no way to list them again.
 */
import { z } from 'zod'
import { MAX_KEPT_SHELL_NUMBERS, shellBatchSchema, type ShellBatch, type ShellHistory } from '@shared/ipc/channels/shellnums'
import type { JsonFile, Storage } from '../storage'

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

  constructor(storage: Storage) {
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
