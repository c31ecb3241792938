/**
 * `license-desk customers …`: the customer book and order operations 1 to 4 on the command line, through the same
 * channels as the Customers screen (the registry checks every input). Exit codes as every command: 0 done;
 * 1 partly done or the outcome is unknown (a lost answer to a create: check before sending again); 2 nothing
 * done (bad input, refused by the service, or a bind the read-back shows was not done).
 */
import { extname } from 'node:path'
import { Command, InvalidArgumentError } from 'commander'
import { AppError, describeError, type AppErrorData } from '@shared/errors/app-error'
import { fillTemplate } from '@shared/errors/catalog'
import {
  CUSTOMER_TYPE_LABELS,
  checkBindFields,
  checkCreateFields,
  customerFieldLabel,
  describeCustomerIssue,
  fieldOfServiceMessage,
  type CustomerTextField,
  type FieldIssues,
} from '@shared/customers/fields'
import { SOURCE_LABELS } from '@shared/customers/files'
import type { Locale } from '@shared/i18n/locale'
import type { ChannelInput, ChannelName, ChannelOutput } from '@shared/ipc/contract'
import type { CustomerRecord } from '@shared/ipc/channels/customers'
import { type CommandDeps, type Globals } from '../command'
import type { CliContext } from '../context'
import { EXIT } from '../exit-codes'

const TEXT = {
  none: { en: 'No customers.', 'zh-CN': '没有客户。' },
  count: { en: '{shown} of {total} customer(s).', 'zh-CN': '共 {total} 个客户，显示 {shown} 个。' },
  bound: { en: 'Bound.', 'zh-CN': '已绑定。' },
  boundReconciled: { en: 'Bound (the answer was lost; reading back on the service found the customer).', 'zh-CN': '已绑定（应答丢失；已在服务上回查到该客户）。' },
  notBound: {
    en: 'Not bound: the answer was lost, and reading back shows no customer {channel} on the service. Nothing else was sent; run the command again to bind.',
    'zh-CN': '未绑定：应答丢失，回查服务上没有客户 {channel}。未再发送任何内容；如需绑定请再次运行该命令。',
  },
  bindUnknown: {
    en: 'The outcome is unknown: the answer was lost and reading back failed ({error}). Before binding again, check with: license-desk customers find --channel-code {code} --channel-customer-id {id} --all',
    'zh-CN': '结果未知：应答丢失，且回查失败（{error}）。再次绑定前，请先用以下命令核对：license-desk customers find --channel-code {code} --channel-customer-id {id} --all',
  },
  created: { en: 'Created enterprise {enterprise}.', 'zh-CN': '已创建企业 {enterprise}。' },
  member: { en: 'Member {identity} ({id})', 'zh-CN': '成员 {identity}（{id}）' },
  createUnknown: {
    en: 'The outcome is unknown: the answer was lost, and a create cannot be read back (the service has no query by CRM customer id). The journal marks it UNKNOWN. Before creating again, ask the service administrator whether an enterprise for CRM customer {crm} exists, or find it by its channel customer once you know it.',
    'zh-CN': '结果未知：应答丢失，且无法回查创建结果（服务不支持按 CRM 客户编号查询）。操作日志已标记为“未知”。再次创建前，请向服务管理员确认 CRM 客户 {crm} 的企业是否已存在，或在知道其渠道客户后查询。',
  },
  updated: { en: 'Updated; {n} customer(s) of the book follow.', 'zh-CN': '已更新；客户簿中 {n} 个客户已同步。' },
  imported: {
    en: '{added} added, {updated} updated, {unchanged} unchanged ({rows} rows); {issues} row(s) with problems not imported.',
    'zh-CN': '新增 {added}，更新 {updated}，未变 {unchanged}（共 {rows} 行）；{issues} 行有问题，未导入。',
  },
  line: { en: 'line {line}: {message}', 'zh-CN': '第 {line} 行：{message}' },
  exported: { en: '{n} customer(s) written to {file}', 'zh-CN': '已将 {n} 个客户写入 {file}' },
  badExportFile: { en: 'The file must end in .csv or .xlsx: {file}', 'zh-CN': '文件必须以 .csv 或 .xlsx 结尾：{file}' },
  noChannel: {
    en: 'Give --channel-code and --channel-customer-id, or set them in the profile.',
    'zh-CN': '请指定 --channel-code 和 --channel-customer-id，或在连接中设置。',
  },
  field: { en: '{label}: {message}', 'zh-CN': '{label}：{message}' },
} as const satisfies Record<string, Record<Locale, string>>

