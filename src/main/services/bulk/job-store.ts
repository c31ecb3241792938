/**
 * Bulk jobs on disk, so a crash or restart loses nothing: `<dataDir>/jobs/<id>/log.jsonl` (append-only,
 * fsynced: for a lock job first the job itself — kind, target, unique items, where duplicates were — then status
 * changes, "about to send these items" before each create call, and the results of every call) and, for an
 * import, `<id>/job.json` (the job, written atomically; its employees' passwords are never in it: they live in the
 * vault, keyed by job and row, removed once no longer needed). The state of a job is its log replayed over its items; a torn last line is skipped and reported.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, readFile, rename, rm, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { AppError, appErrorDataSchema, type AppErrorData } from '@shared/errors/app-error'
import { JOB_STATUSES, itemResultSchema, type ItemResult, type JobStatus } from '@shared/ipc/channels/bulk'
import { AppendLog } from '../journal/append-log'
import { Scratch, putJsonWithArray } from '../journal/scratch'
import { bootId, isThisBoot } from '../journal/boot'
import { MemoryJobSecrets, type JobSecretVault } from '../vault/job-secrets'
import { jobFileSchema, openJob, type JobBase, type JobFile } from './kinds'

export const JOBS_DIR = 'jobs'

/**
 * Longest wait of a lazy line (results, mostly) before it is written: results gather into one line per write,
 * and each write costs an fsync (about the CPU of ten calls). After a kill, items answered in this last moment
 * are redone (a lock sent again, an employee read back).
 */
const LAZY_MS = 100

/**
 * Distinct results gathered after which their line is written without waiting for LAZY_MS. An import's results
 * are one group each (each employee's id): the line left for the end of a run (the final status waits for it)
 * is then about this many, not everything answered in the last 100 ms (2,000 employees: 120 KB to serialise).
 * A lock job's results share a few objects, so its lines stay small and wait as before.
 */
const GROUPS_PER_LINE = 1_000

/** Input position of each unique item. */
export function positionsOf(file: JobBase): number[] {
  return file.positions ?? file.items.map((_, i) => i)
}

/**
 * Items of a "result" group: item numbers, and `[first, last]` for a run of consecutive ones (a chunk's items
 * are consecutive, so a 10,000-lock run that all went well is a few pairs, not 10,000 numbers).
 */
const itemRunsSchema = z.array(z.union([z.number().int(), z.tuple([z.number().int(), z.number().int()])]))
type ItemRuns = z.output<typeof itemRunsSchema>

/** Adds an item to runs, extending the last run when it follows it. */
function addToRuns(runs: ItemRuns, i: number): void {
  const last = runs[runs.length - 1]
  if (typeof last === 'number' && last + 1 === i) runs[runs.length - 1] = [last, i]
  else if (Array.isArray(last) && last[1] + 1 === i) last[1] = i
  else runs.push(i)
}

/** Every item of some runs. */
function* itemsOf(runs: ItemRuns): Generator<number> {
  for (const r of runs) {
    if (typeof r === 'number') yield r
    else for (let i = r[0]; i <= r[1]; i++) yield i
  }
}

const logLineSchema = z.discriminatedUnion('e', [
  /**
   * The job itself (lock jobs: their first line after the first `boot`; an import has its job.json instead,
   * rewritten without passwords).
   */
  z.object({ e: z.literal('job'), job: jobFileSchema, at: z.number() }),
  z.object({ e: z.literal('status'), status: z.enum(JOB_STATUSES), at: z.number(), error: appErrorDataSchema.optional() }),
  /**
   * About to send these items (create kinds; on disk, fsynced, before any of them is sent, a batch ahead): if
   * no result follows, they may have been sent (see `sent`).
   */
  z.object({ e: z.literal('send'), items: z.array(z.number().int()), at: z.number() }),
  /**
   * These items' request is leaving now (create kinds): written at once before it leaves, without an fsync, so
   * after the app is killed an item with a `send` line but no `sent` line surely never left (in this boot of
   * the machine: see `boot`).
   */
  z.object({ e: z.literal('sent'), items: z.array(z.number().int()), at: z.number() }),
  /** Written each time the log is opened: the boot of the machine the lines after it were written in. */
  z.object({ e: z.literal('boot'), boot: z.string(), at: z.number() }),
  /** Results, grouped: each distinct result once with the items that got it (most chunks have one or two). */
  z.object({ e: z.literal('result'), g: z.array(z.tuple([itemResultSchema, itemRunsSchema])), at: z.number() }),
  /** These items go back to pending (retry of failed items). */
  z.object({ e: z.literal('reset'), items: z.array(z.number().int()), at: z.number() }),
])
export type JobLogLine = z.output<typeof logLineSchema>

