/**
 * One owner per data folder: the one process that runs bulk jobs and sends the order outbox from it.
 *
 * The lock is an OS file lock, taken through SQLite (better-sqlite3, already in the app): `owner.lock` is opened in
 * EXCLUSIVE locking mode and written once, so the process keeps an exclusive lock on it (fcntl on Linux and macOS,
 * LockFileEx on Windows) until it closes the file or ends. The operating system drops the lock of a process that
 * dies in any way (kill -9, a crash, a power cut), so a lock left by a dead process is taken over by the next one
 * with no pid or age guessing; two processes racing for it cannot both win.
 *
 * Beside it, `owner.json` (mode 0600, in the 0700 data folder) says who holds it: pid, shell, since when, and the
 * address a browser-mode owner answers at. It is only information for the one-line message of a process that
 * found the folder taken; the lock alone decides.
 */
import { renameSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { z } from 'zod'
import { AppError } from '@shared/errors/app-error'
import { SHELLS, type Shell } from '@shared/ipc/channels/app'

export const OWNER_LOCK_FILE = 'owner.lock'
export const OWNER_INFO_FILE = 'owner.json'

const ownerInfoSchema = z.object({
  pid: z.number().int(),
  shell: z.enum(SHELLS),
  since: z.number(),
  address: z.string().optional(),
  /** The desktop app: the command that starts it again (a start with a file hands the file to this process). */
  launch: z.array(z.string().max(4096)).min(1).max(4).optional(),
})
export type OwnerInfo = z.output<typeof ownerInfoSchema>

/** This process's hold on a data folder. */
export interface DataDirOwner {
  readonly dataDir: string
  /** Records the address this process answers at (browser mode), for the message of a second one. */
  setAddress(address: string): void
  /** Records the command that starts this app again (the desktop build), for `license-desk open`. */
  setLaunch(launch: string[]): void
  /** Lets go of the folder (clean exit). Safe to call twice. */
  release(): void
}

/** Who holds a data folder, as its `owner.json` says (null: no such file, or not one of ours). */
export function readOwner(dataDir: string): OwnerInfo | null {
  try {
    const parsed = ownerInfoSchema.safeParse(JSON.parse(readFileSync(join(dataDir, OWNER_INFO_FILE), 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * The holder in words, for `app.dataDirBusy`: "process 1234 (browser mode, http://127.0.0.1:5173/)". The address
 * without its token: an error travels further (logs, a script's output) than the owner file.
 */
export function describeHolder(holder: OwnerInfo | null): string {
  // The lock is taken before owner.json is written and kept after it is removed: a holder not named yet is starting
  // or stopping. The sentence reads "License Desk <holder>".
  if (!holder) return 'process (starting or stopping)'
  const what = holder.shell === 'cli' ? 'license-desk command' : holder.shell === 'browser' ? 'browser mode' : 'app'
  return `process ${holder.pid} (${what}${holder.address ? `, ${holder.address.split('#')[0]}` : ''})`
}

/** The error of a folder held by another process. */
export function dataDirBusy(dataDir: string): AppError {
  return AppError.app('app.dataDirBusy', { holder: describeHolder(readOwner(dataDir)) })
}

/**
 * Data folders this process holds, with their open lock file: kept reachable here, as a database object nothing
 * refers to any more is closed by the garbage collector (and its lock dropped with it).
 */
const heldHere = new Map<string, BetterSqlite3.Database>()

function writeInfo(dataDir: string, info: OwnerInfo): void {
  const file = join(dataDir, OWNER_INFO_FILE)
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, JSON.stringify(info) + '\n', { mode: 0o600 })
  renameSync(tmp, file)
}

/**
 * Takes the data folder for this process, or returns null when another live process holds it (never waits).
 * Throws app.storage when the lock file cannot be opened at all.
 */
export function tryClaimDataDir(dataDir: string, shell: Shell): DataDirOwner | null {
  const key = resolve(dataDir)
  // Held by this very process (a second core in it): never open the file again, as closing a second handle would
  // drop the process's POSIX lock with it.
  if (heldHere.has(key)) return null
  let db: BetterSqlite3.Database
  try {
    // timeout 0: a held lock answers SQLITE_BUSY at once instead of waiting for it.
    db = new BetterSqlite3(join(dataDir, OWNER_LOCK_FILE), { timeout: 0 })
  } catch (err) {
    throw AppError.app('app.storage', { detail: `${OWNER_LOCK_FILE}: ${(err as Error).message}` })
  }
  try {
    db.pragma('journal_mode = DELETE')
    db.pragma('locking_mode = EXCLUSIVE')
    // A write in EXCLUSIVE locking mode keeps the exclusive lock after the commit, until the file is closed.
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS owner (pid INTEGER); DELETE FROM owner;')
    db.prepare('INSERT INTO owner (pid) VALUES (?)').run(process.pid)
    db.exec('COMMIT')
  } catch (err) {
    db.close()
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY') || (err as { code?: string }).code?.startsWith('SQLITE_LOCKED')) return null
    throw AppError.app('app.storage', { detail: `${OWNER_LOCK_FILE}: ${(err as Error).message}` })
  }
  heldHere.set(key, db)
  const info: OwnerInfo = { pid: process.pid, shell, since: Date.now() }
  writeInfo(dataDir, info)
  let released = false
  return {
    dataDir,
    setAddress(address) {
      if (released) return
      info.address = address
      writeInfo(dataDir, info)
    },
    setLaunch(launch) {
      if (released) return
      info.launch = launch
      writeInfo(dataDir, info)
    },
    release() {
      if (released) return
      released = true
      // The information goes first, while the lock still says it is ours to remove.
      if (readOwner(dataDir)?.pid === process.pid) rmSync(join(dataDir, OWNER_INFO_FILE), { force: true })
      db.close()
      heldHere.delete(key)
    },
  }
}

/** Takes the data folder or throws app.dataDirBusy naming the process that holds it. */
export function claimDataDir(dataDir: string, shell: Shell): DataDirOwner {
  const owner = tryClaimDataDir(dataDir, shell)
  if (!owner) throw dataDirBusy(dataDir)
  return owner
}
