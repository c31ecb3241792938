/**
 * The operation journal: every write the app sends, as append-only JSON lines in `<dataDir>/journal/`, one
 * file per month (and a new part past a size limit). A "start" line is fsynced before the request is sent; for
 * calls journaled ahead of sending (`queued`) a "sent" line is written the moment the request leaves (a write
 * that survives the app being killed; see boot.ts for a machine that stops); an "end" line follows. So after a
 * crash the journal shows which calls left the machine and which never did.
 * Secrets are removed here, so no caller can forget. Lines read back are validated; a torn last line (a crash
 * mid-write) is skipped and reported.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, open, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import {
  JOURNAL_EXPORT_MAX,
  JOURNAL_ISSUES_MAX,
  type JournalEntry,
  type JournalExport,
  type JournalFilter,
  type JournalIssue,
  type JournalPage,
  type JournalResolution,
  journalResolutionSchema,
} from '@shared/ipc/channels/journal'
import type { JournalEnd, JournalSink, JournalStart } from '../../api/journal-sink'
import { AppendLog } from './append-log'
import { bootId, isThisBoot } from './boot'
import { entriesToCsv, JOURNAL_COLUMNS, journalRow } from './export'
import { cutLongLists, matches } from './filter'
import { lineSchema, startLineText, type EndLine, type StartLine } from './lines'
import { redactRequest } from './redact'
import { groupByRun } from './runs'
import { fileStamp, localMonth } from '@shared/time/dates'

export const JOURNAL_DIR = 'journal'
/** A month's file is continued in a new part past this size. */
export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024

const FILE_NAME = /^journal-(\d{4}-\d{2})(?:\.(\d+))?\.jsonl$/


/** A call of this process not ended yet. */
interface Running {
  startedAt: number
  queued: boolean
  sentAt?: number
}

/** What has been read of one file so far (files only grow, so later reads continue from `offset`). */
interface FileState {
  offset: number
  /** Bytes after the last newline: a line still being written, or torn by a crash. */
  tail: string
  lineNo: number
  starts: StartLine[]
  sent: Map<string, number>
  ends: Map<string, EndLine>
  resolutions: Map<string, JournalResolution[]>
  /** Whether the boot noted last (lines are read in order) is this one. */
  inThisBoot: boolean
  /** Queued calls journaled in this boot of the machine: for them a missing "sent" line means not sent. */
  thisBoot: Set<string>
  issues: JournalIssue[]
}

const monthOf = localMonth




/**
 * Longest wait of an end line nobody waits for (a bulk run's) before it is written: they mostly ride along with
 * the run's other writes; each write of its own costs an fsync (about the CPU of ten calls). After a kill, the
 * calls answered in this last moment read "interrupted" (sent, answer not recorded).
 */
const LAZY_MS = 100

export interface JournalOptions {
  /** The app's data folder; the journal lives in its `journal/` folder. */
  dataDir: string
  maxFileBytes?: number
  /** Most entries one export holds (JOURNAL_EXPORT_MAX). */
  maxExportEntries?: number
  now?: () => number
}

/** The journal of one data folder. Implements the client's JournalSink. */
export class Journal implements JournalSink {
  readonly dir: string
  private readonly maxFileBytes: number
  private readonly maxExport: number
  private readonly now: () => number
  private readonly log: AppendLog
  /** Calls of this process that have started and not ended. */
  private readonly running = new Map<string, Running>()
  /** End lines of this process not in the file yet. */
  private readonly unwritten = new Map<string, EndLine>()
  private readonly files = new Map<string, FileState>()
  private current: { name: string; size: number } | null = null

