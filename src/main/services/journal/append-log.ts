/**
 * A durable append-only file of JSON lines with group commit: lines appended while a flush is running are
 * written and fsynced together by the next one, so many concurrent callers cost a few fsyncs, and each
 * `append` resolves only once its lines are on disk.
 */
import { mkdir, open, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import { AppError } from '@shared/errors/app-error'

interface Waiting {
  text: string
  resolve: () => void
  reject: (e: Error) => void
}

export class AppendLog {
  private queue: Waiting[] = []
  private flushing: Promise<void> | null = null
  private handle: FileHandle | null = null
  private openPath = ''
  private closed = false

  /** `pathFor(bytes)` names the file for the next write of `bytes` (lets the owner rotate). */
  constructor(private readonly pathFor: (bytes: number) => Promise<string> | string) {}

  /** Appends lines (without newlines) and resolves when they are fsynced. */
  append(lines: string | string[]): Promise<void> {
    if (this.closed) return Promise.reject(AppError.app('app.storage', { detail: 'log closed' }))
    const text = (Array.isArray(lines) ? lines : [lines]).map((l) => l + '\n').join('')
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ text, resolve, reject })
      this.flushing ??= this.flush()
    })
  }

  /** Waits for pending lines, then closes the file. */
  async close(): Promise<void> {
    this.closed = true
    while (this.flushing) await this.flushing
    await this.handle?.close()
    this.handle = null
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue
      this.queue = []
      const text = batch.map((w) => w.text).join('')
      try {
        const path = await this.pathFor(Buffer.byteLength(text))
        if (path !== this.openPath || !this.handle) {
          await this.handle?.close()
          this.handle = null
          await mkdir(dirname(path), { recursive: true, mode: 0o700 })
          this.handle = await open(path, 'a+', 0o600)
          this.openPath = path
          // A line torn by a crash must stay a line of its own, not swallow the first new one.
          if (!(await endsWithNewline(this.handle))) await this.handle.write('\n')
        }
        // One write per batch: with O_APPEND another process appending to the same file cannot interleave.
        await this.handle.write(text)
        await this.handle.datasync()
        for (const w of batch) w.resolve()
      } catch (err) {
        const e = err instanceof AppError ? err : AppError.app('app.storage', { detail: (err as Error).message })
        for (const w of batch) w.reject(e)
      }
    }
    // Cleared in the same synchronous step that saw the queue empty (no await in between), so a line
    // appended afterwards always starts a new flush instead of waiting for one that is ending.
    this.flushing = null
  }
}

async function endsWithNewline(fh: FileHandle): Promise<boolean> {
  const { size } = await fh.stat()
  if (size === 0) return true
  const b = Buffer.alloc(1)
  await fh.read(b, 0, 1, size - 1)
  return b[0] === 0x0a
}
