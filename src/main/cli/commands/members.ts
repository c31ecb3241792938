/**
 * `license-desk members list|add|edit|reset-password|delete|import`: the employees of an enterprise on the
 * same core as the Members screen (the same checks, read-backs of lost answers, bulk runner and journal).
 * One employee is named by account or global id; many come from a file (one account per line, or a column of
 * a CSV / Excel file) and go through the bulk runner.
 */
import { createInterface } from 'node:readline/promises'
import { Command, InvalidArgumentError, Option } from 'commander'
import { AppError } from '@shared/errors/app-error'
import { errorAdvice } from '@shared/errors/advice'
import type { MemberRef } from '@shared/bulk/member-actions'
import type { MemberRow } from '@shared/ipc/channels/members'
import { importMessage } from '@shared/bulk/import'
import { fieldOfHeader, flagExistingAccounts, type CheckedEmployeeRow } from '@shared/members/employee-rows'
import { maskMobile } from '@shared/members/member-form'
import { generatePassword } from '@shared/members/password'
import { ASSUMED_ENTERPRISE_SUFFIX } from '@shared/rules/member-rules'
import { columnIndex, importEmployees, ImportFileError, readTable } from '../../services/import'
import type { MembersTarget } from '../../services/members'
import { positiveInt, type CommandDeps, type Globals } from '../command'
import type { CliContext } from '../context'
import { EXIT } from '../exit-codes'
import { runJob, showIssues } from '../run-job'
import { t } from '../text'
import { offboardCommand } from './offboard'

function wholeNumber(v: string): number {
  if (!/^-?\d+$/.test(v.trim()) || !Number.isSafeInteger(Number(v))) throw new InvalidArgumentError('expected a whole number')
  return Number(v)
}

/** The profile and enterprise of a command (--enterprise, else the profile's, as the screens resolve it). */
async function targetOf(ctx: CliContext, enterprise: string | undefined): Promise<MembersTarget> {
  const profile = await ctx.profile()
  return ctx.core.services.members.target({ profileId: profile.id, enterpriseGlobalId: enterprise?.trim() || undefined })
}

/** Calls a channel through the registry (input checked as the app's are); throws its error. */
async function call<T>(ctx: CliContext, channel: string, input: unknown): Promise<T> {
  const r = await ctx.core.registry.invoke(channel, input, { transport: 'cli' })
  if (!r.ok) throw AppError.fromData(r.error)
  return r.value as T
}

/** Finds one employee by account (ignoring case) or global id: a keyword search first, else the whole list. */
async function findOne(ctx: CliContext, target: MembersTarget, ref: string): Promise<MemberRow> {
  const want = ref.trim()
  const page = await ctx.core.services.members.list({ ...target, keyword: want, pageNum: 1, pageSize: 100 })
  const hit = page.list.find((m) => m.userName.toLowerCase() === want.toLowerCase() || m.globalId === want)
  if (hit) return hit
  const dir = ctx.core.services.memberDirectory
  await dir.whenRead(target.profileId, target.enterpriseGlobalId)
  const byId = dir.people(target.profileId, target.enterpriseGlobalId, [want]).people[0]
  const person = byId ?? (await dir.accounts(target.profileId, target.enterpriseGlobalId, [want])).found[0]
  if (person) {
    const again = await ctx.core.services.members.list({ ...target, keyword: person.userName, pageNum: 1, pageSize: 100 })
    const row = again.list.find((m) => m.globalId === person.globalId)
    if (row) return row
  }
  throw AppError.app('app.notFound', { what: t('memberNotFound', ctx.locale, { ref: want }) })
}

/**
 * The accounts (or global ids) of a file with their lines: a text file lists them (any separators, several to a
 * line); a CSV or Excel file has them in a column: the one named, else the one whose header names the account,
 * else the first (a first row naming the account is a header).
 */