  constructor(options: JournalOptions) {
    this.dir = join(options.dataDir, JOURNAL_DIR)
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES
    this.maxExport = options.maxExportEntries ?? JOURNAL_EXPORT_MAX
    this.now = options.now ?? Date.now
    this.log = new AppendLog(
      (bytes) => this.fileFor(bytes),
      LAZY_MS,
      () => JSON.stringify({ t: 'boot', boot: bootId(), at: this.now() }),
    )
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
      this.running.set(id, { startedAt: entry.startedAt, queued: entry.queued === true })
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

  /**
   * Records the send of a queued call, just before its request leaves: written to the file at once (no fsync:
   * it survives the app being killed, and the next flush puts it on disk). Null when written; when the file is
   * not open, a promise of the line on disk, which the caller waits for before sending.
   */
  sent(id: string, at: number): Promise<void> | null {
    const r = this.running.get(id)
    if (r) r.sentAt = at
    const text = `{"t":"sent","id":"${id}","at":${at}}`
    return this.log.writeNow(text) ? null : this.log.append(text)
  }

  /** Records the end of a call and resolves once it is on disk. */
  async ended(id: string, end: JournalEnd, opts: { lazy?: boolean } = {}): Promise<void> {
    const r = this.running.get(id)
    this.running.delete(id)
    const from = end.sentAt ?? r?.sentAt ?? (r && !r.queued ? r.startedAt : end.endedAt)
    const line: EndLine = { t: 'end', id, endedAt: end.endedAt, durationMs: end.endedAt - from, outcome: end.outcome }
    if (end.sentAt !== undefined) line.sentAt = end.sentAt
    if (end.httpStatus !== undefined) line.httpStatus = end.httpStatus
    if (end.summary) line.summary = end.summary
    if (end.counts) line.counts = end.counts
    if (end.shellNumbers) line.shellNumbers = end.shellNumbers
    if (end.error) line.error = redactRequest(end.error) as EndLine['error']
    // Until written (a lazy end waits for the next flush), the list still shows it.
    this.unwritten.set(id, line)
    try {
      await this.log.append(JSON.stringify(line), opts)
    } finally {
      this.unwritten.delete(id)
    }
  }

  /**
   * Records how an UNKNOWN call was resolved (read back, or decided by the user) on its entry; on disk when this
   * resolves.
   */
  async resolved(id: string, r: JournalResolution): Promise<void> {
    await this.log.append(JSON.stringify({ t: 'resolved', id, ...journalResolutionSchema.parse(r) }))
  }

  /**
   * Whether the request of a call journaled ahead (`prepareAll` with `ahead`) left the machine, from its lines:
   * notSent (no send record, journaled in this boot of the machine, or closed as not sent), sent, or unknown (no
   * such entry, or an older boot that may have lost its send record).
   */
  async sendState(profileId: string, id: string, nonce: string): Promise<'notSent' | 'sent' | 'unknown'> {
    const { entries } = await this.read({ profileId, text: nonce })
    const e = entries.find((x) => x.id === id)
    if (!e) return 'unknown'
    if (e.outcome === 'interruptedBeforeSend' || e.outcome === 'notSent') return 'notSent'
    return e.sentAt !== undefined ? 'sent' : 'unknown'
  }

  /** A page of entries matching the filters, newest first. */
  async list(filter: JournalFilter & { offset?: number; limit?: number; byRun?: boolean }): Promise<JournalPage> {
    const { entries, issues } = await this.read(filter)
    const offset = filter.offset ?? 0
    const limit = filter.limit ?? 50
    const found = { issues: issues.slice(0, JOURNAL_ISSUES_MAX), issueCount: issues.length }
    if (filter.byRun) {
      const rows = groupByRun(entries)
      const page = rows.slice(offset, offset + limit).map((r) => (r.kind === 'call' ? { kind: r.kind, entry: cutLongLists(r.entry) } : r))
      return { entries: [], rows: page, total: rows.length, ...found }
    }
    const page = entries.slice(offset, offset + limit).map(cutLongLists)
    return { entries: page, total: entries.length, ...found }
  }

  /** Every entry matching the filters, as CSV or JSON text. */
  async export(filter: JournalFilter, format: 'csv' | 'json'): Promise<JournalExport> {
    const all = (await this.read(filter)).entries
    // Bounded answer: the newest JOURNAL_EXPORT_MAX (the file says how many matched).
    const entries = all.length > this.maxExport ? all.slice(0, this.maxExport) : all
    const total = all.length
    const stamp = fileStamp(this.now())
    return format === 'csv'
      ? { fileName: `journal-${stamp}.csv`, mimeType: 'text/csv', content: entriesToCsv(entries), count: entries.length, total }
      : { fileName: `journal-${stamp}.json`, mimeType: 'application/json', content: JSON.stringify(entries, null, 2) + '\n', count: entries.length, total }
  }

  /** The entries an export of `filter` holds (the newest JOURNAL_EXPORT_MAX), as an export's table. */
  async exportTable(filter: JournalFilter): Promise<{ baseName: string; sheetName: string; columns: string[]; rows: string[][]; total: number }> {
    const all = (await this.read(filter)).entries
    const entries = all.length > this.maxExport ? all.slice(0, this.maxExport) : all
    const stamp = new Date(this.now()).toISOString().slice(0, 19).replace(/[:T]/g, '-')
    return { baseName: `journal-${stamp}`, sheetName: 'Journal', columns: [...JOURNAL_COLUMNS], rows: entries.map(journalRow), total: entries.length }
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
    const sent = new Map<string, number>()
    const resolutions = new Map<string, JournalResolution[]>()
    for (const name of await this.fileNames()) {
      const state = await this.refresh(name)
      states.push(state)
      for (const [id, end] of state.ends) ends.set(id, end)
      for (const [id, at] of state.sent) sent.set(id, at)
      for (const [id, list] of state.resolutions) resolutions.set(id, [...(resolutions.get(id) ?? []), ...list])
      issues.push(...state.issues)
      if (state.tail.trim() !== '' && !this.isBeingWritten(name)) {
        issues.push({ file: name, line: state.lineNo + 1, problem: 'incomplete last line (the app stopped while writing it)' })
      }
    }
    for (const state of states) {
      for (const s of state.starts) {
        const e = this.merge(s, ends.get(s.id) ?? this.unwritten.get(s.id), sent.get(s.id), state.thisBoot.has(s.id))
        const r = resolutions.get(s.id)
        if (r) e.resolutions = r.sort((a, b) => a.at - b.at)
        if (matches(e, filter)) entries.push(e)
      }
    }
    entries.sort((a, b) => b.startedAt - a.startedAt)
    return { entries, issues }
  }

  private isBeingWritten(name: string): boolean {
    return this.current?.name === name && this.running.size > 0
  }

  /**
   * One entry from its lines. Its `startedAt` is when the request went out (for a queued call, its send; never
   * sent: when it was journaled); `queuedAt` when a queued call was journaled. Without an end line: still
   * running here (`queued` until sent, then `pending`), or the app stopped first: `interruptedBeforeSend` when
   * the request surely never left (a queued call without a "sent" line, journaled in this boot of the machine:
   * an older boot may have lost that line when the machine stopped), else `interrupted`.
   */
  private merge(s: StartLine, end: EndLine | undefined, sentLine: number | undefined, thisBoot: boolean): JournalEntry {
    const running = this.running.get(s.id)
    // Calls journaled just before sending (not queued) count their start as the send. With an end, its send
    // time says it (absent: the request never got a connection); lines of queued calls written before
    // `queued` existed gave it only when it differed from the start.
    const sentAt = end
      ? (end.sentAt ?? (s.queued ? undefined : s.startedAt))
      : (sentLine ?? running?.sentAt ?? (s.queued ? undefined : s.startedAt))
    let outcome: JournalEntry['outcome']
    if (end) outcome = end.outcome === 'error' && end.counts?.kind === 'notSent' ? 'notSent' : end.outcome
    else if (running) outcome = sentAt === undefined ? 'queued' : 'pending'
    else outcome = sentAt === undefined && thisBoot ? 'interruptedBeforeSend' : 'interrupted'
    const e: JournalEntry = {
      id: s.id,
      profileId: s.profileId,
      operation: s.operation,
      method: s.method,
      path: s.path,
      query: s.query,
      nonce: s.nonce,
      attempt: s.attempt,
      startedAt: sentAt ?? s.startedAt,
      outcome,
    }
    if (sentAt !== undefined) e.sentAt = sentAt
    if (s.queued || (sentAt !== undefined && sentAt !== s.startedAt)) e.queuedAt = s.startedAt
    if (s.body !== undefined) e.body = s.body
    if (s.jobId) e.jobId = s.jobId
    if (s.chunk !== undefined) e.chunk = s.chunk
    if (end) {
      e.endedAt = end.endedAt
      e.durationMs = end.durationMs
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
      state = { offset: 0, tail: '', lineNo: 0, starts: [], sent: new Map(), ends: new Map(), resolutions: new Map(), issues: [], inThisBoot: false, thisBoot: new Set() }
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
        const line = parsed.data
        if (line.t === 'start') {
          state.starts.push(line)
          if (line.queued && state.inThisBoot) state.thisBoot.add(line.id)
        } else if (line.t === 'sent') state.sent.set(line.id, line.at)
        else if (line.t === 'boot') state.inThisBoot = isThisBoot(line.boot)
        else if (line.t === 'resolved') {
          const { t: _t, id, ...r } = line
          state.resolutions.set(id, [...(state.resolutions.get(id) ?? []), r])
        } else state.ends.set(line.id, line)
      }
    } finally {
      await fh.close()
    }
    return state
  }
}
