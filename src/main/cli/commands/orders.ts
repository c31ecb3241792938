/**
 * `license-desk orders validate|submit FILE`, `orders list|show|export`: license orders (order operation 5) on the
 * same core as the app: the same shared rules, the same outbox (SQLite) and sender, exactly once (a lost answer
 * is read back before anything else), the same history. A FILE is JSON (an order draft as the app exports it,
 * or a request body of order operation 5) or a CSV / Excel file of entries (one row per asset group, products
 * and packages by catalog reference; the Orders import's template).
 *
 * Exit codes: 0 done (validate: no issues); 1 the order is not finished (kept in the outbox, waiting for the
 * connection, or "cannot tell" waiting for a decision) or some rows of a table were left out; 2 nothing was
 * done (issues, a refusal by the service, a bad file).
 */
import { basename } from 'node:path'
import { Command, InvalidArgumentError, Option } from 'commander'
import { AppError, describeError } from '@shared/errors/app-error'
import type { Locale } from '@shared/i18n/locale'
import { fillTemplate } from '@shared/errors/catalog'
import type { BatchOrderBody } from '@shared/api/orders'
import type { OrderRecord, OrderSummary } from '@shared/ipc/channels/orders'
import { EXPORT_FORMATS } from '@shared/ipc/channels/imports'
import { checkOrderDraft, orderDraftSchema, type OrderDraft } from '@shared/orders/draft'
import type { OrderRuleLimits } from '@shared/rules/order-rules'
import { proposeChannelOrderId } from '@shared/orders/order-number'
import { ORDER_STATES, orderStateLabel, READBACK_REASON_WORDS, type OrderState } from '@shared/orders/outbox'
import { draftFromBody } from '@shared/orders/refund'
import { guessMapping, rowsToOrder } from '@shared/orders/import-rows'
import { instanceIdGenerator } from '@shared/orders/instance-ids'
import { describeIssue, type RuleIssue } from '@shared/rules/issue'
import { readTable } from '../../services/import'
import { positiveInt, type CommandDeps, type Globals } from '../command'
import type { CliContext } from '../context'
import { EXIT } from '../exit-codes'
import { localDateTime } from '@shared/time/dates'

const WORDS = {
  noIssues: {
    en: 'No issues found by the checks made on this computer: {entries} entries, {assets} asset numbers. Only the service can tell whether the customer and the enterprise exist and belong together, each asset number belongs to the enterprise, and the customer order number was not used before.',
    'zh-CN': '本机检查未发现问题：{entries} 个条目，{assets} 个资产编号。客户和企业是否存在且相互对应、每个资产编号是否属于该企业、客户订单号此前是否未被使用，只有服务能判断。',
  },
  issues: { en: '{count} issues; nothing was sent:', 'zh-CN': '{count} 处问题；未发送任何内容：' },
  rowIssue: { en: 'line {line}: {message}', 'zh-CN': '第 {line} 行：{message}' },
  rowsLeftOut: { en: '{count} rows have problems and were left out.', 'zh-CN': '{count} 行有问题，已略过。' },
  noEntries: { en: 'The file holds no entry to order.', 'zh-CN': '文件中没有可下单的条目。' },
  notJson: { en: '{file} is not an order: JSON of an order draft or of a request body of order operation 5 is expected', 'zh-CN': '{file} 不是订单：需要订单草稿或订单接口 5 请求体的 JSON' },
  channelCode: { en: 'the file is for channel {file}, the profile sends as {profile}', 'zh-CN': '文件的渠道为 {file}，连接配置的渠道为 {profile}' },
  submitted: { en: 'Order {order} submitted ({id}).', 'zh-CN': '订单 {order} 已提交（{id}）。' },
  done: { en: 'Done: {order}', 'zh-CN': '已完成：{order}' },
  result: { en: '  entry {sequence}: license order {lo}, customer {customer}{source}', 'zh-CN': '  条目 {sequence}：许可订单 {lo}，客户 {customer}{source}' },
  fromReadBack: { en: ' (read back after a lost answer)', 'zh-CN': '（应答丢失后核对得出）' },
  refused: { en: 'Refused by the service, nothing was done: {message}', 'zh-CN': '服务拒绝，未执行任何操作：{message}' },
  refusedAt: { en: '  at {field}', 'zh-CN': '  位置：{field}' },
  draftBack: { en: 'The order is back in Drafts as "{name}".', 'zh-CN': '订单已退回草稿：“{name}”。' },
  waiting: {
    en: 'Not sent yet ({state}): it stays in the outbox and goes out when the service is reachable, while the app runs (`orders list` shows it).',
    'zh-CN': '尚未发送（{state}）：订单保留在发件箱中，应用运行且服务可访问时发送（用 `orders list` 查看）。',
  },
  decide: { en: 'Cannot tell whether the service did it; check and decide in the app (Outbox):', 'zh-CN': '无法判断服务是否已执行；请检查后在应用（发件箱）中确认：' },
  none: { en: 'No orders.', 'zh-CN': '没有订单。' },
  count: { en: '{shown} of {total} orders.', 'zh-CN': '共 {total} 个订单，显示 {shown} 个。' },
  notFound: { en: 'no order {ref}', 'zh-CN': '没有订单 {ref}' },
  exported: { en: '{rows} rows written to {file}.', 'zh-CN': '已将 {rows} 行写入 {file}。' },
} satisfies Record<string, Record<Locale, string>>

