/**
 * `license-desk members offboard FILE`: people who leave, named in a file (accounts, global ids or names; a text
 * file or a column of a CSV / Excel file). The same check as the screen (the core's `offboard.check`):
 * each person's numbers, products and lent locks, and the steps. A dry run by default; `--apply` sends it as one
 * bulk job (`members.offboard`: numbers withdrawn first, then the password reset or the account deleted), then
 * writes the reclaim report (`--report FILE.xlsx`).
 */
import { Command, Option } from 'commander'
import writeFileAtomic from 'write-file-atomic'
import { AppError, describeError } from '@shared/errors/app-error'
import type { BulkProgress } from '@shared/ipc/channels/bulk'
import type { OffboardCheck } from '@shared/ipc/channels/offboard'
import type { Locale } from '@shared/i18n/locale'
import { fieldOfHeader } from '@shared/members/employee-rows'
import { offboardItems, readPeopleRefs, type OffboardThen, type PersonRef } from '@shared/members/offboard'
import { stepWords } from '@shared/members/offboard-report'
import { ImportFileError, readTable } from '../../services/import'
import type { CommandDeps, Globals } from '../command'
import type { CliContext } from '../context'
import { EXIT } from '../exit-codes'
import { progressView } from '../progress'

type Words = Record<Locale, string>
const w = (en: string, zh: string): Words => ({ en, 'zh-CN': zh })

/** The command's sentences (the report's words are shared with the screen: offboard-report.ts). */
const TEXT = {
  person: w('{name} ({account}): {numbers} number(s){locks} → {steps}', '{name}（{account}）：{numbers} 个编号{locks} → {steps}'),
  locks: w('; lent locks holding their entitlements: {locks}', '；持有其授权的借用锁：{locks}'),
  skip: w('{name} ({account}): nothing to do', '{name}（{account}）：无需处理'),
  tooMany: w('{name} ({account}): more numbers than one call takes ({numbers}); not sent', '{name}（{account}）：编号超过单次上限（{numbers} 个），不发送'),
  notFound: w('line {line}: "{ref}" names no employee', '第 {line} 行：“{ref}” 找不到员工'),
  ambiguous: w('line {line}: "{ref}" fits several employees ({candidates}): give the account', '第 {line} 行：“{ref}” 对应多名员工（{candidates}），请写账号'),
  duplicate: w('line {line}: "{ref}" repeats a person above', '第 {line} 行：“{ref}” 与上面的人员重复'),
  plan: w('{people} people to offboard, {numbers} numbers to withdraw, {locks} lent locks to check.', '待办理离职 {people} 人，收回 {numbers} 个编号，{locks} 个借用锁需检查。'),
  dryRun: w('Dry run: nothing was sent. Add --apply to send.', '试运行：未发送任何内容。加 --apply 才会发送。'),
  nobody: w('Nobody to offboard.', '没有需要办理离职的人员。'),
  stopped: w('The job stopped: {error}', '任务已停止：{error}'),
  reportWritten: w('Reclaim report written to {file}', '回收报告已写入 {file}'),
  badReport: w('The report must end in .xlsx: {file}', '报告文件必须以 .xlsx 结尾：{file}'),
}

function say(key: keyof typeof TEXT, locale: Locale, params: Record<string, string | number> = {}): string {
  return TEXT[key][locale].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m))
}

const THEN: Record<string, OffboardThen> = { keep: 'keep', 'reset-password': 'resetPassword', delete: 'delete' }

/** The references of a file: a text file's lines, else the account (or name) column of a table. */
async function refsOfFile(ctx: CliContext, deps: CommandDeps, file: string): Promise<PersonRef[]> {
  const bytes = await deps.readInput(ctx, file)
  let table
  try {
    table = await readTable({ bytes, fileName: file }, { locale: ctx.locale })
  } catch (err) {
    if (err instanceof ImportFileError) throw AppError.app('app.fileUnreadable', { file, detail: err.issue.message })
    throw err
  }
  if (table.kind === 'text') return readPeopleRefs(table.rows.map((r) => r.join('\t')).join('\n'))
  const header = table.rows[0] ?? []
  const account = header.findIndex((h) => fieldOfHeader(h) === 'userName')
  const name = header.findIndex((h) => fieldOfHeader(h) === 'name')
  const col = account >= 0 ? account : name
  const out: PersonRef[] = []
  table.rows.forEach((r, i) => {
    if (i === 0 && col >= 0) return
    const ref = (r[col >= 0 ? col : 0] ?? '').normalize('NFKC').trim()
    if (ref !== '') out.push({ ref, line: i + 1 })
  })
  return out
}

