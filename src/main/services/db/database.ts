/**
 * The app's embedded database: one SQLite file in the data folder (`desk.db`), opened with better-sqlite3 in WAL
 * mode. It holds what the app must search or change together (drafts, the customer book, the product catalog,
 * the order outbox and history): transactions and crash safety come with SQLite, full-text search with FTS5.
 *
 * - `synchronous=FULL`: a committed transaction is on disk when `commit` returns, so "saved" means saved even
 *   across a power cut, and the outbox can rely on it before it sends anything.
 * - Several processes share the file (the app and the CLI): WAL lets readers run beside one writer, and a writer
 *   waits up to `busy_timeout` for another instead of failing.
 * - Each area declares its tables as numbered migrations (`Migration`); they run once, in order, in a transaction
 *   each, and are recorded in `schema_migrations`.
 * - A file that is not a database (or is corrupt) is never silently replaced: it is moved aside as
 *   `desk.db.corrupt-<time>` (with its -wal and -shm), reported like any unreadable data file, and a fresh
 *   database is started.
 */
import { existsSync, renameSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import type { Database as SqliteDatabase } from 'better-sqlite3'
import { AppError } from '@shared/errors/app-error'
import type { Logger } from '../log'
import type { StorageIssue } from '../storage'
import { chooseBinding, describeNativeLoadError, type RuntimeFacts } from './native-binding'
import { isoUtc } from '@shared/time/dates'

export type Sqlite = SqliteDatabase

/** One step of an area's schema. `id` is unique across the app (`<area>-<n>`), and never changes once shipped. */
export interface Migration {
  id: string
  /** SQL run once, inside a transaction. */
  sql: string
}

/** The database file's name in the data folder. */
export const DB_FILE = 'desk.db'
/** How long a writer waits for another process's write to finish before failing with app.storage. */
const BUSY_TIMEOUT_MS = 5_000

export interface OpenDatabaseOptions {
  dataDir: string
  migrations: readonly Migration[]
  log: Logger
  /** Called when an unreadable file was moved aside (the core lists it in app.info.dataIssues). */
  onIssue?: (issue: StorageIssue) => void
  now?: () => number
  /** The runtime, for choosing better-sqlite3's build; default: this process's (tests pass fakes). */
  runtime?: RuntimeFacts
}

const MODULE = 'better-sqlite3'

/** This process's runtime facts, with the node_modules folder better-sqlite3 is loaded from. */
export function currentRuntime(): RuntimeFacts {
  const pkg = createRequire(import.meta.url).resolve(`${MODULE}/package.json`)
  const { electron, node, modules } = process.versions as NodeJS.ProcessVersions & { electron?: string }
  return { electron, node, abi: modules, nodeModulesDir: dirname(dirname(pkg)) }
}

/** The open database of a core. */
export class Database {
  private closed = false

  constructor(
    readonly sql: Sqlite,
    readonly path: string,
  ) {}

  /** Runs `fn` in one transaction (IMMEDIATE: takes the write lock at once, so two processes never deadlock). */
  tx<T>(fn: () => T): T {
    return this.sql.transaction(fn).immediate()
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.sql.close()
  }

  get open(): boolean {
    return !this.closed && this.sql.open
  }
}

const SQLITE_UNREADABLE = new Set(['SQLITE_NOTADB', 'SQLITE_CORRUPT'])

function isUnreadable(err: unknown): boolean {
  const code = (err as { code?: unknown }).code
  return typeof code === 'string' && SQLITE_UNREADABLE.has(code)
}

function connect(path: string, nativeBinding: string | undefined): Sqlite {
  const db = new BetterSqlite3(path, nativeBinding ? { nativeBinding } : {})
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    // Reads the header and the schema: a file that is not a database fails here, not at the first query.
    db.prepare('SELECT count(*) FROM sqlite_master').get()
    return db
  } catch (err) {
    db.close()
    throw err
  }
}

function migrate(db: Sqlite, migrations: readonly Migration[], now: number): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)')
  const done = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as string[])
  const seen = new Set<string>()
  const applied: string[] = []
  const record = db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)')
  for (const m of migrations) {
    if (seen.has(m.id)) throw new Error(`migration ${m.id} is declared twice`)
    seen.add(m.id)
    if (done.has(m.id)) continue
    db.transaction(() => {
      db.exec(m.sql)
      record.run(m.id, now)
    }).immediate()
    applied.push(m.id)
  }
  return applied
}

/** Opens (or creates) the data folder's database and brings its schema up to date. */
export function openDatabase(options: OpenDatabaseOptions): Database {
  const { dataDir, log } = options
  const now = options.now ?? Date.now
  const path = join(dataDir, DB_FILE)
  const runtime = options.runtime ?? currentRuntime()
  const { nativeBinding } = chooseBinding(MODULE, runtime, existsSync)
  let sql: Sqlite
  try {
    sql = connect(path, nativeBinding)
  } catch (err) {
    // A build for another runtime (or none) is said in one line with the command that fixes it, not as a stack.
    const native = describeNativeLoadError(MODULE, err, { ...runtime, packaged: runtime.nodeModulesDir.includes('app.asar') })
    if (native) {
      log.error('native module cannot load', { module: MODULE, nativeBinding, error: String(err) })
      throw native
    }
    if (!isUnreadable(err)) {
      throw AppError.app('app.storage', { detail: `${DB_FILE}: ${(err as Error).message}` })
    }
    const keptAs = `${DB_FILE}.corrupt-${isoUtc(now()).replace(/[:.]/g, '-')}`
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(path + suffix)) renameSync(path + suffix, join(dataDir, keptAs + suffix))
    }
    log.error('database unreadable, kept aside; starting a new one', { keptAs, error: String(err) })
    options.onIssue?.({ file: DB_FILE, keptAs, problem: 'not a readable database', at: now() })
    sql = connect(path, nativeBinding)
  }
  try {
    const applied = migrate(sql, options.migrations, now())
    if (applied.length > 0) log.info('database schema updated', { applied })
  } catch (err) {
    sql.close()
    throw AppError.app('app.storage', { detail: `${DB_FILE}: ${(err as Error).message}` })
  }
  return new Database(sql, path)
}

/** Escapes a user's text for a LIKE pattern with `ESCAPE '\'`. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
