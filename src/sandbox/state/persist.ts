/**
 * The data file: state survives restarts. Writes are atomic (write-file-atomic: temp file, fsync, rename) and
 * coalesced: after a change the state is written within `delayMs` (longer for a big state: at most a fifth of
 * the time goes to serialising), one write at a time, and `flush()` (called on close) writes whatever is left. A file that is not sandbox state is refused with a clear message, never
 * overwritten.
 */
import { readFile } from 'node:fs/promises'
import writeFileAtomic from 'write-file-atomic'
import { stateSchema } from './schema'
import { Store } from './store'

/** A data file that cannot be used: unreadable, not JSON, or not sandbox state. The message names the file. */
export class StateFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message)
    this.name = 'StateFileError'
  }
}

/** Loads a data file; null when it does not exist yet. Throws StateFileError when it cannot be used. */
export async function loadStateFile(file: string): Promise<Store | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw new StateFileError(file, `cannot read the data file ${file}: ${(err as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    throw new StateFileError(file, `the data file ${file} is not valid JSON (${(err as Error).message}); move it away or pick another file`)
  }
  const parsed = stateSchema.safeParse(json)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    const where = first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'unknown problem'
    throw new StateFileError(file, `the data file ${file} does not hold sandbox state (${where}); move it away or pick another file`)
  }
  return Store.fromData(parsed.data)
}

export class Persister {
  private written = -1
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  /** How long the last serialisation blocked the event loop; big states are written less often. */
  private lastCostMs = 0

  constructor(
    private readonly file: string,
    private readonly store: Store,
    private readonly onError: (err: Error) => void,
    private readonly delayMs = 50,
  ) {}

  /** The first write of a new file: failing here (no such folder, no permission) stops the start. */
  async initial(): Promise<void> {
    const revision = this.store.revision
    try {
      await writeFileAtomic(this.file, JSON.stringify(this.store.toData()), { encoding: 'utf8' })
    } catch (err) {
      throw new StateFileError(this.file, `cannot write the data file ${this.file}: ${(err as Error).message}`)
    }
    this.written = revision
  }

  /** Writes soon if the state changed since the last write. */
  schedule(): void {
    if (this.timer || this.store.revision === this.written) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.write()
    }, Math.max(this.delayMs, 4 * this.lastCostMs))
  }

  /** Writes now (after any write in progress) if anything is unwritten. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    if (this.running) await this.running
    if (this.store.revision !== this.written) await this.write()
  }

  private write(): Promise<void> {
    if (this.running) return this.running.then(() => this.schedule())
    const revision = this.store.revision
    const started = performance.now()
    const text = JSON.stringify(this.store.toData())
    this.lastCostMs = performance.now() - started
    this.running = writeFileAtomic(this.file, text, { encoding: 'utf8' }).then(
      () => {
        this.written = revision
        this.running = null
        // Changes made while writing go out in the next write.
        this.schedule()
      },
      (err: unknown) => {
        // Reported once; the next change (or close) tries again.
        this.running = null
        this.onError(err instanceof Error ? err : new Error(String(err)))
      },
    )
    return this.running
  }
}
