/**
 * Runs one bulk job for a command in this process, to its end: progress while it runs, Ctrl-C pauses it (a second
 * Ctrl-C quits at once), then the results file, a summary, and the exit code. A job resumed or started through
 * `call` is followed the same way.
 */
import type { ImportIssue } from '@shared/bulk/import'
import { describeError } from '@shared/errors/app-error'
import { errorAdvice } from '@shared/errors/advice'
import type { BulkKind, BulkProgress, BulkStart, JobSummary } from '@shared/ipc/channels/bulk'
import type { CliContext } from './context'
import { EXIT } from './exit-codes'
import { progressView, type ProgressView } from './progress'
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

/** The words of a job's kind in the summary line. */
const KIND_LABEL: Record<BulkKind, CliText> = {
  'locks.disable': 'kindDisable',
  'locks.enable': 'kindEnable',
  'members.import': 'kindImport',
  'members.delete': 'kindDelete',
  'members.resetPassword': 'kindReset',
  'holdings.configure': 'kindConfigure',
  'members.offboard': 'kindOffboard',
  'renewals.read': 'kindRenewals',
}

/** Starts the job of a command and runs it to its end in this process; returns the exit code. */
export async function runJob(ctx: CliContext, req: JobRequest): Promise<number> {
  const runner = ctx.core.services.bulk
  await runner.init()
  // Passwords go to the keychain; without one they live as long as this process (said before anything is sent).
  if ((req.start.kind === 'members.import' || req.start.kind === 'members.resetPassword') && !ctx.core.services.vault.available) {
    process.stderr.write(t('passwordsInMemory', ctx.locale) + '\n')
  }
  return followJob(ctx, { total: req.start.items.length + req.issues.length, label: req.label, lines: req.lines, issues: req.issues, ...(req.out ? { out: req.out } : {}) }, () => runner.start(req.start))
}

/** A job started or resumed by `call bulk.start|bulk.resume|bulk.retryFailed`, run to its end here. */
export async function followCalledJob(ctx: CliContext, begin: () => Promise<JobSummary>): Promise<number> {
  await ctx.core.services.bulk.init()
  let label: CliText = 'kindJob'
  let total = 0
  return followJob(ctx, { get total() { return total }, get label() { return label }, lines: [], issues: [] }, async () => {
    const job = await begin()
    label = KIND_LABEL[job.kind]
    total = job.counts.total
    return job
  })
}

interface FollowOptions {
  /** Items of the job (and rows of its file not sent), for the bar. */
  readonly total: number
  readonly label: CliText
  /** File line of each item; rows of the file not sent. */
  lines: number[]
  issues: ImportIssue[]
  out?: string
}

/**
 * Follows the job `begin` starts or resumes in this process, with progress, to its end: then the results file,
 * a summary, and the exit code. Ctrl-C pauses it (calls in flight finish, nothing new is sent) and says how to
 * resume; a second Ctrl-C quits at once.
 */
async function followJob(ctx: CliContext, o: FollowOptions, begin: () => Promise<JobSummary>): Promise<number> {
  const runner = ctx.core.services.bulk
  const t0 = Date.now()
  let view: ProgressView | null = null
  let jobId = ''
  const early: BulkProgress[] = []
  const off = ctx.core.events.on('bulk.progress', (p) => {
    if (!jobId) early.push(p)
    else if (p.jobId === jobId) view?.update(p)
  })
  let interrupted = false
  const onSigint = () => {
    if (interrupted || !jobId) process.exit(EXIT.interrupted)
    interrupted = true
    void runner.pause(jobId).catch(() => undefined)
  }
  process.on('SIGINT', onSigint)
  try {
    const started = await begin()
    jobId = started.id
    view = progressView(ctx, o.total)
    for (const p of early) if (p.jobId === jobId) view.update(p)
    ctx.emit({ type: 'started', job: started })
    const done = await runner.wait(jobId)
    view.stop()
    const items = await runner.allItems(jobId)
    const rows = resultRows(items, o.lines, o.issues, ctx.locale)
    if (o.out) await writeResults(o.out, rows)

    const c = done.counts
    const seconds = Math.round((Date.now() - t0) / 100) / 10
    ctx.emit({ type: 'result', job: done, notSent: o.issues.length, out: o.out ?? null, seconds })
    ctx.say(t('summary', ctx.locale, { kind: t(o.label, ctx.locale), ok: c.ok, failed: c.failed, unknown: c.unknown, cancelled: c.cancelled, pending: c.pending, skipped: o.issues.length + c.duplicate, total: c.total + o.issues.length, seconds }))
    if (o.out) ctx.say(t('wrote', ctx.locale, { file: o.out }))
    if (done.error) {
      process.stderr.write(t('jobStopped', ctx.locale, { error: describeError(done.error, ctx.locale) }) + '\n')
      if (errorAdvice(done.error) === 'credentials') process.stderr.write(t('fixProfile', ctx.locale) + '\n')
    }
    if (done.status === 'paused' || done.status === 'interrupted') process.stderr.write(t('resume', ctx.locale, { id: jobId }) + '\n')
    if (interrupted) {
      process.stderr.write(t('interrupted', ctx.locale, { pending: c.pending }) + '\n')
      return EXIT.interrupted
    }
    if (done.error) return c.ok === 0 ? EXIT.error : EXIT.partial
    const notDone = c.failed + c.unknown + c.cancelled + c.pending + o.issues.length
    if (notDone === 0) return EXIT.ok
    return c.ok === 0 ? EXIT.error : EXIT.partial
  } finally {
    off()
    view?.stop()
    process.off('SIGINT', onSigint)
  }
}
