/**
 * The operation journal: every write the app sends, as append-only JSON lines in `<dataDir>/journal/`, one
 * file per month (and a new part past a size limit). A "start" line is fsynced before the request is sent and
 * an "end" line after it ends, so after a crash the journal shows which calls may have reached the service.
 * Secrets are removed here, so no caller can forget. Lines read back are validated; a torn last line (a crash
 * mid-write) is skipped and reported.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, open, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { appErrorDataSchema } from '@shared/errors/app-error'
import {
  journalCountsSchema,
  journalEntrySchema,
  type JournalEntry,
  type JournalExport,
  type JournalFilter,
  type JournalIssue,
  type JournalPage,
} from '@shared/ipc/channels/journal'
import type { JournalEnd, JournalSink, JournalStart } from '../../api/journal-sink'
import { AppendLog } from './append-log'
import { entriesToCsv } from './export'
import { redactRequest } from './redact'

export const JOURNAL_DIR = 'journal'
/** A month's file is continued in a new part past this size. */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024

const FILE_NAME = /^journal-(\d{4}-\d{2})(?:\.(\d+))?\.jsonl$/

const startLineSchema = z.object({
  t: z.literal('start'),
  id: z.string(),
  profileId: z.string(),
  operation: journalEntrySchema.shape.operation,
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.string()),
  body: z.unknown().optional(),
  nonce: z.string(),
  attempt: z.number().int(),
  startedAt: z.number(),
  jobId: z.string().optional(),
  chunk: z.number().int().optional(),
})
const endLineSchema = z.object({
  t: z.literal('end'),
  id: z.string(),
  endedAt: z.number(),
  /** When the request went out, for calls journaled ahead of sending; absent when it is `startedAt`. */
  sentAt: z.number().optional(),
  durationMs: z.number(),
  outcome: z.enum(['ok', 'partial', 'error', 'unknown']),
  httpStatus: z.number().optional(),
  summary: z.string().optional(),
  counts: journalCountsSchema.optional(),
  shellNumbers: z.array(z.string()).optional(),
  error: appErrorDataSchema.optional(),
})
const lineSchema = z.discriminatedUnion('t', [startLineSchema, endLineSchema])
type StartLine = z.output<typeof startLineSchema>
type EndLine = z.output<typeof endLineSchema>

/** What has been read of one file so far (files only grow, so later reads continue from `offset`). */
interface FileState {
  offset: number
  /** Bytes after the last newline: a line still being written, or torn by a crash. */
  tail: string
  lineNo: number
  starts: StartLine[]
  ends: Map<string, EndLine>
  issues: JournalIssue[]
}

function monthOf(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
}

function matches(e: JournalEntry, f: JournalFilter): boolean {
  if (f.profileId && e.profileId !== f.profileId) return false
  if (f.jobId && e.jobId !== f.jobId) return false
  if (f.operations?.length && !f.operations.includes(e.operation)) return false
  if (f.outcomes?.length && !f.outcomes.includes(e.outcome)) return false
  if (f.from !== undefined && e.startedAt < f.from) return false
  if (f.to !== undefined && e.startedAt >= f.to) return false
  if (f.text) {
    const needle = f.text.toLowerCase()
    const hay = [e.operation, e.path, e.summary, e.nonce, e.jobId, e.error?.code, e.error?.details.serverMessage, JSON.stringify(e.body ?? ''), e.shellNumbers?.join(' ')]
      .filter(Boolean)
      .join('\n')
      .toLowerCase()
    if (!hay.includes(needle)) return false
  }
  return true
}

/**
 * The start line of a call, secrets removed. The body goes last: when removing secrets leaves it as it was,
 * its JSON as sent is written as it is (a lock chunk's hundred numbers are not serialised a second time).
 */
function startLineText(id: string, entry: JournalStart): string {
  const line: Omit<StartLine, 'body'> = {
    t: 'start',
    id,
    profileId: entry.profileId,
    operation: entry.operation,
    method: entry.method,
    path: entry.path,
    query: redactRequest(entry.query) as Record<string, string>,
    nonce: entry.nonce,
    attempt: entry.attempt,
    startedAt: entry.startedAt,
  }
  if (entry.context?.jobId) line.jobId = entry.context.jobId
  if (entry.context?.chunk !== undefined) line.chunk = entry.context.chunk
  const head = JSON.stringify(line)
  if (entry.body === undefined) return head
  const redacted = redactRequest(entry.body)
  const body = redacted === entry.body && entry.bodyJson !== undefined ? entry.bodyJson : JSON.stringify(redacted)
  return `${head.slice(0, -1)},"body":${body}}`
}

