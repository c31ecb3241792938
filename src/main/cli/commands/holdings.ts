/**
 * `license-desk assets assign|withdraw|move FILE`, `lend`, `lent list`, `holdings export`: asset numbers given to
 * employees and taken back, moved, lent into borrowed locks, and the audit workbook, on the same core as the
 * screens (the same checks before sending, one configure call per employee through the bulk runner, read-backs of
 * lost lends, journal). Rows that cannot be sent are listed with their line and not sent; the rest goes.
 */
import { Command } from 'commander'
import writeFileAtomic from 'write-file-atomic'
import { AppError, describeError } from '@shared/errors/app-error'
import { errorAdvice } from '@shared/errors/advice'
import type { Locale } from '@shared/i18n/locale'
import type { BulkProgress, ItemResult } from '@shared/ipc/channels/bulk'
import {
  ASSIGN_COLUMNS,
  planGroups,
  rowsOfTable,
  type AssignAction,
  type AssignRow,
  type CheckedRow,
  type ConfigureGroup,
} from '@shared/holdings/assign-rows'
import { countOutcomes, readyGroups, rowResults, type GroupRun, type RowResult } from '@shared/holdings/assign-results'
import { lendWords, moveWords, OUTCOME_WORDS, rowMessage } from '@shared/holdings/words'
import { auditTime } from '@shared/holdings/audit'
import { ImportFileError, readTable } from '../../services/import'
import type { HoldingsTarget } from '../../services/holdings'
import { type CommandDeps, type Globals } from '../command'
import type { CliContext } from '../context'
import { EXIT } from '../exit-codes'
import { progressView } from '../progress'
import { writeResults, type ResultRow } from '../results'
import { t } from '../text'
import { planCommand } from './plan'
import { isRows, namer, rowsOfFile, targetOf, type TargetOptions } from './holdings-input'

/** Runs one bulk job of configure groups to its end; the result of each group, in order. */
async function runGroups(ctx: CliContext, target: HoldingsTarget, groups: ConfigureGroup[], onSigint: { job: string }): Promise<(ItemResult | undefined)[]> {
  const runner = ctx.core.services.bulk
  await runner.init()
  const view = progressView(ctx, groups.length)
  const early: BulkProgress[] = []
  const off = ctx.core.events.on('bulk.progress', (p) => {
    if (!onSigint.job) early.push(p)
    else if (p.jobId === onSigint.job) view.update(p)
  })
  try {
    const started = await runner.start({ kind: 'holdings.configure', profileId: target.profileId, enterpriseGlobalId: target.enterpriseGlobalId, items: groups })
    onSigint.job = started.id
    for (const p of early) if (p.jobId === started.id) view.update(p)
    ctx.emit({ type: 'started', job: started })
    const done = await runner.wait(started.id)
    if (done.error) {
      process.stderr.write(t('jobStopped', ctx.locale, { error: describeError(done.error, ctx.locale) }) + '\n')
      if (errorAdvice(done.error) === 'credentials') process.stderr.write(t('fixProfile', ctx.locale) + '\n')
    }
    const items = await runner.allItems(started.id)
    const out: (ItemResult | undefined)[] = new Array(groups.length).fill(undefined)
    for (const it of items) out[it.index] = it.result
    return out
  } finally {
    off()
    view.stop()
  }
}

/**
 * Checks the rows, sends the groups (the assignments waiting for a withdrawal in the file after it), and returns
 * every row's result. Ctrl-C cancels the job under way; what was not sent reads "cancelled".
 */
async function assignRows(ctx: CliContext, target: HoldingsTarget, rows: AssignRow[]): Promise<{ checked: CheckedRow[]; results: RowResult[]; interrupted: boolean }> {
  const { rows: checked } = await ctx.core.services.holdings.check({ ...target, rows })
  const plan = planGroups(checked)
  const runs: GroupRun[] = []
  const sig = { job: '' }
  let interrupted = false
  const onSigint = () => {
    if (interrupted || !sig.job) process.exit(EXIT.interrupted)
    interrupted = true
    void ctx.core.services.bulk.cancel(sig.job).catch(() => undefined)
  }
  process.on('SIGINT', onSigint)
  try {
    if (plan.first.length > 0) runs.push({ groups: plan.first, results: await runGroups(ctx, target, plan.first, sig) })
    if (plan.second.length > 0 && !interrupted) {
      const afterOf = new Map(checked.filter((c) => c.after !== undefined).map((c) => [c.line, c.after!]))
      const sofar = rowResults(checked, runs)
      const withdrawn = new Set(sofar.filter((r) => r.action === 'withdraw' && r.outcome === 'done').map((r) => r.line))
      const ready = readyGroups(plan.second, (line) => afterOf.get(line), (line) => withdrawn.has(line))
      sig.job = ''
      if (ready.length > 0) runs.push({ groups: ready, results: await runGroups(ctx, target, ready, sig) })
    }
  } finally {
    process.off('SIGINT', onSigint)
  }
  return { checked, results: rowResults(checked, runs), interrupted }
}