async function accountsOfFile(ctx: CliContext, bytes: Uint8Array, fileName: string, column: string | undefined): Promise<{ ref: string; line: number }[]> {
  let table
  try {
    table = await readTable({ bytes, fileName }, { locale: ctx.locale })
  } catch (err) {
    if (err instanceof ImportFileError) throw AppError.app('app.fileUnreadable', { file: fileName, detail: err.issue.message })
    throw err
  }
  const out: { ref: string; line: number }[] = []
  if (table.kind === 'text') {
    table.rows.forEach((r, i) => {
      for (const ref of (r[0] ?? '').split(/[\s,;，；、]+/)) if (ref !== '') out.push({ ref, line: i + 1 })
    })
    return out
  }
  const header = table.rows[0] ?? []
  const named = header.findIndex((h) => fieldOfHeader(h) === 'userName')
  let col = named >= 0 ? named : 0
  if (column !== undefined) {
    const byName = header.findIndex((h) => h.trim().toLowerCase() === column.trim().toLowerCase())
    col = byName >= 0 ? byName : columnIndex(column)
    if (col < 0) throw AppError.app('app.invalidInput', { detail: importMessage('import.noColumn', ctx.locale, { column, columns: header.join(', ') }) })
  }
  table.rows.forEach((r, i) => {
    if (i === 0 && named >= 0) return
    const ref = (r[col] ?? '').trim()
    if (ref !== '') out.push({ ref, line: i + 1 })
  })
  return out
}

/** Employees named in a file (one account or global id per line, or a column of a CSV / Excel file) and on the line. */
async function resolveMany(ctx: CliContext, deps: CommandDeps, target: MembersTarget, refs: string[], file: string | undefined, column: string | undefined): Promise<{ items: MemberRef[]; lines: number[]; missing: { line: number; ref: string }[] }> {
  const wanted: { ref: string; line: number }[] = refs.map((ref, i) => ({ ref, line: i + 1 }))
  if (file) wanted.push(...(await accountsOfFile(ctx, await deps.readInput(ctx, file), file, column)))
  const dir = ctx.core.services.memberDirectory
  await dir.whenRead(target.profileId, target.enterpriseGlobalId)
  const byId = new Map(dir.people(target.profileId, target.enterpriseGlobalId, wanted.map((w) => w.ref)).people.map((p) => [p.globalId, p]))
  const byAccount = new Map((await dir.accounts(target.profileId, target.enterpriseGlobalId, wanted.map((w) => w.ref))).found.map((p) => [p.asked, p]))
  const items: MemberRef[] = []
  const lines: number[] = []
  const missing: { line: number; ref: string }[] = []
  for (const w of wanted) {
    const p = byId.get(w.ref) ?? byAccount.get(w.ref)
    if (!p) missing.push(w)
    else {
      items.push(p.name ? { globalId: p.globalId, userName: p.userName, name: p.name } : { globalId: p.globalId, userName: p.userName })
      lines.push(w.line)
    }
  }
  return { items, lines, missing }
}

/** Asks "yes?" on a terminal; without one, --yes is required. */
async function confirmed(ctx: CliContext, yes: boolean | undefined, question: string): Promise<boolean> {
  if (yes) return true
  if (!process.stdin.isTTY || ctx.json) throw AppError.app('app.invalidInput', { detail: t('needYes', ctx.locale) })
  const rl = createInterface({ input: process.stdin, output: process.stderr })
  try {
    return /^(y|yes|是)$/i.test((await rl.question(`${question} [y/N] `)).trim())
  } finally {
    rl.close()
  }
}

/** The first line of standard input (a password piped in, never on the command line). */
async function stdinLine(): Promise<string> {
  const rl = createInterface({ input: process.stdin })
  try {
    for await (const line of rl) return line
    return ''
  } finally {
    rl.close()
  }
}

/** The new password of an add or reset: piped in, or generated (then shown once). */
async function passwordOf(ctx: CliContext, o: { passwordStdin?: boolean; generatePassword?: boolean }): Promise<{ password: string; generated: boolean }> {
  if (o.passwordStdin && o.generatePassword) throw AppError.app('app.invalidInput', { detail: t('onePasswordWay', ctx.locale) })
  if (o.generatePassword) {
    const { limits } = await ctx.core.services.settings.get()
    return { password: generatePassword(limits), generated: true }
  }
  if (o.passwordStdin) return { password: await stdinLine(), generated: false }
  throw AppError.app('app.invalidInput', { detail: t('needPassword', ctx.locale) })
}

/** A credentials error gets the one prompt to fix the connection profile (on top of the error itself). */
function advise(ctx: CliContext, err: unknown): void {
  if (err instanceof AppError && errorAdvice(err) === 'credentials') process.stderr.write(t('fixProfile', ctx.locale) + '\n')
  if (err instanceof AppError && errorAdvice(err) === 'tryAgain') process.stderr.write(t('tryAgain', ctx.locale) + '\n')
}