function say(key: keyof typeof TEXT, locale: Locale, params: Record<string, string | number> = {}): string {
  return fillTemplate(TEXT[key][locale], params)
}

/** Calls a channel of the core (the same validation as the screens); a refusal is thrown as its AppError. */
async function invoke<C extends ChannelName>(ctx: CliContext, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  const r = await ctx.core.registry.invoke(channel, input, { transport: 'cli' })
  if (!r.ok) throw AppError.fromData(r.error)
  return r.value as ChannelOutput<C>
}

/** One customer on one line: name, ids, enterprise, default, source. */
function line(c: CustomerRecord, locale: Locale): string {
  const ids = [
    c.customerId,
    c.channelCode && c.channelCustomerId ? `${c.channelCode}/${c.channelCustomerId}` : null,
    c.crmCustomerId ? `CRM ${c.crmCustomerId}` : null,
  ].filter(Boolean)
  const enterprise = [c.enterpriseName, c.enterpriseGlobalId].filter(Boolean).join(' ')
  const flags = [
    c.isDefault ? (locale === 'zh-CN' ? '默认' : 'default') : null,
    c.customerType ? CUSTOMER_TYPE_LABELS[c.customerType][locale] : null,
    SOURCE_LABELS[c.source][locale],
  ].filter(Boolean)
  return [c.customerName ?? c.enterpriseName ?? '—', ids.join(' '), enterprise, flags.join(', ')].filter(Boolean).join('  |  ')
}

/**
 * The field a service 13004 names, with its label, as the form shows it. (The app's own field checks already
 * name their fields in the error's message.)
 */
function fieldLines(err: unknown, fields: readonly CustomerTextField[], locale: Locale): string[] {
  if (!(err instanceof AppError)) return []
  if (err.code === '13004') {
    const f = fieldOfServiceMessage(err.details.serverMessage, fields)
    if (f) return [say('field', locale, { label: customerFieldLabel(f, locale), message: err.details.serverMessage ?? '' })]
  }
  return []
}

/** Runs a form's command: prints its field errors on stderr (the error itself is printed by `command`). */
async function withFields<T>(ctx: CliContext, fields: readonly CustomerTextField[], fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    for (const l of fieldLines(err, fields, ctx.locale)) process.stderr.write(`  ${l}\n`)
    throw err
  }
}

/**
 * The form's own checks, before anything is sent: each problem in the chosen language, with the field as the
 * screens name it (the core checks again, but words its refusal from codes only).
 */
function checkFirst<F extends string>(ctx: CliContext, issues: FieldIssues<F>): void {
  const found = Object.values(issues) as NonNullable<FieldIssues<F>[F]>[]
  if (found.length === 0) return
  const sentences = found.map((i) => describeCustomerIssue(i, ctx.locale))
  throw AppError.app('app.invalidInput', { detail: sentences.join(ctx.locale === 'zh-CN' ? '；' : '; ') })
}

function printList(ctx: CliContext, customers: CustomerRecord[], total = customers.length): void {
  if (customers.length === 0) ctx.say(say('none', ctx.locale))
  for (const c of customers) ctx.say(line(c, ctx.locale))
  if (customers.length > 0 && total > customers.length) ctx.say(say('count', ctx.locale, { shown: customers.length, total }))
}

function positive(max: number) {
  return (v: string): number => {
    const n = Number(v)
    if (!/^\d+$/.test(v.trim()) || n < 1 || n > max) throw new InvalidArgumentError(`expected a whole number from 1 to ${max}`)
    return n
  }
}

const errorText = (e: AppErrorData | null, locale: Locale) => (e ? describeError(e, locale) : '')

interface CreateOptions {
  crmId: string
  name: string
  branch: string
  address?: string
}