/** The exit code of a set of row results (docs/cli.md: 0 all done, 1 partial, 2 nothing done). */
function exitOf(results: readonly RowResult[], interrupted: boolean): number {
  if (interrupted) return EXIT.interrupted
  const c = countOutcomes(results)
  const good = c.done + c.nothingToDo
  if (good === results.length) return EXIT.ok
  return c.done === 0 ? EXIT.error : EXIT.partial
}

function say(ctx: CliContext, results: readonly RowResult[], name: (id: string) => string): void {
  const c = countOutcomes(results)
  ctx.say(
    t('assignSummary', ctx.locale, {
      done: c.done,
      nothing: c.nothingToDo,
      notSent: c.notSent,
      failed: c.refused + c.blocked + c.callError + c.unknown + c.skipped,
      cancelled: c.cancelled + c.pending,
      total: results.length,
    }),
  )
  if (ctx.json) return
  const shown = results.filter((r) => r.outcome !== 'done' && r.outcome !== 'nothingToDo').slice(0, 20)
  for (const r of shown) process.stderr.write(`  ${t('line', ctx.locale, { line: r.line })}: ${OUTCOME_WORDS[r.outcome][ctx.locale]}: ${rowMessage(r, ctx.locale, name)}\n`)
}

function resultFileRows(results: readonly RowResult[], locale: Locale, name: (id: string) => string): ResultRow[] {
  return results.map((r) => ({
    line: r.line,
    key: r.assetNum,
    name: r.memberGlobalId ? name(r.memberGlobalId) : r.employee,
    state: r.outcome,
    status: r.action ?? '',
    memberGlobalId: r.memberGlobalId ?? '',
    message: rowMessage(r, locale, name),
  }))
}

interface AssignOptions extends TargetOptions {
  out?: string
  sheet?: string
}

function assignCommand(action: AssignAction, globals: Globals, deps: CommandDeps): Command {
  return new Command(action)
    .description(
      `${action} the asset numbers of a file: rows of (employee account or global id, asset number[, action]); one configure call per employee`,
    )
    .argument('<file>', `.txt, .csv or .xlsx; columns ${ASSIGN_COLUMNS.join(', ')} by header (English or Chinese) or in that order; the action defaults to "${action}"`)
    .option('-e, --enterprise <enterpriseGlobalId>', "the enterprise (default: the profile's)")
    .option('--sheet <name>', 'worksheet of an .xlsx file (default: the first)')
    .option('-o, --out <path>', 'results file: .csv, .xlsx or .json, one row per line of the input')
    .action(async (file: string, o: AssignOptions) =>
      deps.command(globals, async (ctx) => {
        deps.checkOut(ctx, o.out)
        const target = await targetOf(ctx, o)
        const read = await rowsOfFile(ctx, deps, file, action, o.sheet)
        const rows = isRows(read) ? read : rowsOfTable(read, { defaultAction: action }).rows
        if (rows.length === 0) {
          ctx.fail(AppError.app('app.invalidInput', { detail: t('noItems', ctx.locale) }))
          return EXIT.error
        }
        const { checked, results, interrupted } = await assignRows(ctx, target, rows)
        const ids = [...new Set(checked.flatMap((c) => [c.person?.globalId, c.holder ?? undefined]).filter((x): x is string => !!x))]
        const name = namer(ctx, target, ids)
        if (o.out) await writeResults(o.out, resultFileRows(results, ctx.locale, name))
        ctx.emit({ type: 'result', rows: results.length, counts: countOutcomes(results), out: o.out ?? null })
        say(ctx, results, name)
        if (o.out) ctx.say(t('wrote', ctx.locale, { file: o.out }))
        return exitOf(results, interrupted)
      }),
    )
}