function say(key: keyof typeof WORDS, locale: Locale, params: Record<string, string | number> = {}): string {
  return fillTemplate(WORDS[key][locale], params)
}

function date(v: string): number {
  const ms = Date.parse(v)
  if (Number.isNaN(ms)) throw new InvalidArgumentError('expected a date such as 2026-11-26 or 2026-11-26T10:00')
  return ms
}

async function call<T>(ctx: CliContext, channel: string, input: unknown): Promise<T> {
  const r = await ctx.core.registry.invoke(channel, input, { transport: 'cli' })
  if (!r.ok) throw AppError.fromData(r.error)
  return r.value as T
}

function bad(detail: string): AppError {
  return AppError.app('app.invalidInput', { detail })
}

/** An order read from a file, and the rows of a table that were left out. */
interface FileOrder {
  draft: OrderDraft
  rowIssues: { line: number; message: string }[]
}

/** Reads an order file: JSON (a draft, or a request body), or a CSV / Excel table of entries. */
async function readOrderFile(ctx: CliContext, deps: CommandDeps, file: string, profileId: string, channelCode: string): Promise<FileOrder> {
  const bytes = await deps.readInput(ctx, file)
  if (/\.(csv|xlsx|xlsm|txt|tsv)$/i.test(file)) {
    const t = await readTable({ bytes, fileName: basename(file) }, { locale: ctx.locale })
    const [head, ...rows] = t.rows
    const columns = head ?? []
    const catalog = ctx.core.services.catalog.get(profileId)
    const imported = rowsToOrder({ columns, rows }, guessMapping(columns), catalog, {
      locale: ctx.locale,
      nextId: instanceIdGenerator(),
      channelCode,
      channelOrderId: proposeChannelOrderId(),
    })
    return { draft: imported.draft, rowIssues: imported.issues.map((i) => ({ line: i.line, message: i.column ? `${i.column}: ${i.message}` : i.message })) }
  }
  let json: unknown
  try {
    json = JSON.parse(Buffer.from(bytes).toString('utf8').replace(/^\uFEFF/, ''))
  } catch {
    throw bad(say('notJson', ctx.locale, { file }))
  }
  if (json && typeof json === 'object' && Array.isArray((json as { orderList?: unknown }).orderList)) {
    const body = json as BatchOrderBody
    if (typeof body.channelCode === 'string' && body.channelCode.trim() !== '' && body.channelCode.trim() !== channelCode) {
      throw bad(say('channelCode', ctx.locale, { file: body.channelCode, profile: channelCode }))
    }
    try {
      const channelOrderId = typeof body.channelOrderId === 'string' && body.channelOrderId.trim() !== '' ? body.channelOrderId : proposeChannelOrderId()
      return { draft: draftFromBody({ ...body, syncMode: body.syncMode === 'async' ? 'async' : 'sync' }, channelOrderId), rowIssues: [] }
    } catch {
      throw bad(say('notJson', ctx.locale, { file }))
    }
  }
  const parsed = orderDraftSchema.safeParse(json)
  if (!parsed.success) throw bad(say('notJson', ctx.locale, { file }))
  const draft = parsed.data.channelOrderId.trim() === '' ? { ...parsed.data, channelOrderId: proposeChannelOrderId() } : parsed.data
  return { draft, rowIssues: [] }
}