/** Results recorded since the log's last flush: one "result" line, made when it is written. */
interface OpenResults {
  /**
   * Grouped by identity: results of one kind are shared objects (every "ok, status 1" of a job), and one error
   * object is shared by the items of a failed call, so a line has a few groups.
   */
  groups: Map<ItemResult, ItemRuns>
  at: number
  written: Promise<void>
}

/** A job read back from disk. */
export interface LoadedJob {
  file: JobFile
  /** Per unique item: its last recorded result, if any. */
  results: (ItemResult | undefined)[]
  /** Per unique item: how many results it has had (its first run's and each retry's). */
  tries: Uint16Array
  /**
   * Items about to be sent without a recorded result (the app stopped while they were queued or in flight),
   * and unknown ones a retry put back.
   */
  inFlight: Set<number>
  /** Of those, the ones that may have left: all of them unless the log says, in this boot, which were sent. */
  maybeSent: Set<number>
  /** The last status written; `running` here means the app stopped while it ran. */
  status: JobStatus
  error?: AppErrorData
  updatedAt: number
  /** Lines that could not be read (a torn last line after a crash). */
  issues: string[]
}

/** The jobs folder of one data folder. */
export class JobStore {
  readonly dir: string
  private readonly logs = new Map<string, AppendLog>()
  /** Per job: the results line being gathered for the log's next flush. */
  private readonly open = new Map<string, OpenResults>()
  /** Job file writes in progress, per job (queued one after the other). */
  private readonly writing = new Map<string, Promise<void>>()

  /** Rows of each job whose secret this store put in the vault (so a rewrite knows which to remove). */
  private readonly vaulted = new Map<string, Set<number>>()

  /** `secrets`: where the items' secrets live (the vault's; default: this process's memory). */
  constructor(
    dataDir: string,
    private readonly secrets: JobSecretVault = new MemoryJobSecrets(),
  ) {
    this.dir = join(dataDir, JOBS_DIR)
  }

  private jobDir(id: string): string {
    if (!/^[\w-]+$/.test(id)) throw AppError.app('app.notFound', { what: id })
    return join(this.dir, id)
  }

  /**
   * Records a new job. A lock job's definition is the first line of its log: one write instead of a file of its
   * own (a lock job never rewrites it), serialised and written once the first calls have left (see flushSoon;
   * within LAZY_MS otherwise), and not waited for by the run: a job lost to a crash in those milliseconds has
   * done nothing twice. An import's is its job.json, written atomically and awaited before
   * anything is sent: its items are read back after a crash, and its passwords are later removed from that file.
   * (`ownFile`: a job whose items hold secrets, rewritten without them later.)
   */
  create(file: JobBase, opts: { ownFile: boolean }): Promise<void> {
    if (opts.ownFile) return this.writeJob(file, { fresh: true })
    // Written with the log's next flush: the runner asks for one once the first calls have left (flushSoon).
    return this.logOf(file.id).append(() => JSON.stringify({ e: 'job', job: file, at: file.createdAt }), { lazy: true })
  }

  /** Writes a job's lazy lines soon (once the I/O and promise jobs queued now have run). */
  flushSoon(id: string): void {
    this.logs.get(id)?.flushSoon()
  }