export interface JournalOptions {
  /** The app's data folder; the journal lives in its `journal/` folder. */
  dataDir: string
  maxFileBytes?: number
  now?: () => number
}

/** The journal of one data folder. Implements the client's JournalSink. */
export class Journal implements JournalSink {
  readonly dir: string
  private readonly maxFileBytes: number
  private readonly now: () => number
  private readonly log: AppendLog
  /** Calls of this process that have started and not ended: their start time. */
  private readonly running = new Map<string, number>()
  private readonly files = new Map<string, FileState>()
  private current: { name: string; size: number } | null = null

  constructor(options: JournalOptions) {
    this.dir = join(options.dataDir, JOURNAL_DIR)
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES
    this.now = options.now ?? Date.now
    this.log = new AppendLog((bytes) => this.fileFor(bytes))
  }

  /** Records the start of a call (secrets removed) and resolves once it is on disk. */
  async started(entry: JournalStart): Promise<string> {
    return (await this.startedAll([entry]))[0]!
  }

  /** Records the starts of several calls (secrets removed) with one write; resolves once they are on disk. */
  async startedAll(entries: JournalStart[]): Promise<string[]> {
    const ids: string[] = []
    const lines: string[] = []
    for (const entry of entries) {
      const id = randomUUID()
      ids.push(id)
      lines.push(startLineText(id, entry))
      this.running.set(id, entry.startedAt)
    }
    try {
      await this.log.append(lines)
    } catch (err) {
      // Not on disk, so the calls must not be sent: the caller gets the storage error.
      for (const id of ids) this.running.delete(id)
      throw err
    }
    return ids
  }

  /** Records the end of a call and resolves once it is on disk. */
  async ended(id: string, end: JournalEnd, opts: { lazy?: boolean } = {}): Promise<void> {
    const startedAt = this.running.get(id) ?? end.endedAt
    this.running.delete(id)
    const line: EndLine = { t: 'end', id, endedAt: end.endedAt, durationMs: end.endedAt - (end.sentAt ?? startedAt), outcome: end.outcome }
    if (end.sentAt !== undefined) line.sentAt = end.sentAt
    if (end.httpStatus !== undefined) line.httpStatus = end.httpStatus
    if (end.summary) line.summary = end.summary
    if (end.counts) line.counts = end.counts
    if (end.shellNumbers) line.shellNumbers = end.shellNumbers
    if (end.error) line.error = redactRequest(end.error) as EndLine['error']
    await this.log.append(JSON.stringify(line), opts)
  }

  /** A page of entries matching the filters, newest first. */
  async list(filter: JournalFilter & { offset?: number; limit?: number }): Promise<JournalPage> {
    const { entries, issues } = await this.read(filter)
    const offset = filter.offset ?? 0
    const limit = filter.limit ?? 50
    return { entries: entries.slice(offset, offset + limit), total: entries.length, issues }
  }

  /** Every entry matching the filters, as CSV or JSON text. */
  async export(filter: JournalFilter, format: 'csv' | 'json'): Promise<JournalExport> {
    const { entries } = await this.read(filter)
    const stamp = new Date(this.now()).toISOString().slice(0, 19).replace(/[:T]/g, '-')
    return format === 'csv'
      ? { fileName: `journal-${stamp}.csv`, mimeType: 'text/csv', content: entriesToCsv(entries), count: entries.length }
      : { fileName: `journal-${stamp}.json`, mimeType: 'application/json', content: JSON.stringify(entries, null, 2) + '\n', count: entries.length }
  }

  /** Flushes and closes the file. */
  close(): Promise<void> {
    return this.log.close()
  }

  // ---- writing

  private async fileFor(bytes: number): Promise<string> {
    const month = monthOf(this.now())
    if (!this.current || !this.current.name.startsWith(`journal-${month}`)) {
      this.current = await this.lastPartOf(month)
    }
    if (this.current.size > 0 && this.current.size + bytes > this.maxFileBytes) {
      const m = FILE_NAME.exec(this.current.name)
      const part = Number(m?.[2] ?? '1') + 1
      this.current = { name: `journal-${month}.${part}.jsonl`, size: 0 }
    }
    this.current.size += bytes
    return join(this.dir, this.current.name)
  }

  private async lastPartOf(month: string): Promise<{ name: string; size: number }> {
    const names = (await this.fileNames()).filter((n) => n.startsWith(`journal-${month}`))
    const name = names[0] ?? `journal-${month}.jsonl`
    const size = (await stat(join(this.dir, name)).catch(() => null))?.size ?? 0
    return { name, size }
  }

