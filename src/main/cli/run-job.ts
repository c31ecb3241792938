/**
 * Runs one bulk job for a command: progress while it runs, Ctrl-C cancels it (a second Ctrl-C quits at once),
 * then the results file, a summary, and the exit code.
 */
import type { ImportIssue } from '@shared/bulk/import'
import { describeError } from '@shared/errors/app-error'
import type { BulkProgress, BulkStart } from '@shared/ipc/channels/bulk'
import type { CliContext } from './context'
import { EXIT } from './exit-codes'
import { progressView } from './progress'
import { resultRows, writeResults } from './results'
import { t, type CliText } from './text'

export interface JobRequest {
  start: BulkStart
  /** File line of each item sent (same order as start.items). */
  lines: number[]
  /** Rows of the file not sent, and why. */
  issues: ImportIssue[]
  out?: string
  label: CliText
}

const MAX_ISSUES_SHOWN = 20

/** Prints the rows of the file that will not be sent (human output: on stderr). */
export function showIssues(ctx: CliContext, issues: ImportIssue[]): void {
  if (issues.length === 0) return
  ctx.emit({ type: 'issues', issues })
  if (ctx.json) return
  process.stderr.write(t('issues', ctx.locale, { n: issues.length }) + '\n')
  for (const i of issues.slice(0, MAX_ISSUES_SHOWN)) {
    const where = i.line > 0 ? `${t('line', ctx.locale, { line: i.line })}: ` : ''
    process.stderr.write(`  ${where}${i.message}\n`)
  }
  if (issues.length > MAX_ISSUES_SHOWN) process.stderr.write(`  ${t('more', ctx.locale, { n: issues.length - MAX_ISSUES_SHOWN })}\n`)
}

/** Runs the job to its end and returns the exit code. */
export async function runJob(ctx: CliContext, req: JobRequest): Promise<number> {
  const runner = ctx.core.services.bulk
  await runner.init()
  const t0 = Date.now()
  const view = progressView(ctx, req.start.items.length + req.issues.length)
  let jobId = ''
  const early: BulkProgress[] = []
  const off = ctx.core.events.on('bulk.progress', (p) => {
    if (!jobId) early.push(p)
    else if (p.jobId === jobId) view.update(p)
  })
  let interrupted = false
  const onSigint = () => {
    if (interrupted || !jobId) process.exit(EXIT.interrupted)
    interrupted = true
    void runner.cancel(jobId).catch(() => undefined)
  }
  process.on('SIGINT', onSigint)
  try {
    const started = await runner.start(req.start)
    jobId = started.id
    for (const p of early) if (p.jobId === jobId) view.update(p)
    ctx.emit({ type: 'started', job: started })
    const done = await runner.wait(jobId)
    view.stop()
    const items = await runner.allItems(jobId)
    const rows = resultRows(items, req.lines, req.issues, ctx.locale)
    if (req.out) await writeResults(req.out, rows)

    const c = done.counts
    const seconds = Math.round((Date.now() - t0) / 100) / 10
    ctx.emit({ type: 'result', job: done, notSent: req.issues.length, out: req.out ?? null, seconds })
    ctx.say(t('summary', ctx.locale, { kind: t(req.label, ctx.locale), ok: c.ok, failed: c.failed, unknown: c.unknown, cancelled: c.cancelled + c.pending, skipped: req.issues.length + c.duplicate, total: c.total + req.issues.length, seconds }))
    if (req.out) ctx.say(t('wrote', ctx.locale, { file: req.out }))
    if (done.error) {
      process.stderr.write(t('jobStopped', ctx.locale, { error: describeError(done.error, ctx.locale) }) + '\n')
      process.stderr.write(t('resume', ctx.locale, { id: jobId }) + '\n')
    }
    if (interrupted) {
      process.stderr.write(t('interrupted', ctx.locale) + '\n')
      return EXIT.interrupted
    }
    if (done.error) return c.ok === 0 ? EXIT.error : EXIT.partial
    const notDone = c.failed + c.unknown + c.cancelled + c.pending + req.issues.length
    if (notDone === 0) return EXIT.ok
    return c.ok === 0 ? EXIT.error : EXIT.partial
  } finally {
    off()
    view.stop()
    process.off('SIGINT', onSigint)
  }
}