function printIssues(ctx: CliContext, issues: readonly RuleIssue[]): void {
  process.stderr.write(say('issues', ctx.locale, { count: issues.length }) + '\n')
  for (const i of issues) process.stderr.write(`  ${describeIssue(i, ctx.locale)}\n`)
}

function printRowIssues(ctx: CliContext, rows: FileOrder['rowIssues']): void {
  for (const r of rows) process.stderr.write(`  ${say('rowIssue', ctx.locale, r)}\n`)
  if (rows.length > 0) process.stderr.write(say('rowsLeftOut', ctx.locale, { count: new Set(rows.map((r) => r.line)).size }) + '\n')
}

const time = (ms: number | null): string => localDateTime(ms, false) || '—'

function line(o: OrderSummary, locale: Locale): string {
  return [o.channelOrderId, orderStateLabel(o.state, locale), time(o.createdAt), o.customer || '—', `${o.entries}`, o.licenseOrderIds.join(' ')].join('  |  ')
}

/** The end of a submit in words; returns the exit code. */
function outcome(ctx: CliContext, o: OrderRecord): number {
  const l = ctx.locale
  ctx.emit({ type: 'result', order: o })
  if (o.state === 'done') {
    ctx.say(say('done', l, { order: o.channelOrderId }))
    for (const r of o.results) {
      ctx.say(say('result', l, { sequence: r.sequence, lo: r.licenseOrderId ?? '—', customer: r.customerId ?? '—', source: r.source === 'readBack' ? say('fromReadBack', l) : '' }))
    }
    return EXIT.ok
  }
  if (o.state === 'refused' && o.refusal) {
    process.stderr.write(say('refused', l, { message: o.refusal.error.details.serverMessage ?? describeError(o.refusal.error, l) }) + '\n')
    if (o.refusal.field) process.stderr.write(say('refusedAt', l, { field: o.refusal.field }) + '\n')
    const draft = o.draftId ? ctx.core.services.drafts.get(o.draftId) : null
    if (draft) process.stderr.write(say('draftBack', l, { name: draft.name }) + '\n')
    return EXIT.error
  }
  if (o.state === 'needsDecision') {
    process.stderr.write(say('decide', l) + '\n')
    for (const e of o.readBacks.at(-1)?.entries ?? []) {
      process.stderr.write(`  #${e.sequence}: ${fillTemplate(READBACK_REASON_WORDS[e.reason][l], { assetNos: e.assetNos.join(', ') })}\n`)
    }
    return EXIT.partial
  }
  process.stderr.write(say('waiting', l, { state: orderStateLabel(o.state, l) }) + '\n')
  return EXIT.partial
}

/** Finds an order by its id or its customer order number. */
async function findOrder(ctx: CliContext, ref: string): Promise<OrderRecord> {
  const store = ctx.core.services.orders.store
  const byId = store.find(ref)
  if (byId) return ctx.core.services.orders.record(byId)
  const profile = await ctx.profile()
  const list = store.list({ profileId: profile.id, query: ref, states: [], offset: 0, limit: 50 }).orders
  const hit = list.find((o) => o.channelOrderId === ref)
  if (!hit) throw AppError.app('app.notFound', { what: say('notFound', ctx.locale, { ref }) })
  return ctx.core.services.orders.get(hit.id)
}