  /**
   * Writes a job's file atomically (on creation, and to drop passwords no longer needed): a new file, flushed to
   * disk, renamed over the old one, so a crash leaves the old file or the new one, never a part. Written here
   * rather than with write-file-atomic, which for the same guarantee takes about twice the CPU (it registers
   * exit handlers and reads the old file's owner on every write): this runs once per bulk job, on the clock.
   * Writes of one job are queued, so an older content can never land after a newer one.
   */
  writeJob(file: JobBase, opts: { fresh?: boolean } = {}): Promise<void> {
    // A new job's file is made first, before its first calls are built: of the two writes the first sends wait
    // for, it is the larger (5,000 employees: 380 KB against 20 KB of journal), so its disk wait starts first.
    const before = this.writing.get(file.id) ?? Promise.resolve()
    const write = before.then(() => this.writeWithSecrets(file, opts.fresh === true))
    const settled = write.catch(() => undefined)
    this.writing.set(file.id, settled)
    void settled.then(() => {
      if (this.writing.get(file.id) === settled) this.writing.delete(file.id)
    })
    return write
  }

  /**
   * The job's file holds no secret: they go to the vault. A new job's file is written first, then its secrets (a
   * crash in between leaves a job whose employees fail with "password not kept", never a secret without its
   * job); a rewrite removes from the vault the rows the job no longer keeps.
   */
  private async writeWithSecrets(file: JobBase, fresh: boolean): Promise<void> {
    const secrets = openJob(file).secrets
    if (!secrets) return this.writeJobNow(file, fresh)
    const { file: bare, rows } = secrets.split()
    await this.writeJobNow(bare, fresh)
    const id = file.id
    const kept = this.vaulted.get(id) ?? new Set<number>()
    try {
      if (fresh) {
        if (rows.size > 0) await this.secrets.put(id, rows)
      } else {
        const gone = [...kept].filter((r) => !rows.has(r))
        if (gone.length > 0) await this.secrets.drop(id, gone)
      }
    } catch (err) {
      throw err instanceof AppError ? err : AppError.app('app.keychain', { detail: (err as Error).message })
    }
    this.vaulted.set(id, new Set(rows.keys()))
  }

  /**
   * `fresh`: a new job's file, written in place (no rename: nothing of the job is sent before it is on disk, so
   * a file torn by a crash is a job that did nothing, as if it had never been written).
   */
  private async writeJobNow(file: JobBase, fresh: boolean): Promise<void> {
    const dir = this.jobDir(file.id)
    const target = join(dir, 'job.json')
    const tmp = fresh ? target : `${target}.${randomBytes(6).toString('hex')}.tmp`
    // The file is made while the text is (5,000 employees: 1.5 ms of this thread), so the steps after the text
    // wait on the disk alone.
    const opened = mkdir(dir, { recursive: true, mode: 0o700 }).then(() => open(tmp, 'wx', 0o600))
    opened.catch(() => undefined)
    const text = new Scratch()
    try {
      putJsonWithArray(text, file, 'items')
      text.put('\n')
      const bytes = text.bytes()
      const fh = await opened
      try {
        for (let off = 0; off < bytes.length; ) off += (await fh.write(bytes, off)).bytesWritten
        await fh.datasync()
      } finally {
        await fh.close()
      }
      if (!fresh) await rename(tmp, target)
    } catch (err) {
      if (!fresh) await unlink(tmp).catch(() => undefined)
      throw AppError.app('app.storage', { detail: `job ${file.id}: ${(err as Error).message}` })
    } finally {
      text.release()
    }
  }

  /** Appends a line to a job's log; resolves once it is on disk (`lazy`: written with the next flush). */
  append(id: string, line: JobLogLine, opts: { lazy?: boolean } = {}): Promise<void> {
    // Results recorded after this line go in a line after it.
    this.open.delete(id)
    return this.logOf(id).append(JSON.stringify(line), opts)
  }