/** The `customers` command and its subcommands. */
export function customersCommand(globals: Globals, deps: CommandDeps): Command {
  const { command, readInput } = deps
  const customers = new Command('customers').description('the customer book and enterprise customers on the service (order operations 1-4)')

  customers
    .command('find')
    .description('find the customers of the enterprise a channel customer is bound to (operation 3); they are kept in the book')
    .option('--channel-code <code>', "channel code (default: the profile's)")
    .option('--channel-customer-id <id>', "channel customer id (default: the profile's)")
    .option('--all', 'all customers of the enterprise, not only its default one')
    .action(async (o: { channelCode?: string; channelCustomerId?: string; all?: boolean }) =>
      command(globals, async (ctx) => {
        const profile = await ctx.profile()
        const channelCode = o.channelCode?.trim() || profile.channelCode
        const channelCustomerId = o.channelCustomerId?.trim() || profile.channelCustomerId
        if (!channelCode || !channelCustomerId) throw AppError.app('app.invalidInput', { detail: say('noChannel', ctx.locale) })
        const r = await withFields(ctx, ['channelCode', 'channelCustomerId'], () =>
          invoke(ctx, 'customers.find', { profileId: profile.id, channelCode, channelCustomerId, defaultCustomer: o.all ? 'N' : 'Y' }),
        )
        ctx.emit({ type: 'result', customers: r.customers })
        printList(ctx, r.customers)
        return EXIT.ok
      }),
    )

  customers
    .command('bind')
    .description('bind an enterprise master account (operation 1); a lost answer is read back before anything is sent again')
    .requiredOption('--channel-code <code>', 'channel code')
    .requiredOption('--channel-customer-id <id>', 'channel customer id')
    .requiredOption('--name <customerName>', 'customer name')
    .requiredOption('--branch <branchName>', 'branch name')
    .requiredOption('--enterprise-name <name>', 'enterprise name (an existing enterprise of that name is joined)')
    .requiredOption('--mobile <passwordMobile>', 'purchaser mobile number')
    .action(async (o: { channelCode: string; channelCustomerId: string; name: string; branch: string; enterpriseName: string; mobile: string }) =>
      command(globals, async (ctx) => {
        const profile = await ctx.profile()
        const fields = { channelCode: o.channelCode, channelCustomerId: o.channelCustomerId, customerName: o.name, branchName: o.branch, enterpriseName: o.enterpriseName, passwordMobile: o.mobile }
        checkFirst(ctx, checkBindFields(fields))
        const r = await withFields(ctx, Object.keys(fields) as CustomerTextField[], () => invoke(ctx, 'customers.bind', { profileId: profile.id, fields }))
        ctx.emit({ type: 'result', ...r })
        const channel = `${o.channelCode}/${o.channelCustomerId}`
        if (r.outcome === 'done') {
          ctx.say(say(r.reconciled ? 'boundReconciled' : 'bound', ctx.locale))
          printList(ctx, r.customer ? [r.customer] : [])
          return EXIT.ok
        }
        if (r.outcome === 'notDone') {
          process.stderr.write(say('notBound', ctx.locale, { channel }) + '\n')
          return EXIT.error
        }
        process.stderr.write(say('bindUnknown', ctx.locale, { error: errorText(r.error, ctx.locale), code: o.channelCode, id: o.channelCustomerId }) + '\n')
        return EXIT.partial
      }),
    )

  /** Create and update take the same fields (operations 2 and 4). */
  const createLike = (name: 'create' | 'update', description: string, done: (ctx: CliContext, o: CreateOptions) => Promise<number>) =>
    customers
      .command(name)
      .description(description)
      .requiredOption('--crm-id <crmCustomerId>', 'CRM customer id')
      .requiredOption('--name <customerName>', 'customer name')
      .requiredOption('--branch <branchName>', 'branch name')
      .option('--address <address>', 'address (optional)')
      .action(async (o: CreateOptions) => command(globals, (ctx) => withFields(ctx, ['crmCustomerId', 'customerName', 'branchName', 'address'], () => done(ctx, o))))

  const createInput = async (ctx: CliContext, o: CreateOptions) => {
    checkFirst(ctx, checkCreateFields({ crmCustomerId: o.crmId, customerName: o.name, branchName: o.branch, address: o.address ?? '' }))
    return {
      profileId: (await ctx.profile()).id,
      fields: { crmCustomerId: o.crmId, customerName: o.name, branchName: o.branch, ...(o.address ? { address: o.address } : {}) },
    }
  }

  createLike('create', 'create an industry customer (operation 2); a lost answer is reported as unknown, never resent', async (ctx, o) => {
    const r = await invoke(ctx, 'customers.create', await createInput(ctx, o))
    ctx.emit({ type: 'result', ...r })
    if (r.outcome !== 'done') {
      process.stderr.write(say('createUnknown', ctx.locale, { crm: o.crmId }) + '\n')
      return EXIT.partial
    }
    ctx.say(say('created', ctx.locale, { enterprise: r.enterpriseGlobalId ?? '' }))
    for (const m of r.members) ctx.say(say('member', ctx.locale, { identity: m.memberIdentity, id: m.memberGlobalId }))
    return EXIT.ok
  })

  createLike('update', "change a customer's name, branch and address by its CRM customer id (operation 4)", async (ctx, o) => {
    const r = await invoke(ctx, 'customers.update', await createInput(ctx, o))
    ctx.emit({ type: 'result', ...r })
    ctx.say(say('updated', ctx.locale, { n: r.customers.length }))
    printList(ctx, r.customers)
    return EXIT.ok
  })

  customers
    .command('list')
    .description('the customer book, recent first; words filter on any field')
    .argument('[words...]', 'words found in any field (name, ids, enterprise, administrator, address, …)')
    .option('-n, --limit <n>', 'most customers listed', positive(500), 50)
    .action(async (words: string[], o: { limit: number }) =>
      command(globals, async (ctx) => {
        const profile = await ctx.profile()
        const r = await invoke(ctx, 'customers.search', { profileId: profile.id, query: words.join(' ').slice(0, 200), limit: o.limit })
        ctx.emit({ type: 'result', ...r })
        printList(ctx, r.customers, r.total)
        return EXIT.ok
      }),
    )

  customers
    .command('import')
    .description('add customers from a CSV or Excel file (English or Chinese headers) to the book, merging ones it has')
    .requiredOption('-f, --file <path>', 'file (.csv or .xlsx with a header row)')
    .option('--sheet <name>', 'worksheet of an .xlsx file (default: the first)')
    .action(async (o: { file: string; sheet?: string }) =>
      command(globals, async (ctx) => {
        const profile = await ctx.profile()
        const bytes = await readInput(ctx, o.file)
        const r = await invoke(ctx, 'customers.import', {
          profileId: profile.id,
          fileName: o.file,
          contentBase64: Buffer.from(bytes).toString('base64'),
          ...(o.sheet ? { sheet: o.sheet } : {}),
        })
        ctx.emit({ type: 'result', ...r })
        for (const i of r.issues) process.stderr.write(say('line', ctx.locale, { line: i.line, message: i.message }) + '\n')
        const rowsWithIssues = new Set(r.issues.filter((i) => i.code !== 'customers.repeated').map((i) => i.line)).size
        ctx.say(say('imported', ctx.locale, { added: r.added, updated: r.updated, unchanged: r.unchanged, rows: r.rows, issues: rowsWithIssues }))
        const merged = r.added + r.updated + r.unchanged
        if (rowsWithIssues === 0) return EXIT.ok
        return merged > 0 ? EXIT.partial : EXIT.error
      }),
    )

  customers
    .command('export')
    .description('write the book (or the customers matching words) to a CSV or Excel file, headers in the chosen language')
    .requiredOption('-o, --out <path>', 'file to write: .csv or .xlsx')
    .argument('[words...]', 'only customers with these words in a field')
    .action(async (words: string[], o: { out: string }) =>
      command(globals, async (ctx) => {
        const ext = extname(o.out).toLowerCase()
        if (ext !== '.csv' && ext !== '.xlsx') throw AppError.app('app.invalidInput', { detail: say('badExportFile', ctx.locale, { file: o.out }) })
        const profile = await ctx.profile()
        const query = words.join(' ').slice(0, 200)
        const f = await ctx.core.services.exports.save(o.out, ext === '.csv' ? 'csv' : 'xlsx', { kind: 'customers', profileId: profile.id, ...(query ? { query } : {}) })
        ctx.emit({ type: 'result', file: o.out, rows: f.rows })
        ctx.say(say('exported', ctx.locale, { n: f.rows, file: o.out }))
        return EXIT.ok
      }),
    )

  return customers
}