/** Header words of a move file: the number, from whom, to whom. */
const MOVE_HEADERS: Record<'assetNum' | 'from' | 'to', readonly string[]> = {
  assetNum: ['asset', 'assetnum', 'assetnumber', 'number', '资产编号', '资产', '编号'],
  from: ['from', 'fromemployee', 'source', '原员工', '从', '原持有人', '收回自'],
  to: ['to', 'toemployee', 'target', '新员工', '给', '至', '新持有人', '分配给'],
}

/** The rows of a move file (number, from, to) as two rows each: withdraw from `from`, then assign to `to`, same line. */
function moveRows(table: readonly (readonly string[])[], lines?: readonly number[]): AssignRow[] {
  const fold = (s: string) => s.normalize('NFKC').trim().toLowerCase().replace(/[\s_-]+/g, '')
  const head = table[0] ?? []
  const at = (k: keyof typeof MOVE_HEADERS) => head.findIndex((h) => MOVE_HEADERS[k].includes(fold(h)))
  const named = at('assetNum') >= 0 && at('from') >= 0 && at('to') >= 0
  const col = named ? { assetNum: at('assetNum'), from: at('from'), to: at('to') } : { assetNum: 0, from: 1, to: 2 }
  const out: AssignRow[] = []
  table.forEach((cells, k) => {
    if (named && k === 0) return
    if (cells.every((c) => c.trim() === '')) return
    const line = lines?.[k] ?? k + 1
    const cell = (i: number) => (cells[i] ?? '').normalize('NFKC').trim()
    out.push({ line, employee: cell(col.from), assetNum: cell(col.assetNum), action: 'withdraw', actionText: '', move: true })
    out.push({ line, employee: cell(col.to), assetNum: cell(col.assetNum), action: 'assign', actionText: '', move: true })
  })
  return out
}

/** One result per move line: both steps done, the withdrawal only (said precisely), or nothing. */
function moveResults(results: readonly RowResult[], locale: Locale, name: (id: string) => string): ResultRow[] {
  const byLine = new Map<number, { w?: RowResult; a?: RowResult }>()
  for (const r of results) {
    const e = byLine.get(r.line) ?? {}
    if (r.action === 'withdraw') e.w = r
    else e.a = r
    byLine.set(r.line, e)
  }
  const out: ResultRow[] = []
  for (const [line, { w, a }] of [...byLine.entries()].sort((x, y) => x[0] - y[0])) {
    const from = w?.memberGlobalId ? name(w.memberGlobalId) : (w?.employee ?? '')
    const to = a?.memberGlobalId ? name(a.memberGlobalId) : (a?.employee ?? '')
    const number = a?.assetNum ?? w?.assetNum ?? ''
    const wDone = w?.outcome === 'done'
    const aDone = a?.outcome === 'done'
    let state: string
    let message: string
    if (wDone && aDone) {
      state = 'ok'
      message = moveWords('done', locale, { number, from, to })
    } else if (wDone) {
      state = 'withdrawnOnly'
      message = moveWords('withdrawnOnly', locale, { number, from, to, reason: a ? rowMessage(a, locale, name) : '' })
    } else {
      state = w?.outcome === 'notSent' || a?.outcome === 'notSent' ? 'invalid' : 'failed'
      // The withdrawal says why (the assignment of a move waits for it); else the assignment.
      const why = w && w.outcome !== 'done' ? w : a
      message = moveWords('nothing', locale, { number, from, reason: why ? rowMessage(why, locale, name) : '' })
    }
    out.push({ line, key: number, name: `${from} → ${to}`, state, status: 'move', memberGlobalId: a?.memberGlobalId ?? '', message })
  }
  return out
}