interface QueryOptions {
  query?: string
  state?: string[]
  from?: number
  to?: number
}

function queryOf(o: QueryOptions): { query: string; states: OrderState[]; from?: number; to?: number } {
  const states = (o.state ?? []).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)
  for (const s of states) if (!(ORDER_STATES as readonly string[]).includes(s)) throw bad(`--state ${s}: one of ${ORDER_STATES.join(', ')}`)
  const q: { query: string; states: OrderState[]; from?: number; to?: number } = { query: o.query ?? '', states: states as OrderState[] }
  if (o.from !== undefined) q.from = o.from
  if (o.to !== undefined) q.to = o.to
  return q
}

function queryOptions(c: Command): Command {
  return c
    .option('-q, --query <words>', 'words found in the customer, order number, license order ids, asset numbers')
    .option('--state <states...>', `states: ${ORDER_STATES.join(', ')}`)
    .addOption(new Option('--from <date>', 'submitted at or after').argParser(date))
    .addOption(new Option('--to <date>', 'submitted before').argParser(date))
}

/** The "orders per batch" setting: the one limit of every check, as submit uses it. */
async function orderLimits(ctx: { core: { services: { settings: { get(): Promise<{ limits: { maxOrdersPerBatch: number } }> } } } }): Promise<OrderRuleLimits> {
  return { maxOrdersPerBatch: (await ctx.core.services.settings.get()).limits.maxOrdersPerBatch }
}