function row(ctx: CliContext, m: MemberRow, showMobile: boolean): string {
  const mobile = m.passwordMobile ? (showMobile ? m.passwordMobile : maskMobile(m.passwordMobile)) : '—'
  return [m.userName, m.name, m.departmentName ?? '—', mobile, String(m.assetNums.length), m.onlineFlag ? t('online', ctx.locale) : '', m.globalId].join('\t')
}

export function membersCommand(globals: Globals, deps: CommandDeps): Command {
  const { command } = deps
  const members = new Command('members').description('employees of an enterprise (the profile’s unless --enterprise)')
  const withEnterprise = (c: Command) => c.option('-e, --enterprise <enterpriseGlobalId>', "the enterprise (default: the profile's)")

  withEnterprise(members.command('list'))
    .description('list employees, a page at a time (or --all)')
    .option('-k, --keyword <text>', 'name or account contains this (ignoring case)')
    .addOption(new Option('--department <id>', 'department id').argParser(wholeNumber))
    .addOption(new Option('--page <n>', 'page number').argParser(positiveInt(1_000_000)).default(1))
    .addOption(new Option('--page-size <n>', 'employees per page').argParser(positiveInt(500)).default(50))
    .option('--all', 'every page')
    .option('--show-mobile', 'show security mobile numbers in full')
    .action(async (o: { enterprise?: string; keyword?: string; department?: number; page: number; pageSize: number; all?: boolean; showMobile?: boolean }) =>
      command(globals, async (ctx) => {
        try {
          const target = await targetOf(ctx, o.enterprise)
          const ask = (pageNum: number) =>
            ctx.core.services.members.list({ ...target, pageNum, pageSize: o.pageSize, ...(o.keyword ? { keyword: o.keyword } : {}), ...(o.department !== undefined ? { departmentId: o.department } : {}) })
          let page = await ask(o.page)
          const list = [...page.list]
          if (o.all) {
            for (let n = page.pageNum + 1; n <= page.pages; n++) {
              page = await ask(n)
              list.push(...page.list)
            }
          }
          const out = { ...page, pageNum: o.all ? 1 : page.pageNum, list }
          ctx.emit({ type: 'result', page: out })
          for (const m of list) ctx.say(row(ctx, m, o.showMobile === true))
          ctx.say(t(o.all ? 'listAll' : 'listPage', ctx.locale, { page: out.pageNum, pages: page.pages, total: page.total, shown: list.length }))
          return EXIT.ok
        } catch (err) {
          advise(ctx, err)
          throw err
        }
      }),
    )

  withEnterprise(members.command('add'))
    .description('add one employee; the password is piped in (--password-stdin) or generated and shown once')
    .requiredOption('-a, --account <userName>', 'account: letters and digits')
    .requiredOption('-n, --name <name>', 'name (at most 30 characters)')
    .option('--password-stdin', 'read the initial password from the first line of standard input')
    .option('--generate-password', 'generate a strong password and print it once')
    .addOption(new Option('--department <id>', 'department id').argParser(wholeNumber))
    .option('--remark <text>', 'remark (at most 200 characters)')
    .option('--mobile <number>', 'security mobile (for password recovery)')
    .action(async (o: { enterprise?: string; account: string; name: string; passwordStdin?: boolean; generatePassword?: boolean; department?: number; remark?: string; mobile?: string }) =>
      command(globals, async (ctx) => {
        try {
          const target = await targetOf(ctx, o.enterprise)
          const { password, generated } = await passwordOf(ctx, o)
          const member: Record<string, unknown> = { userName: o.account, password, name: o.name }
          if (o.department !== undefined) member['departmentId'] = o.department
          if (o.remark !== undefined) member['remark'] = o.remark
          if (o.mobile !== undefined) member['passwordMobile'] = o.mobile
          const r = await call<{ member: MemberRow; reconciled: boolean }>(ctx, 'members.add', { ...target, member })
          ctx.emit({ type: 'result', member: r.member, reconciled: r.reconciled, ...(generated ? { password } : {}) })
          ctx.say(t('added', ctx.locale, { account: r.member.userName, name: r.member.name, id: r.member.globalId }))
          if (r.reconciled) ctx.say(t('readBack', ctx.locale))
          if (generated) ctx.say(t('passwordOnce', ctx.locale, { password }))
          return EXIT.ok
        } catch (err) {
          advise(ctx, err)
          throw err
        }
      }),
    )

  withEnterprise(members.command('edit'))
    .description('change the name, department, remark or security mobile of one employee')
    .argument('<account|globalId>', 'the employee')
    .option('-n, --name <name>', 'new name')
    .addOption(new Option('--department <id>', 'department id').argParser(wholeNumber))
    .option('--no-department', 'clear the department')
    .option('--remark <text>', "new remark ('' clears it)")
    .option('--mobile <number>', "new security mobile ('' clears it)")
    .action(async (ref: string, o: { enterprise?: string; name?: string; department?: number | false; remark?: string; mobile?: string }) =>
      command(globals, async (ctx) => {
        try {
          const target = await targetOf(ctx, o.enterprise)
          const m = await findOne(ctx, target, ref)
          const input = {
            ...target,
            memberGlobalId: m.globalId,
            userName: m.userName,
            name: o.name ?? m.name,
            departmentId: o.department === false ? null : (o.department ?? m.departmentId),
            remark: o.remark === undefined ? m.remark : o.remark === '' ? null : o.remark,
            passwordMobile: o.mobile === undefined ? m.passwordMobile : o.mobile === '' ? null : o.mobile,
          }
          await call(ctx, 'members.edit', input)
          ctx.emit({ type: 'result', memberGlobalId: m.globalId, userName: m.userName })
          ctx.say(t('edited', ctx.locale, { account: m.userName, name: input.name }))
          return EXIT.ok
        } catch (err) {
          advise(ctx, err)
          throw err
        }
      }),
    )

  withEnterprise(members.command('reset-password'))
    .description('give one employee, the employees named, or those of a file a new password')
    .argument('[accounts...]', 'accounts or global ids')
    .option('-f, --file <path>', 'a file of accounts (one per line, or a column of .csv / .xlsx)')
    .option('-c, --column <name|letter|number>', 'the column of accounts in the file')
    .option('--password-stdin', 'read the new password from the first line of standard input')
    .option('--generate-password', 'generate a strong password and print it once')
    .option('-o, --out <path>', 'results file (many employees): .csv, .xlsx or .json')
    .action(async (refs: string[], o: { enterprise?: string; file?: string; column?: string; passwordStdin?: boolean; generatePassword?: boolean; out?: string }) =>
      command(globals, async (ctx) => {
        try {
          deps.checkOut(ctx, o.out)
          const target = await targetOf(ctx, o.enterprise)
          if (refs.length === 0 && !o.file) throw AppError.app('app.invalidInput', { detail: t('needMembers', ctx.locale) })
          const { password, generated } = await passwordOf(ctx, o)
          if (refs.length === 1 && !o.file) {
            const m = await findOne(ctx, target, refs[0]!)
            await call(ctx, 'members.resetPassword', { ...target, memberGlobalId: m.globalId, password })
            ctx.emit({ type: 'result', memberGlobalId: m.globalId, userName: m.userName, ...(generated ? { password } : {}) })
            ctx.say(t('reset', ctx.locale, { account: m.userName, name: m.name }))
            if (generated) ctx.say(t('passwordOnce', ctx.locale, { password }))
            return EXIT.ok
          }
          const many = await resolveMany(ctx, deps, target, refs, o.file, o.column)
          const issues = many.missing.map((m) => ({ line: m.line, code: 'app.notFound', message: t('memberNotFound', ctx.locale, { ref: m.ref }) }))
          showIssues(ctx, issues)
          if (many.items.length === 0) throw AppError.app('app.invalidInput', { detail: t('noItems', ctx.locale) })
          if (generated) {
            ctx.emit({ type: 'password', password })
            ctx.say(t('passwordOnce', ctx.locale, { password }))
          }
          return await runJob(ctx, {
            start: { kind: 'members.resetPassword', profileId: target.profileId, enterpriseGlobalId: target.enterpriseGlobalId, password, items: many.items },
            lines: many.lines,
            issues,
            ...(o.out ? { out: o.out } : {}),
            label: 'kindReset',
          })
        } catch (err) {
          advise(ctx, err)
          throw err
        }
      }),
    )

  withEnterprise(members.command('delete'))
    .description('delete one employee, the employees named, or those of a file (asks first unless --yes)')
    .argument('[accounts...]', 'accounts or global ids')
    .option('-f, --file <path>', 'a file of accounts (one per line, or a column of .csv / .xlsx)')
    .option('-c, --column <name|letter|number>', 'the column of accounts in the file')
    .option('-y, --yes', 'do not ask (needed without a terminal)')
    .option('-o, --out <path>', 'results file (many employees): .csv, .xlsx or .json')
    .action(async (refs: string[], o: { enterprise?: string; file?: string; column?: string; yes?: boolean; out?: string }) =>
      command(globals, async (ctx) => {
        try {
          deps.checkOut(ctx, o.out)
          const target = await targetOf(ctx, o.enterprise)
          if (refs.length === 0 && !o.file) throw AppError.app('app.invalidInput', { detail: t('needMembers', ctx.locale) })
          if (refs.length === 1 && !o.file) {
            const m = await findOne(ctx, target, refs[0]!)
            if (!(await confirmed(ctx, o.yes, t('askDeleteOne', ctx.locale, { account: m.userName, name: m.name })))) return EXIT.error
            const r = await call<{ reconciled: boolean }>(ctx, 'members.delete', { ...target, memberGlobalId: m.globalId, userName: m.userName })
            ctx.emit({ type: 'result', memberGlobalId: m.globalId, userName: m.userName, reconciled: r.reconciled })
            ctx.say(t('deleted', ctx.locale, { account: m.userName, name: m.name }))
            if (r.reconciled) ctx.say(t('readBack', ctx.locale))
            return EXIT.ok
          }
          const many = await resolveMany(ctx, deps, target, refs, o.file, o.column)
          const issues = many.missing.map((m) => ({ line: m.line, code: 'app.notFound', message: t('memberNotFound', ctx.locale, { ref: m.ref }) }))
          showIssues(ctx, issues)
          if (many.items.length === 0) throw AppError.app('app.invalidInput', { detail: t('noItems', ctx.locale) })
          if (!(await confirmed(ctx, o.yes, t('askDeleteMany', ctx.locale, { n: many.items.length })))) return EXIT.error
          return await runJob(ctx, {
            start: { kind: 'members.delete', profileId: target.profileId, enterpriseGlobalId: target.enterpriseGlobalId, items: many.items },
            lines: many.lines,
            issues,
            ...(o.out ? { out: o.out } : {}),
            label: 'kindDelete',
          })
        } catch (err) {
          advise(ctx, err)
          throw err
        }
      }),
    )

  withEnterprise(members.command('import'))
    .description('add the employees of a file (.csv or .xlsx with a header row: userName, password, name, ...)')
    .requiredOption('-f, --file <path>', 'file of employees')
    .option('--sheet <name>', 'worksheet of an .xlsx file (default: the first)')
    .option('-o, --out <path>', 'results file: .csv, .xlsx or .json, one row per line of the input')
    .action(async (o: { file: string; enterprise?: string; sheet?: string; out?: string }) =>
      command(globals, async (ctx) => {
        try {
          deps.checkOut(ctx, o.out)
          const target = await targetOf(ctx, o.enterprise)
          const { limits } = await ctx.core.services.settings.get()
          const parsed = await importEmployees(
            { bytes: await deps.readInput(ctx, o.file), fileName: o.file },
            { sheet: o.sheet, locale: ctx.locale, limits: { passwordMin: limits.passwordMin, passwordMax: limits.passwordMax, enterpriseSuffix: ASSUMED_ENTERPRISE_SUFFIX } },
          )
          // Accounts the enterprise already has are flagged before sending, as on the screen.
          let rows: CheckedEmployeeRow[] = parsed.rows
          if (rows.length > 0) {
            const found = await ctx.core.services.memberDirectory.accounts(target.profileId, target.enterpriseGlobalId, rows.map((r) => r.member!.userName))
            const existing = new Map(found.found.map((p) => [p.asked.toLowerCase(), { userName: p.userName, name: p.name }]))
            rows = flagExistingAccounts(rows, existing, [parsed.columns['userName'] ?? 'userName'], { userName: 0 }, ctx.locale)
          }
          const issues = [...parsed.issues, ...rows.flatMap((r) => (r.issue ? [r.issue] : []))].sort((a, b) => a.line - b.line)
          const send = rows.filter((r) => r.member)
          showIssues(ctx, issues)
          if (send.length === 0) {
            ctx.fail(AppError.app('app.invalidInput', { detail: t('noItems', ctx.locale) }))
            return EXIT.error
          }
          return await runJob(ctx, {
            start: { kind: 'members.import', profileId: target.profileId, enterpriseGlobalId: target.enterpriseGlobalId, items: send.map((r) => r.member!) },
            lines: send.map((r) => r.line),
            issues,
            ...(o.out ? { out: o.out } : {}),
            label: 'kindImport',
          })
        } catch (err) {
          advise(ctx, err)
          throw err
        }
      }),
    )
  members.addCommand(offboardCommand(globals, deps))
  return members
}