  // ---- reading

  /** Journal files, newest first. */
  private async fileNames(): Promise<string[]> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 })
    const names = (await readdir(this.dir)).filter((n) => FILE_NAME.test(n))
    const key = (n: string) => {
      const m = FILE_NAME.exec(n)!
      return `${m[1]}.${String(Number(m[2] ?? '1')).padStart(6, '0')}`
    }
    return names.sort((a, b) => (key(a) < key(b) ? 1 : -1))
  }

  private async read(filter: JournalFilter): Promise<{ entries: JournalEntry[]; issues: JournalIssue[] }> {
    const entries: JournalEntry[] = []
    const issues: JournalIssue[] = []
    const states: FileState[] = []
    // An end line can be in the next file (month boundary, size rotation): gather all ends first.
    const ends = new Map<string, EndLine>()
    for (const name of await this.fileNames()) {
      const state = await this.refresh(name)
      states.push(state)
      for (const [id, end] of state.ends) ends.set(id, end)
      issues.push(...state.issues)
      if (state.tail.trim() !== '' && !this.isBeingWritten(name)) {
        issues.push({ file: name, line: state.lineNo + 1, problem: 'incomplete last line (the app stopped while writing it)' })
      }
    }
    for (const state of states) {
      for (const s of state.starts) {
        const e = this.merge(s, ends.get(s.id))
        if (matches(e, filter)) entries.push(e)
      }
    }
    entries.sort((a, b) => b.startedAt - a.startedAt)
    return { entries, issues }
  }

  private isBeingWritten(name: string): boolean {
    return this.current?.name === name && this.running.size > 0
  }

  private merge(s: StartLine, end: EndLine | undefined): JournalEntry {
    const e: JournalEntry = {
      id: s.id,
      profileId: s.profileId,
      operation: s.operation,
      method: s.method,
      path: s.path,
      query: s.query,
      nonce: s.nonce,
      attempt: s.attempt,
      startedAt: s.startedAt,
      // No end line: still running here, or the app stopped before the answer (the outcome is unknown).
      outcome: end ? end.outcome : this.running.has(s.id) ? 'pending' : 'interrupted',
    }
    if (s.body !== undefined) e.body = s.body
    if (s.jobId) e.jobId = s.jobId
    if (s.chunk !== undefined) e.chunk = s.chunk
    if (end) {
      e.endedAt = end.endedAt
      e.durationMs = end.durationMs
      if (end.sentAt !== undefined) e.sentAt = end.sentAt
      if (end.httpStatus !== undefined) e.httpStatus = end.httpStatus
      if (end.summary) e.summary = end.summary
      if (end.counts) e.counts = end.counts
      if (end.shellNumbers) e.shellNumbers = end.shellNumbers
      if (end.error) e.error = end.error
    }
    return e
  }

  /** Reads what was appended to a file since the last read (other processes, e.g. the CLI, append too). */
  private async refresh(name: string): Promise<FileState> {
    let state = this.files.get(name)
    const path = join(this.dir, name)
    const size = (await stat(path).catch(() => null))?.size ?? 0
    if (!state || size < state.offset) {
      state = { offset: 0, tail: '', lineNo: 0, starts: [], ends: new Map(), issues: [] }
      this.files.set(name, state)
    }
    if (size === state.offset) return state
    const fh = await open(path, 'r')
    try {
      const buf = Buffer.alloc(size - state.offset)
      await fh.read(buf, 0, buf.length, state.offset)
      state.offset = size
      const text = state.tail + buf.toString('utf8')
      const cut = text.lastIndexOf('\n')
      state.tail = text.slice(cut + 1)
      if (cut < 0) return state
      for (const raw of text.slice(0, cut).split('\n')) {
        state.lineNo++
        if (raw.trim() === '') continue
        let json: unknown
        try {
          json = JSON.parse(raw)
        } catch {
          state.issues.push({ file: name, line: state.lineNo, problem: 'not valid JSON' })
          continue
        }
        const parsed = lineSchema.safeParse(json)
        if (!parsed.success) {
          state.issues.push({ file: name, line: state.lineNo, problem: 'not a journal line' })
          continue
        }
        if (parsed.data.t === 'start') state.starts.push(parsed.data)
        else state.ends.set(parsed.data.id, parsed.data)
      }
    } finally {
      await fh.close()
    }
    return state
  }
}