function showPlan(ctx: CliContext, plan: OffboardCheck): void {
  const l = ctx.locale
  for (const p of plan.problems) {
    const candidates = (p.candidates ?? []).map((c) => c.userName).join(', ')
    process.stderr.write(`  ${say(p.code, l, { line: p.line, ref: p.ref, candidates })}\n`)
  }
  for (const p of plan.people) {
    const who = { name: p.person.name || p.person.userName, account: p.person.userName, numbers: p.numbers.length }
    ctx.emit({ type: 'person', ...p })
    if (p.skip === 'nothingToDo') ctx.say(say('skip', l, who))
    else if (p.skip === 'tooManyNumbers') ctx.say(say('tooMany', l, who))
    else {
      const locks = p.locks.length > 0 ? say('locks', l, { locks: p.locks.map((k) => k.lockNum).join(', ') }) : ''
      ctx.say(say('person', l, { ...who, locks, steps: p.steps.map((s) => stepWords(s, l)).join(' → ') }))
    }
  }
  ctx.emit({ type: 'plan', counts: plan.counts, problems: plan.problems })
  ctx.say(say('plan', l, plan.counts))
}

interface Options {
  then: string
  apply?: boolean
  report?: string
  enterprise?: string
}

export function offboardCommand(globals: Globals, deps: CommandDeps): Command {
  return new Command('offboard')
    .description('people who leave: withdraw all their asset numbers, then reset their password or delete their account (dry run unless --apply)')
    .argument('<file>', 'accounts, global ids or names: one per line (.txt), or a column of a .csv / .xlsx file (header account or name)')
    .addOption(new Option('--then <step>', 'after the numbers are withdrawn').choices(Object.keys(THEN)).default('keep'))
    .option('--apply', 'send it (default: only check and show the plan)')
    .option('--report <path>', 'the reclaim report (.xlsx) after the run')
    .option('-e, --enterprise <enterpriseGlobalId>', "the enterprise (default: the profile's)")
    .action(async (file: string, o: Options) =>
      deps.command(globals, async (ctx) => {
        if (o.report && !o.report.toLowerCase().endsWith('.xlsx')) throw AppError.app('app.invalidInput', { detail: say('badReport', ctx.locale, { file: o.report }) })
        const profile = await ctx.profile()
        const refs = await refsOfFile(ctx, deps, file)
        if (refs.length === 0) throw AppError.app('app.invalidInput', { detail: say('nobody', ctx.locale) })
        const plan = await ctx.core.services.offboard.check({ profileId: profile.id, enterpriseGlobalId: o.enterprise?.trim() || undefined, refs, then: THEN[o.then]! })
        showPlan(ctx, plan)
        const items = offboardItems(plan)
        if (items.length === 0) {
          ctx.say(say('nobody', ctx.locale))
          return plan.problems.length > 0 ? EXIT.error : EXIT.ok
        }
        if (!o.apply) {
          ctx.say(say('dryRun', ctx.locale))
          return plan.problems.length > 0 ? EXIT.partial : EXIT.ok
        }
        const runner = ctx.core.services.bulk
        await runner.init()
        const view = progressView(ctx, items.length)
        let jobId = ''
        const early: BulkProgress[] = []
        const off = ctx.core.events.on('bulk.progress', (p) => (jobId ? p.jobId === jobId && view.update(p) : early.push(p)))
        const onSigint = () => void (jobId ? runner.pause(jobId).catch(() => undefined) : process.exit(EXIT.interrupted))
        process.on('SIGINT', onSigint)
        let done
        try {
          // The count the plan shows is the count confirmed: the core refuses the job if they differ.
          const started = await runner.start({ kind: 'members.offboard', profileId: plan.profileId, enterpriseGlobalId: plan.enterpriseGlobalId, then: plan.then, confirmCount: items.length, items })
          jobId = started.id
          for (const p of early) if (p.jobId === jobId) view.update(p)
          ctx.emit({ type: 'started', job: started })
          done = await runner.wait(jobId)
        } finally {
          process.off('SIGINT', onSigint)
          off()
          view.stop()
        }
        if (done.error) process.stderr.write(say('stopped', ctx.locale, { error: describeError(done.error, ctx.locale) }) + '\n')
        const report = await ctx.core.services.offboard.report({ jobId })
        if (o.report) {
          await writeFileAtomic(o.report, Buffer.from(report.file.contentBase64, 'base64'), { fsync: true })
          ctx.say(say('reportWritten', ctx.locale, { file: o.report }))
        }
        ctx.emit({ type: 'result', jobId, counts: done.counts, left: report.left, freed: report.freed, attention: report.attention, report: o.report ?? null })
        ctx.say(report.summary)
        if (done.status === 'paused') return EXIT.interrupted
        if (done.counts.ok === items.length) return EXIT.ok
        return done.counts.ok === 0 ? EXIT.error : EXIT.partial
      }),
    )
}
