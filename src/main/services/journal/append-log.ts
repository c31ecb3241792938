/**
 * A durable append-only file of JSON lines with group commit: lines appended while a flush is running are
 * written and fsynced together by the next one, so many concurrent callers cost a few fsyncs, and each
 * `append` resolves only once its lines are on disk. Lines nobody waits for right away can be appended
 * `lazy`: they go out with the next flush, or after `lazyMs` at the latest. A line that must be in the file
 * at once, before the next step (the record that a request is leaving), is written by `writeNow`: one write
 * call, no fsync (it survives the app being killed; the next flush puts it on disk).
 */
import { writeSync } from 'node:fs'
import { mkdir, open, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { AppError } from '@shared/errors/app-error'
import { Scratch } from './scratch'

/** `flushing` while flush() runs its first synchronous part (see kick). */
const STARTING: Promise<void> = Promise.resolve()

interface Waiting {
  /** The text with its newline, or (a deferred line) what makes the line when it is written. */
  text: string | (() => string)
  lazy: boolean
  resolve: () => void
  reject: (e: Error) => void
}

export class AppendLog {
  private queue: Waiting[] = []
  private flushing: Promise<void> | null = null
  private handle: FileHandle | null = null
  private openPath = ''
  private closed = false
  private lazyTimer: NodeJS.Timeout | null = null

  /**
   * `pathFor(bytes)` names the file for the next write of `bytes` (lets the owner rotate); `lazyMs` is the
   * longest a lazy line waits for a flush; `header` makes a line written each time the file is opened (which
   * boot of the machine writes what follows).
   */
  constructor(
    private readonly pathFor: (bytes: number) => Promise<string> | string,
    private readonly lazyMs = 25,
    private readonly header?: () => string,
  ) {}

  /**
   * Writes a line to the open file now, synchronously (about a microsecond: a write call, no fsync), so that it
   * is in the file before the caller's next step even if the app is killed then. False when no file is open
   * (nothing written): the caller appends it and waits instead.
   */
  writeNow(line: string): boolean {
    if (!this.handle || this.closed) return false
    try {
      writeSync(this.handle.fd, line + '\n')
      return true
    } catch {
      return false
    }
  }

  /**
   * Appends lines (without newlines) and resolves when they are fsynced. `lazy`: no flush of their own now;
   * they are written with the next one, within `lazyMs`. A function is a deferred line: called when its flush
   * writes it, so its owner can keep adding to it until then (and learns, by the call, that it is sealed); one
   * that returns '' is not written.
   */
  append(lines: string | string[] | (() => string), opts: { lazy?: boolean } = {}): Promise<void> {
    if (this.closed) return Promise.reject(AppError.app('app.storage', { detail: 'log closed' }))
    const text = typeof lines === 'string' ? lines + '\n' : typeof lines === 'function' ? lines : lines.map((l) => l + '\n').join('')
    return new Promise<void>((resolve, reject) => {
      const lazy = opts.lazy === true
      this.queue.push({ text, lazy, resolve, reject })
      if (!lazy) this.kick()
      else if (!this.flushing) this.armLazy()
    })
  }

  /** Starts a flush once the I/O callbacks and promise jobs queued now have run (writes they start go first). */
  flushSoon(): void {
    setImmediate(() => {
      if (this.queue.length > 0 && !this.closed) this.kick()
    })
  }

  // Not unref'd: a line someone awaits must keep the process alive until it is written.
  private armLazy(): void {
    this.lazyTimer ??= setTimeout(() => this.kick(), this.lazyMs)
  }

  /** Starts a flush now unless one is running (it takes every queued line, lazy ones included). */
  private kick(): void {
    if (this.lazyTimer) {
      clearTimeout(this.lazyTimer)
      this.lazyTimer = null
    }
    if (this.flushing) return
    this.flushing = STARTING
    const flush = this.flush()
    // flush() clears `flushing` as it ends: one whose batch failed at once (before any I/O) has ended already.
    if (this.flushing === STARTING) this.flushing = flush
  }

  /** Waits for pending lines, then closes the file. */
  async close(): Promise<void> {
    this.closed = true
    if (this.queue.length > 0) this.kick()
    while (this.flushing) await this.flushing
    const h = this.handle
    this.handle = null
    await h?.close()
  }

  private async flush(): Promise<void> {
    // After the first batch, goes on only while a line is waited for (lazy lines ride along); lazy lines
    // left over get their timer.
    let first = true
    while (this.queue.length > 0 && (first || this.closed || this.queue.some((w) => !w.lazy))) {
      first = false
      const batch = this.queue
      this.queue = []
      // A file opened by this batch, until its first write is done (writeNow may not use it before).
      let opening: FileHandle | null = null
      const text = new Scratch()
      try {
        // Encoded once: its length names the file, and the same bytes are written. Inside the try: a deferred
        // line that throws fails its batch instead of the flush (which would never end).
        for (const w of batch) text.put(typeof w.text === 'string' ? w.text : lineOf(w.text()))
        const bytes = text.bytes()
        if (bytes.length === 0) {
          // Only deferred lines that turned out not to be needed: nothing to write.
          for (const w of batch) w.resolve()
          continue
        }
        const path = await this.pathFor(bytes.length)
        let h = this.handle
        let out = bytes
        if (path !== this.openPath || !h) {
          this.handle = null
          await h?.close()
          const opened = await openForAppend(path)
          h = opening = opened.handle
          this.openPath = path
          // Whatever opens the file (a newline ending a line torn by a crash, the header) goes in the same write.
          const head = opened.head + (this.header ? this.header() + '\n' : '')
          if (head) out = Buffer.concat([Buffer.from(head), bytes])
        }
        // One write per batch: with O_APPEND another process appending to the same file cannot interleave.
        for (let off = 0; off < out.length; ) off += (await h.write(out, off)).bytesWritten
        // Only now may writeNow use it (after the newline and the header).
        this.handle = h
        opening = null
        await h.datasync()
        for (const w of batch) w.resolve()
      } catch (err) {
        if (opening) await opening.close().catch(() => undefined)
        const e = err instanceof AppError ? err : AppError.app('app.storage', { detail: (err as Error).message })
        for (const w of batch) w.reject(e)
      } finally {
        text.release()
      }
    }
    // Cleared in the same synchronous step that saw the queue empty (no await in between), so a line
    // appended afterwards always starts a new flush instead of waiting for one that is ending.
    this.flushing = null
    if (this.queue.length > 0) this.armLazy()
  }
}

/** A deferred line's text with its newline; an empty one (its owner decided it is not needed) writes nothing. */
function lineOf(text: string): string {
  return text === '' ? '' : text + '\n'
}

/**
 * Opens a file for appending, and says what must be written first: a newline when the file ends in a line torn
 * by a crash (it must stay a line of its own, not swallow the first new one). A new file (a job's log) is made
 * with O_EXCL, which says it is empty without reading it.
 */
async function openForAppend(path: string): Promise<{ handle: FileHandle; head: string }> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  try {
    return { handle: await open(path, 'ax', 0o600), head: '' }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  }
  const handle = await open(path, 'a+', 0o600)
  try {
    return { handle, head: (await endsWithNewline(handle)) ? '' : '\n' }
  } catch (err) {
    await handle.close().catch(() => undefined)
    throw err
  }
}

async function endsWithNewline(fh: FileHandle): Promise<boolean> {
  const { size } = await fh.stat()
  if (size === 0) return true
  const b = Buffer.alloc(1)
  await fh.read(b, 0, 1, size - 1)
  return b[0] === 0x0a
}