  /**
   * Records results (`results[k]` of `items[k]`) in the job's log, lazily: everything recorded until the log's
   * next flush goes in one "result" line, grouped, made as it is written (one line per flush instead of one per
   * call). Resolves once they are on disk.
   */
  addResults(id: string, items: readonly number[], results: readonly ItemResult[], at: number): Promise<void> {
    let open = this.open.get(id)
    if (!open) {
      const o: OpenResults = { groups: new Map(), at, written: Promise.resolve() }
      o.written = this.logOf(id).append(
        () => {
          if (this.open.get(id) === o) this.open.delete(id)
          return JSON.stringify({ e: 'result', g: [...o.groups.entries()], at: o.at })
        },
        { lazy: true },
      )
      this.open.set(id, o)
      open = o
    }
    open.at = at
    let r: ItemResult | undefined
    let g: ItemRuns | undefined
    for (let k = 0; k < results.length; k++) {
      // A chunk's items mostly share one result object: look its group up once.
      if (results[k] !== r) {
        r = results[k]!
        g = open.groups.get(r)
        if (!g) open.groups.set(r, (g = []))
      }
      addToRuns(g!, items[k]!)
    }
    if (open.groups.size >= GROUPS_PER_LINE) this.logOf(id).flushSoon()
    return open.written
  }

  private logOf(id: string): AppendLog {
    let log = this.logs.get(id)
    if (!log) {
      const path = join(this.jobDir(id), 'log.jsonl')
      log = new AppendLog(() => path, LAZY_MS, () => JSON.stringify({ e: 'boot', boot: bootId(), at: Date.now() } satisfies JobLogLine))
      this.logs.set(id, log)
    }
    return log
  }

  /**
   * Records that these items' request is leaving now (see the `sent` line): written at once, no fsync. Null
   * when written; else (the log not open) a promise of the line on disk, to wait for before sending.
   */
  markSent(id: string, items: readonly number[], at: number): Promise<void> | null {
    const line = `{"e":"sent","items":[${items.join(',')}],"at":${at}}`
    const log = this.logOf(id)
    return log.writeNow(line) ? null : log.append(line)
  }

