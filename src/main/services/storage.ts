/**
 * Files in the app's data folder. Every write is atomic (temp file, fsync, rename, then fsync of the folder) so a
 * crash leaves the old file or the new one, never half of one. Every read is validated with zod; a file that is
 * not valid JSON or does not match its schema is never silently replaced: it is renamed aside to
 * `<name>.corrupt-<time>`, logged, and listed in `issues()` so the app can tell the user.
 */
import { mkdir, open, readFile, rename } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import type { z } from 'zod'
import { AppError } from '@shared/errors/app-error'
import type { Logger } from './log'
import { isoUtc } from '@shared/time/dates'

/** A data file that could not be used and was kept aside. */
export interface StorageIssue {
  /** The file as the app knows it (relative to the data folder). */
  file: string
  /** Where the unreadable content was moved (relative to the data folder). */
  keptAs: string
  /** What was wrong, in a few words (never the content). */
  problem: string
  at: number
}

/** A JSON file validated by a schema, with serialized atomic writes. */
export class JsonFile<T> {
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly storage: Storage,
    /** Path relative to the data folder. */
    readonly name: string,
    private readonly schema: z.ZodType<T>,
    private readonly fallback: () => T,
  ) {}

  /** Absolute path of the file. */
  get path(): string {
    return join(this.storage.dataDir, this.name)
  }

  /**
   * Reads and validates the file; a missing file gives the fallback, a corrupt one is kept aside first.
   * Reads queue with writes, so a read sees every earlier write and two reads never both try to move the
   * same corrupt file aside.
   */
  read(): Promise<T> {
    const run = this.queue.then(() => this.readNow())
    this.queue = run.catch(() => undefined)
    return run
  }

  private async readNow(): Promise<T> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return this.fallback()
      throw AppError.app('app.storage', { detail: `${this.name}: ${(err as Error).message}` })
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      await this.storage.keepAside(this.name, 'not valid JSON')
      return this.fallback()
    }
    const parsed = this.schema.safeParse(json)
    if (!parsed.success) {
      const first = parsed.error.issues[0]
      await this.storage.keepAside(this.name, `does not match its schema (${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'})`)
      return this.fallback()
    }
    return parsed.data
  }

  /** Writes the whole file atomically; writes to one file happen one after another, in call order. */
  write(value: T): Promise<void> {
    const run = this.queue.then(() => this.storage.writeAtomic(this.name, JSON.stringify(value, null, 2) + '\n'))
    this.queue = run.catch(() => undefined)
    return run
  }
}

/** The data folder: atomic writes, validated reads, corrupt files kept aside and reported. */
export class Storage {
  private readonly found: StorageIssue[] = []

  constructor(
    readonly dataDir: string,
    private readonly log: Logger,
  ) {}

  /** A JSON file in the data folder (`name` may contain sub-folders). */
  file<T>(name: string, schema: z.ZodType<T>, fallback: () => T): JsonFile<T> {
    return new JsonFile(this, name, schema, fallback)
  }

  /** Files found unreadable since start, oldest first. */
  issues(): StorageIssue[] {
    return [...this.found]
  }

  /** Records an unreadable file kept aside by another store (the database), so the app reports it like the rest. */
  record(issue: StorageIssue): void {
    this.found.push(issue)
  }

  /** Writes `data` to `name` atomically: temp file, fsync, rename, fsync of the folder. Files are private (0600). */
  async writeAtomic(name: string, data: string | Buffer): Promise<void> {
    const path = join(this.dataDir, name)
    try {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      await writeFileAtomic(path, data, { fsync: true, mode: 0o600 })
      await fsyncDir(dirname(path))
    } catch (err) {
      this.log.error('write failed', { file: name, error: err })
      throw AppError.app('app.storage', { detail: `${name}: ${(err as Error).message}` })
    }
  }

  /** Renames an unreadable file aside and records the issue. */
  async keepAside(name: string, problem: string): Promise<StorageIssue> {
    const stamp = isoUtc(Date.now()).replace(/[:.]/g, '-')
    const keptAs = `${name}.corrupt-${stamp}`
    try {
      await rename(join(this.dataDir, name), join(this.dataDir, keptAs))
    } catch (err) {
      // If it cannot even be moved, refuse to go on: writing over it would lose it.
      this.log.error('could not keep a corrupt file aside', { file: name, error: err })
      throw AppError.app('app.storage', { detail: `${name} ${problem}, and it could not be moved aside: ${(err as Error).message}` })
    }
    const issue: StorageIssue = { file: name, keptAs: keptAs, problem, at: Date.now() }
    this.found.push(issue)
    this.log.warn(`data file ${basename(name)} ${problem}; kept aside as ${basename(keptAs)}`, { file: name, keptAs })
    return issue
  }
}

// Makes the rename itself durable. Folders cannot be opened for fsync on Windows; there the rename is enough.
async function fsyncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
