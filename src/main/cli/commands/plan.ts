/**
 * `license-desk assets plan FILE [--apply]`: the assignment planner on a file of cells (employee, asset number,
 * action: assign = tick, withdraw = untick). By default a dry run: the same offline check and diff in words as the
 * planner screen, nothing sent. With `--apply` the plan is applied like the screen's (one configure call per
 * employee through the bulk runner; moved numbers in a second run) and recorded, so the screen can undo it.
 */
import { Command } from 'commander'
import { AppError, describeError } from '@shared/errors/app-error'
import { rowMessage, OUTCOME_WORDS } from '@shared/holdings/words'
import { rowsOfTable } from '@shared/holdings/assign-rows'
import { countWords, diffWords } from '@shared/holdings/plan-words'
import type { PlanRow } from '@shared/ipc/channels/planner'
import type { Person } from '@shared/ipc/channels/members'
import type { Locale } from '@shared/i18n/locale'
import { type CommandDeps, type Globals } from '../command'
import type { CliContext } from '../context'
import { EXIT } from '../exit-codes'
import { t } from '../text'
import { isRows, rowsOfFile, targetOf, type TargetOptions } from './holdings-input'

/** Changes said in words on the terminal (all of them are in --json). */
const CHANGES_SHOWN = 50
/** Problem rows listed on stderr. */
const ROWS_SHOWN = 20

function namerOf(people: readonly Person[]): (id: string) => string {
  const byId = new Map(people.map((p) => [p.globalId, p]))
  return (id) => {
    const p = byId.get(id)
    return p ? (p.name ? `${p.name} (${p.userName})` : p.userName) : id
  }
}

function listRows(ctx: CliContext, rows: readonly PlanRow[], name: (id: string) => string, locale: Locale): void {
  for (const r of rows.slice(0, ROWS_SHOWN)) process.stderr.write(`  ${t('line', locale, { line: r.line })}: ${OUTCOME_WORDS[r.outcome][locale]}: ${rowMessage(r, locale, name)}\n`)
  if (rows.length > ROWS_SHOWN) process.stderr.write(`  ${t('more', ctx.locale, { n: rows.length - ROWS_SHOWN })}\n`)
}

export function planCommand(globals: Globals, deps: CommandDeps): Command {
  return new Command('plan')
    .description('check a plan of cells (employee, asset number, assign|withdraw) and say the diff; --apply sends it, one configure call per employee')
    .argument('<file>', '.txt, .csv or .xlsx; columns employee, asset number, action by header (English or Chinese) or in that order; the action defaults to assign')
    .option('-e, --enterprise <enterpriseGlobalId>', "the enterprise (default: the profile's)")
    .option('--sheet <name>', 'worksheet of an .xlsx file (default: the first)')
    .option('--apply', 'send the changes (default: a dry run that sends nothing)')
    .action(async (file: string, o: TargetOptions & { sheet?: string; apply?: boolean }) =>
      deps.command(globals, async (ctx) => {
        const target = await targetOf(ctx, o)
        const read = await rowsOfFile(ctx, deps, file, 'assign', o.sheet)
        const rows = isRows(read) ? read : rowsOfTable(read, { defaultAction: 'assign' }).rows
        if (rows.length === 0) {
          ctx.fail(AppError.app('app.invalidInput', { detail: t('noItems', ctx.locale) }))
          return EXIT.error
        }
        const planner = ctx.core.services.planner
        const check = await planner.check({ ...target, rows })
        const name = namerOf(check.people)
        ctx.emit({ type: 'plan', counts: check.counts, changes: check.changes, problems: check.problems })
        ctx.say(diffWords(check.changes, ctx.locale, name, CHANGES_SHOWN))
        ctx.say(countWords(check.counts, ctx.locale))
        if (!ctx.json) listRows(ctx, check.problems.filter((r) => r.issue), name, ctx.locale)
        if (!o.apply) {
          ctx.say(t('planDry', ctx.locale))
          return check.counts.problems > 0 ? EXIT.partial : EXIT.ok
        }
        if (check.counts.calls === 0) return check.counts.problems > 0 ? EXIT.partial : EXIT.ok
        const run = await planner.apply({ ...target, rows })
        if (run.error) process.stderr.write(t('jobStopped', ctx.locale, { error: describeError(run.error, ctx.locale) }) + '\n')
        const c = run.outcomes
        const done = c.done ?? 0
        const nothing = c.nothingToDo ?? 0
        const total = Object.values(c).reduce((a, b) => a + b, 0)
        ctx.emit({ type: 'result', plan: run.plan, outcomes: run.outcomes, failures: run.failures })
        ctx.say(t('planApplied', ctx.locale, { id: run.plan.id, done, nothing, failed: total - done - nothing, total }))
        if (!ctx.json) listRows(ctx, run.failures.filter((r) => !r.issue), namerOf([...check.people, ...run.people]), ctx.locale)
        if (done + nothing === total) return EXIT.ok
        return done === 0 ? EXIT.error : EXIT.partial
      }),
    )
}
