/**
 * The secrets of a bulk job's rows: an import's initial passwords (one per employee), a bulk reset's one new
 * password. They live in the vault, keyed by job and row, never in a file: in the OS keychain they outlive a
 * restart; in the memory vault they last while the process runs (a restart moves those rows to the failed ones).
 *
 * In the keychain a job's rows are kept in blocks (account `bulk-job:<jobId>#<block>`, a JSON object row → secret):
 * one entry per row would be thousands of keychain writes for an import (a Secret Service write takes about 20 ms:
 * 5,000 employees in blocks of 20 took 5.5 s before the first call), and one entry per job could pass the size an
 * entry may have (2,560 bytes in the Windows Credential Manager). Hence 500 rows an entry, 20 on Windows.
 */
import type { KeytarApi } from './keytar-api'

/** A job's row secrets in a vault. The job-level secret of a reset is row -1. */
export interface JobSecretVault {
  /** Every row secret kept for the job. */
  get(jobId: string): Promise<Map<number, string>>
  /** Keeps these rows' secrets (others of the job are left as they are). */
  put(jobId: string, rows: ReadonlyMap<number, string>): Promise<void>
  /** Removes these rows' secrets, or all of the job's. */
  drop(jobId: string, rows: readonly number[] | 'all'): Promise<void>
}

/** Row secrets per keychain entry (on Windows, 20 passwords of up to 64 characters stay under 2,560 bytes). */
export const ROWS_PER_ENTRY = process.platform === 'win32' ? 20 : 500

const PREFIX = 'bulk-job:'
const accountOf = (jobId: string, block: number) => `${PREFIX}${jobId}#${block}`
const blockOf = (row: number) => Math.floor(row / ROWS_PER_ENTRY)

function parseBlock(text: string | null): Map<number, string> {
  const out = new Map<number, string>()
  if (!text) return out
  try {
    const obj = JSON.parse(text) as unknown
    if (typeof obj !== 'object' || obj === null) return out
    for (const [k, v] of Object.entries(obj)) if (typeof v === 'string' && /^-?\d+$/.test(k)) out.set(Number(k), v)
  } catch {
    // not ours: nothing kept
  }
  return out
}

/** Row secrets in the OS keychain. `call` turns keytar's errors into app.keychain. */
export class KeytarJobSecrets implements JobSecretVault {
  constructor(
    private readonly keytar: KeytarApi,
    private readonly service: string,
    private readonly call: <T>(fn: () => Promise<T>) => Promise<T>,
  ) {}

  async get(jobId: string): Promise<Map<number, string>> {
    const out = new Map<number, string>()
    for (const block of (await this.blocks(jobId)).values()) for (const [row, secret] of block) out.set(row, secret)
    return out
  }

  async put(jobId: string, rows: ReadonlyMap<number, string>): Promise<void> {
    const blocks = await this.blocks(jobId)
    for (const [block, entries] of this.byBlock([...rows.keys()])) {
      const kept = blocks.get(block) ?? new Map<number, string>()
      for (const row of entries) kept.set(row, rows.get(row)!)
      await this.call(() => this.keytar.setPassword(this.service, accountOf(jobId, block), JSON.stringify(Object.fromEntries(kept))))
    }
  }

  async drop(jobId: string, rows: readonly number[] | 'all'): Promise<void> {
    const blocks = await this.blocks(jobId)
    const touched = rows === 'all' ? new Map([...blocks.keys()].map((b) => [b, [] as number[]])) : this.byBlock(rows)
    for (const [block, entries] of touched) {
      const kept = blocks.get(block)
      if (!kept) continue
      for (const row of entries) kept.delete(row)
      const account = accountOf(jobId, block)
      if (rows === 'all' || kept.size === 0) await this.call(() => this.keytar.deletePassword(this.service, account))
      else await this.call(() => this.keytar.setPassword(this.service, account, JSON.stringify(Object.fromEntries(kept))))
    }
  }

  /** The job's entries, by block (one listing of the service's entries, not a read per block). */
  private async blocks(jobId: string): Promise<Map<number, Map<number, string>>> {
    const prefix = `${PREFIX}${jobId}#`
    const out = new Map<number, Map<number, string>>()
    for (const c of await this.call(() => this.keytar.findCredentials(this.service))) {
      if (!c.account.startsWith(prefix)) continue
      const block = Number(c.account.slice(prefix.length))
      if (Number.isInteger(block)) out.set(block, parseBlock(c.password))
    }
    return out
  }

  private byBlock(rows: readonly number[]): Map<number, number[]> {
    const out = new Map<number, number[]>()
    for (const r of rows) {
      const b = blockOf(r)
      const list = out.get(b)
      if (list) list.push(r)
      else out.set(b, [r])
    }
    return out
  }
}

/** Row secrets in memory, for this process only. */
export class MemoryJobSecrets implements JobSecretVault {
  private readonly jobs = new Map<string, Map<number, string>>()

  get(jobId: string): Promise<Map<number, string>> {
    return Promise.resolve(new Map(this.jobs.get(jobId) ?? []))
  }

  put(jobId: string, rows: ReadonlyMap<number, string>): Promise<void> {
    const kept = this.jobs.get(jobId) ?? new Map<number, string>()
    for (const [row, secret] of rows) kept.set(row, secret)
    this.jobs.set(jobId, kept)
    return Promise.resolve()
  }

  drop(jobId: string, rows: readonly number[] | 'all'): Promise<void> {
    if (rows === 'all') this.jobs.delete(jobId)
    else {
      const kept = this.jobs.get(jobId)
      for (const r of rows) kept?.delete(r)
      if (kept?.size === 0) this.jobs.delete(jobId)
    }
    return Promise.resolve()
  }
}