function moveCommand(globals: Globals, deps: CommandDeps): Command {
  return new Command('move')
    .description('move asset numbers between employees: rows of (asset number, from employee, to employee); each withdrawn, then assigned')
    .argument('<file>', '.txt, .csv or .xlsx; columns asset, from, to by header (English or Chinese) or in that order')
    .option('-e, --enterprise <enterpriseGlobalId>', "the enterprise (default: the profile's)")
    .option('--sheet <name>', 'worksheet of an .xlsx file (default: the first)')
    .option('-o, --out <path>', 'results file: .csv, .xlsx or .json, one row per line of the input')
    .action(async (file: string, o: AssignOptions) =>
      deps.command(globals, async (ctx) => {
        deps.checkOut(ctx, o.out)
        const target = await targetOf(ctx, o)
        const bytes = await deps.readInput(ctx, file)
        let table
        try {
          table = await readTable({ bytes, fileName: file }, { locale: ctx.locale, ...(o.sheet ? { sheet: o.sheet } : {}) })
        } catch (err) {
          if (err instanceof ImportFileError) throw AppError.app('app.fileUnreadable', { file, detail: err.issue.message })
          throw err
        }
        const cells = table.kind === 'text' ? table.rows.map((r) => r.join(' ').trim().split(/[\t,;，；\s]+/)) : table.rows
        const rows = moveRows(cells)
        if (rows.length === 0) {
          ctx.fail(AppError.app('app.invalidInput', { detail: t('noItems', ctx.locale) }))
          return EXIT.error
        }
        const { checked, results, interrupted } = await assignRows(ctx, target, rows)
        const ids = [...new Set(checked.flatMap((c) => [c.person?.globalId, c.holder ?? undefined]).filter((x): x is string => !!x))]
        const name = namer(ctx, target, ids)
        const moves = moveResults(results, ctx.locale, name)
        if (o.out) await writeResults(o.out, moves)
        const moved = moves.filter((m) => m.state === 'ok').length
        const half = moves.filter((m) => m.state === 'withdrawnOnly').length
        ctx.emit({ type: 'result', moves: moves.length, moved, withdrawnOnly: half, out: o.out ?? null })
        ctx.say(t('moveSummary', ctx.locale, { moved, half, other: moves.length - moved - half, total: moves.length }))
        if (!ctx.json) for (const m of moves.filter((x) => x.state !== 'ok').slice(0, 20)) process.stderr.write(`  ${t('line', ctx.locale, { line: m.line })}: ${m.message}\n`)
        if (o.out) ctx.say(t('wrote', ctx.locale, { file: o.out }))
        if (interrupted) return EXIT.interrupted
        if (moved === moves.length) return EXIT.ok
        return moved === 0 && half === 0 ? EXIT.error : EXIT.partial
      }),
    )
}

/** An employee by account (any case) or global id, after the directory has read the list. */
async function personOf(ctx: CliContext, target: HoldingsTarget, ref: string): Promise<{ globalId: string; label: string }> {
  const dir = ctx.core.services.memberDirectory
  await dir.whenRead(target.profileId, target.enterpriseGlobalId)
  const p = dir.people(target.profileId, target.enterpriseGlobalId, [ref.trim()]).people[0] ?? (await dir.accounts(target.profileId, target.enterpriseGlobalId, [ref.trim()])).found[0]
  if (!p) throw AppError.app('app.notFound', { what: t('memberNotFound', ctx.locale, { ref }) })
  return { globalId: p.globalId, label: p.name ? `${p.name} (${p.userName})` : p.userName }
}

interface LendOptions extends TargetOptions {
  employee: string
  lock: string
  asset: string[]
}

function lendCommand(globals: Globals, deps: CommandDeps): Command {
  return new Command('lend')
    .description("lend an employee's assets into a free borrowed lock (their products move into the lock)")
    .requiredOption('--employee <account|globalId>', 'the employee whose assets are lent')
    .requiredOption('--lock <number>', 'the borrowed lock to lend into (free, or already lent to this employee)')
    .requiredOption('--asset <number...>', "asset numbers of the employee's to lend")
    .option('-e, --enterprise <enterpriseGlobalId>', "the enterprise (default: the profile's)")
    .action(async (o: LendOptions) =>
      deps.command(globals, async (ctx) => {
        const target = await targetOf(ctx, o)
        const who = await personOf(ctx, target, o.employee)
        const { entry } = await ctx.core.services.holdings.cache.get(target, { refresh: true })
        const ids: string[] = []
        for (const n of o.asset) {
          const r = entry.byNum(n)
          if (!r) throw AppError.app('app.notFound', { what: n })
          ids.push(r.assetId)
        }
        try {
          const r = await ctx.core.services.holdings.lend({ ...target, memberGlobalId: who.globalId, lockNum: o.lock, assetIds: ids })
          ctx.emit({ type: 'result', lent: true, reconciled: r.reconciled, lock: o.lock, memberGlobalId: who.globalId, assets: o.asset })
          ctx.say(t('lent', ctx.locale, { assets: o.asset.join(', '), lock: o.lock, employee: who.label }))
          if (r.reconciled) ctx.say(t('lendReadBack', ctx.locale))
          return EXIT.ok
        } catch (err) {
          const e = err instanceof AppError ? err : AppError.app('app.internal')
          const words = lendWords(e.code, ctx.locale, { employee: who.label, lock: o.lock, assets: o.asset.join(', ') })
          if (!words) throw err
          ctx.fail(AppError.fromData({ ...e.toData(), details: { ...e.details, serverMessage: words } }))
          return EXIT.error
        }
      }),
    )
}