export function ordersCommand(globals: Globals, deps: CommandDeps): Command {
  const { command } = deps
  const orders = new Command('orders').description('license orders (order operation 5): validate and submit files, the outbox and history')

  orders
    .command('validate <file>')
    .description('check an order file (JSON draft or request body, CSV or Excel entries) with the shared rules; sends nothing')
    .action((file: string) =>
      command(globals, async (ctx) => {
        const profile = await ctx.profile()
        const { draft, rowIssues } = await readOrderFile(ctx, deps, file, profile.id, profile.channelCode)
        printRowIssues(ctx, rowIssues)
        const issues = checkOrderDraft(draft, profile.channelCode, await orderLimits(ctx))
        ctx.emit({ type: 'result', issues, rowIssues, entries: draft.entries.length, channelOrderId: draft.channelOrderId })
        if (draft.entries.length === 0) {
          process.stderr.write(say('noEntries', ctx.locale) + '\n')
          return EXIT.error
        }
        if (issues.length > 0) {
          printIssues(ctx, issues)
          return EXIT.error
        }
        ctx.say(say('noIssues', ctx.locale, { entries: draft.entries.length, assets: draft.entries.reduce((n, e) => n + e.assets.reduce((m, a) => m + a.assetNos.length, 0), 0) }))
        return rowIssues.length > 0 ? EXIT.partial : EXIT.ok
      }),
    )

  orders
    .command('submit <file>')
    .description('put an order file in the outbox and send it (exactly once: a lost answer is read back first); waits for the result')
    .addOption(new Option('--wait <seconds>', 'how long to wait for the result (the order stays in the outbox after)').argParser(positiveInt(3600)).default(120))
    .action((file: string, o: { wait: number }) =>
      command(globals, async (ctx) => {
        // Only the process that owns the data folder sends the outbox: refused here before anything is saved.
        ctx.core.services.owner.require()
        const profile = await ctx.profile()
        const { draft, rowIssues } = await readOrderFile(ctx, deps, file, profile.id, profile.channelCode)
        printRowIssues(ctx, rowIssues)
        if (draft.entries.length === 0) {
          process.stderr.write(say('noEntries', ctx.locale) + '\n')
          return EXIT.error
        }
        const issues = checkOrderDraft(draft, profile.channelCode, await orderLimits(ctx))
        if (issues.length > 0) {
          printIssues(ctx, issues)
          return EXIT.error
        }
        // Through the Drafts store and the submit channel, as the app does: a refusal puts the draft back.
        const meta = ctx.core.services.drafts.save({ kind: 'orders.order', profileId: profile.id, name: basename(file).slice(0, 200), body: { ...draft, ready: true }, baseRevision: 0 })
        const submitted = await call<OrderRecord>(ctx, 'orders.submit', { draftId: meta.id, baseRevision: meta.revision })
        ctx.say(say('submitted', ctx.locale, { order: submitted.channelOrderId, id: submitted.id }))
        const service = ctx.core.services.orders
        service.start()
        const end = await service.waitFor(submitted.id, ['done', 'refused', 'needsDecision', 'notConfirmed', 'withdrawn', 'waitingConnection'], o.wait * 1000)
        // A try that found no connection: one more chance at once is pointless; the order waits in the outbox.
        const code = outcome(ctx, service.record(end))
        return code === EXIT.ok && rowIssues.length > 0 ? EXIT.partial : code
      }),
    )

  queryOptions(orders.command('list'))
    .description('the outbox and history of the profile, newest first')
    .addOption(new Option('--limit <n>', 'most orders shown').argParser(positiveInt(500)).default(50))
    .action((o: QueryOptions & { limit: number }) =>
      command(globals, async (ctx) => {
        const profile = await ctx.profile()
        const page = ctx.core.services.orders.list({ profileId: profile.id, ...queryOf(o), offset: 0, limit: o.limit })
        ctx.emit({ type: 'result', ...page })
        if (page.orders.length === 0) ctx.say(say('none', ctx.locale))
        for (const x of page.orders) ctx.say(line(x, ctx.locale))
        if (page.total > page.orders.length) ctx.say(say('count', ctx.locale, { shown: page.orders.length, total: page.total }))
        return EXIT.ok
      }),
    )

  orders
    .command('show <order>')
    .description('one order (by id or order number): what was sent, what came back, attempts and read-backs')
    .action((ref: string) =>
      command(globals, async (ctx) => {
        const o = await findOrder(ctx, ref)
        ctx.emit({ type: 'result', order: o })
        const l = ctx.locale
        ctx.say(line(o, l))
        for (const r of o.results) ctx.say(say('result', l, { sequence: r.sequence, lo: r.licenseOrderId ?? '—', customer: r.customerId ?? '—', source: r.source === 'readBack' ? say('fromReadBack', l) : '' }))
        for (const a of o.attemptList) ctx.say(`  ${time(a.at)}  ${a.outcome}${a.nonce ? `  g_nonce ${a.nonce}` : ''}${a.error ? `  ${describeError(a.error, l)}` : ''}`)
        for (const rb of o.readBacks) {
          ctx.say(`  ${time(rb.at)}  read back: ${rb.verdict}${rb.error ? `  ${describeError(rb.error, l)}` : ''}`)
          for (const e of rb.entries) ctx.say(`    #${e.sequence} ${e.verdict}: ${fillTemplate(READBACK_REASON_WORDS[e.reason][l], { assetNos: e.assetNos.join(', ') })}`)
        }
        if (!ctx.json) process.stdout.write(JSON.stringify(o.body, null, 2) + '\n')
        return EXIT.ok
      }),
    )

  queryOptions(orders.command('export'))
    .description('the history (or the orders matching) as CSV or Excel, one row per entry')
    .requiredOption('-o, --out <file>', 'the file to write (.csv or .xlsx)')
    .action((o: QueryOptions & { out: string }) =>
      command(globals, async (ctx) => {
        const format = o.out.toLowerCase().endsWith('.xlsx') ? 'xlsx' : o.out.toLowerCase().endsWith('.csv') ? 'csv' : null
        if (!format || !(EXPORT_FORMATS as readonly string[]).includes(format)) throw bad(`--out ${o.out}: .csv or .xlsx`)
        const profile = await ctx.profile()
        const file = await ctx.core.services.exports.save(o.out, format, { kind: 'orders', profileId: profile.id, ...queryOf(o) })
        ctx.emit({ type: 'result', file: o.out, rows: file.rows })
        ctx.say(say('exported', ctx.locale, { rows: file.rows, file: o.out }))
        return EXIT.ok
      }),
    )
  return orders
}