  /** Ids of every job on disk. */
  async ids(): Promise<string[]> {
    try {
      return (await readdir(this.dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw AppError.app('app.storage', { detail: (err as Error).message })
    }
  }

  /** Reads a job and replays its log; null when its file is missing or unreadable. */
  async load(id: string): Promise<LoadedJob | null> {
    const dir = this.jobDir(id)
    let file: JobFile | null = null
    try {
      const parsed = jobFileSchema.safeParse(JSON.parse(await readFile(join(dir, 'job.json'), 'utf8')))
      if (!parsed.success) return null
      file = parsed.data
    } catch {
      // No job.json: a lock job, defined by the first line of its log.
    }
    let text = ''
    try {
      text = await readFile(join(dir, 'log.jsonl'), 'utf8')
    } catch {
      // no log yet: created, nothing run
    }
    const lines = text.split('\n')
    const issues: string[] = []
    const parsedLines: JobLogLine[] = []
    lines.forEach((raw, i) => {
      if (raw.trim() === '') return
      try {
        const parsed = logLineSchema.safeParse(JSON.parse(raw))
        if (!parsed.success) throw new Error('not a job log line')
        parsedLines.push(parsed.data)
      } catch {
        issues.push(`log.jsonl line ${i + 1}: ${i === lines.length - 1 ? 'incomplete last line' : 'unreadable'}`)
      }
    })
    if (!file) {
      // (after the `boot` line of the log's first opening)
      const first = parsedLines.find((l) => l.e !== 'boot')
      if (first?.e !== 'job' || first.job.id !== id) return null
      file = first.job
    }
    const job: LoadedJob = {
      file,
      results: new Array<ItemResult | undefined>(file.items.length).fill(undefined),
      tries: new Uint16Array(file.items.length),
      inFlight: new Set(),
      maybeSent: new Set(),
      status: 'running',
      updatedAt: file.createdAt,
      issues,
    }
    // Items sent (a `sent` line) and not answered since; whether the lines since the last `boot` are this boot's.
    const sent = new Set<number>()
    let thisBoot = false
    for (const line of parsedLines) {
      // Opening the log is not activity of the job.
      if (line.e !== 'boot') job.updatedAt = Math.max(job.updatedAt, line.at)
      const n = file.items.length
      switch (line.e) {
        case 'job':
          break
        case 'boot':
          thisBoot = isThisBoot(line.boot)
          break
        case 'sent':
          for (const i of line.items) if (i < n) sent.add(i)
          break
        case 'status':
          job.status = line.status
          if (line.error) job.error = line.error
          else delete job.error
          break
        case 'send':
          for (const i of line.items) if (i < n) job.inFlight.add(i)
          break
        case 'result':
          for (const [r, runs] of line.g) {
            for (const i of itemsOf(runs)) {
              if (i >= n) continue
              job.results[i] = r
              if (job.tries[i]! < 0xffff) job.tries[i]!++
              job.inFlight.delete(i)
              sent.delete(i)
            }
          }
          break
        case 'reset':
          for (const i of line.items) {
            if (i >= n) continue
            // An unknown create may have been done: read back before it is sent again (its `send` line was
            // cleared by the unknown result).
            if (job.results[i]?.state === 'unknown') {
              job.inFlight.add(i)
              sent.add(i)
            }
            job.results[i] = undefined
          }
          // A retry run starts with it (its own status line is lazy): unfinished until a later status says otherwise.
          job.status = 'running'
          delete job.error
          break
      }
    }
    // Killed in this boot: the `sent` lines are all there, so the others were never sent. After the machine
    // stopped, the lines written but not yet fsynced may be lost: anything about to be sent may have been.
    for (const i of job.inFlight) if (!thisBoot || sent.has(i)) job.maybeSent.add(i)
    // A job that has ended needs no secret (and keeps none): the keychain is not asked for it.
    if (job.status !== 'completed' && job.status !== 'cancelled') job.file = await this.withVaulted(file)
    return job
  }

  /** Flushes and closes a job's log. */
  async closeLog(id: string): Promise<void> {
    const log = this.logs.get(id)
    this.logs.delete(id)
    await log?.close()
  }

  /** Removes a job from disk. */
  async remove(id: string): Promise<void> {
    await this.closeLog(id)
    await rm(this.jobDir(id), { recursive: true, force: true })
    this.vaulted.delete(id)
    await this.secrets.drop(id, 'all').catch(() => undefined)
  }

  /**
   * A job read from disk with the secrets the vault kept for it. A file written before secrets moved to the
   * vault may still hold some: they are used, and leave the file at its next rewrite (into the vault first).
   */
  private async withVaulted(file: JobFile): Promise<JobFile> {
    const secrets = openJob(file).secrets
    if (!secrets) return file
    let rows: Map<number, string>
    try {
      rows = await this.secrets.get(file.id)
    } catch {
      // The keychain does not answer: the rows are read without their secrets (not sent: "password not kept").
      rows = new Map()
    }
    const legacy = secrets.split().rows
    for (const [r, s] of legacy) if (!rows.has(r)) rows.set(r, s)
    if (legacy.size > 0) {
      try {
        await this.secrets.put(file.id, legacy)
        await this.writeJobNow(secrets.split().file, false)
      } catch {
        // left in the file for the next rewrite
      }
    }
    this.vaulted.set(file.id, new Set(rows.keys()))
    // The same job with some optional secrets filled in: of its own kind still.
    return secrets.withSecrets(rows) as JobFile
  }

  /** Closes every open log. */
  async close(): Promise<void> {
    await Promise.all([...this.logs.keys()].map((id) => this.closeLog(id)))
  }
}