function lentCommand(globals: Globals, deps: CommandDeps): Command {
  const lent = new Command('lent').description('borrowed locks and what is lent into them')
  lent
    .command('list')
    .description('every borrowed lock: lent or free, to whom, what was lent into it and since when (from this computer’s journal)')
    .option('-e, --enterprise <enterpriseGlobalId>', "the enterprise (default: the profile's)")
    .option('--lent-only', 'only locks that are lent')
    .action(async (o: TargetOptions & { lentOnly?: boolean }) =>
      deps.command(globals, async (ctx) => {
        const target = await targetOf(ctx, o)
        const { locks } = await ctx.core.services.holdings.lentLocks({ ...target, refresh: true })
        const shown = o.lentOnly ? locks.filter((l) => l.lent) : locks
        await ctx.core.services.memberDirectory.whenRead(target.profileId, target.enterpriseGlobalId).catch(() => undefined)
        const name = namer(ctx, target, shown.map((l) => l.holder).filter((h): h is string => !!h))
        for (const l of shown) {
          ctx.emit({ type: 'lock', ...l, holderName: l.holder ? name(l.holder) : null })
          const listed = l.lentAssets.map((a) => a.assetNum ?? a.assetId).join(', ')
          const what = listed && l.assetsSource === 'service' ? `${listed} (${t('fromService', ctx.locale)})` : listed
          ctx.say(
            l.lent
              ? t('lockLent', ctx.locale, { lock: l.assetNum, employee: name(l.holder!), assets: what || t('notRecorded', ctx.locale), since: l.since ? `${auditTime(l.since)} (UTC+8)` : t('notRecorded', ctx.locale) })
              : t('lockFree', ctx.locale, { lock: l.assetNum }),
          )
        }
        if (shown.length === 0) ctx.say(t('noLocks', ctx.locale))
        return EXIT.ok
      }),
    )
  return lent
}

function exportCommand(globals: Globals, deps: CommandDeps): Command {
  const holdings = new Command('holdings').description('who holds what, for audits')
  holdings
    .command('export')
    .description('one Excel workbook: employees with their numbers, the asset numbers, lent locks, and (with --products) every product')
    .requiredOption('-o, --out <path>', 'the .xlsx file to write')
    .option('--products', 'read the products of every held number too (one call per number)')
    .option('-e, --enterprise <enterpriseGlobalId>', "the enterprise (default: the profile's)")
    .action(async (o: TargetOptions & { out: string; products?: boolean }) =>
      deps.command(globals, async (ctx) => {
        if (!o.out.toLowerCase().endsWith('.xlsx')) throw AppError.app('app.invalidInput', { detail: t('badOut', ctx.locale, { file: o.out }) })
        const target = await targetOf(ctx, o)
        const off = ctx.core.events.on('holdings.audit', (p) => ctx.emit({ type: 'progress', ...p }))
        try {
          const file = await ctx.core.services.holdings.audit({ ...target, includeProducts: o.products === true })
          await writeFileAtomic(o.out, Buffer.from(file.contentBase64, 'base64'), { fsync: true })
          ctx.emit({ type: 'result', out: o.out, rows: file.rows })
          ctx.say(t('wrote', ctx.locale, { file: o.out }))
          return EXIT.ok
        } finally {
          off()
        }
      }),
    )
  return holdings
}

/** The commands of this file, to add to the program. */
export function holdingsCommands(globals: Globals, deps: CommandDeps): Command[] {
  const assets = new Command('assets').description('asset numbers given to employees: assign, withdraw, move, plan (files of rows)')
  assets.addCommand(assignCommand('assign', globals, deps))
  assets.addCommand(assignCommand('withdraw', globals, deps))
  assets.addCommand(moveCommand(globals, deps))
  assets.addCommand(planCommand(globals, deps))
  return [assets, lendCommand(globals, deps), lentCommand(globals, deps), exportCommand(globals, deps)]
}
