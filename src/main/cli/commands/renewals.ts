/**
 * `license-desk renewals list --within 60d`: what expires in the customer book's enterprises (the Renewals
 * screen's list: the same reading, kept in the data folder, and the same rule, src/shared/renewals/expiry.ts), as
 * a table or JSON lines, optionally written to CSV or Excel. The first run reads the enterprises (one asset list
 * each, one product list per asset); later runs use that reading (said with its time) unless `--refresh`.
 */
import { extname } from 'node:path'
import { Command } from 'commander'
import { AppError } from '@shared/errors/app-error'
import { fillTemplate } from '@shared/errors/catalog'
import type { Locale } from '@shared/i18n/locale'
import { customerCounts, parseDay, parseWithin, SERVICE_ZONE_LABEL, timeText, type RenewalWindow } from '@shared/renewals/expiry'
import type { CommandDeps, Globals } from '../command'
import { EXIT } from '../exit-codes'

const WORDS = {
  badWithin: { en: '--within {v}: a number of days such as 30d, 60d, 90d (or weeks: 8w)', 'zh-CN': '--within {v}：应为天数，如 30d、60d、90d（或周数：8w）' },
  badRange: { en: '--from and --to: both dates, yyyy-mm-dd, the second on or after the first', 'zh-CN': '--from 与 --to：两个日期（yyyy-mm-dd），后者不早于前者' },
  badFile: { en: '{file}: the export file must end in .csv or .xlsx', 'zh-CN': '{file}：导出文件须以 .csv 或 .xlsx 结尾' },
  reading: { en: 'Reading the enterprises of the customer book…', 'zh-CN': '正在读取客户簿中的企业…' },
  readFailed: { en: 'Reading stopped: {n} enterprises could not be read; their last reading (if any) is shown.', 'zh-CN': '读取中止：{n} 个企业无法读取；显示其上次读取的结果（如有）。' },
  readPaused: { en: 'Reading paused ({reason}): {done} of {total} enterprises read; run with --refresh again to go on with the others.', 'zh-CN': '读取已暂停（{reason}）：已读取 {done} / {total} 个企业；再次使用 --refresh 运行可继续读取其余企业。' },
  never: { en: 'Not read yet: no data.', 'zh-CN': '尚未读取，没有数据。' },
  readAt: { en: 'As read at {t} ({zone}).', 'zh-CN': '读取时间：{t}（{zone}）。' },
  none: { en: 'Nothing expires in this window.', 'zh-CN': '此时间段内没有到期项。' },
  head: { en: `Ends (${SERVICE_ZONE_LABEL})  |  Customer  |  Asset number  |  Product  |  Nodes`, 'zh-CN': `到期 (${SERVICE_ZONE_LABEL})  |  客户  |  资产编号  |  产品  |  节点数` },
  assetItself: { en: '(the asset itself)', 'zh-CN': '（资产本身）' },
  perCustomer: { en: '{name}: {n}', 'zh-CN': '{name}：{n} 项' },
  total: { en: '{n} expiring.', 'zh-CN': '共 {n} 项到期。' },
  exported: { en: '{n} rows written to {file}.', 'zh-CN': '已将 {n} 行写入 {file}。' },
  productsHidden: { en: '{name}: products could not be read ({reason}); only the assets\' own dates are known.', 'zh-CN': '{name}：无法读取产品（{reason}），只知道资产本身的日期。' },
} satisfies Record<string, Record<Locale, string>>

const say = (k: keyof typeof WORDS, l: Locale, p: Record<string, string | number> = {}) => fillTemplate(WORDS[k][l], p)

function windowOf(o: { within?: string; from?: string; to?: string }, l: Locale): RenewalWindow {
  if (o.from !== undefined || o.to !== undefined) {
    const a = parseDay(o.from ?? '')
    const b = parseDay(o.to ?? '')
    if (a === null || b === null || b < a) throw AppError.app('app.invalidInput', { detail: say('badRange', l) })
    return { from: o.from!.trim(), to: o.to!.trim() }
  }
  const days = parseWithin(o.within ?? '60d')
  if (days === null) throw AppError.app('app.invalidInput', { detail: say('badWithin', l, { v: o.within ?? '' }) })
  return { withinDays: days }
}

export function renewalsCommand(globals: Globals, deps: CommandDeps): Command {
  const { command } = deps
  const renewals = new Command('renewals').description('what expires in the customer book\'s enterprises')

  renewals
    .command('list')
    .description('assets and products ending in a window (days counted in China time), per customer')
    .option('--within <days>', 'the next N days: 30d, 60d, 90d (default 60d)')
    .option('--from <date>', 'first day (yyyy-mm-dd), with --to')
    .option('--to <date>', 'last day (yyyy-mm-dd), with --from')
    .option('--refresh', 'read the enterprises again first (otherwise the last reading is used, once there is one)')
    .option('-o, --out <path>', 'also write the list to a .csv or .xlsx file (headers in the chosen language)')
    .action((o: { within?: string; from?: string; to?: string; refresh?: boolean; out?: string }) =>
      command(globals, async (ctx) => {
        const l = ctx.locale
        const window = windowOf(o, l)
        const ext = o.out ? extname(o.out).toLowerCase() : ''
        if (o.out && ext !== '.csv' && ext !== '.xlsx') throw AppError.app('app.invalidInput', { detail: say('badFile', l, { file: o.out }) })
        const profile = await ctx.profile()
        const service = ctx.core.services.renewals
        let list = await service.list(profile.id, window)
        let code: number = EXIT.ok
        if (o.refresh || list.readAt === null) {
          ctx.say(say('reading', l))
          const end = await service.read(profile.id)
          if (end.state !== 'completed') {
            ctx.say(say('readPaused', l, { reason: end.error?.code ?? end.state, done: end.done, total: end.total }))
            code = EXIT.partial
          } else if (end.failed > 0) {
            ctx.say(say('readFailed', l, { n: end.failed }))
            code = EXIT.partial
          }
          list = await service.list(profile.id, window)
        }
        const customers = customerCounts(list.rows)
        ctx.emit({ type: 'result', readAt: list.readAt, range: list.range, zone: SERVICE_ZONE_LABEL, rows: list.rows, customers, enterprises: list.enterprises })
        if (list.readAt === null) ctx.say(say('never', l))
        else ctx.say(say('readAt', l, { t: timeText(list.readAt), zone: SERVICE_ZONE_LABEL }))
        for (const e of list.enterprises) {
          if (e.productsError) ctx.say(say('productsHidden', l, { name: e.customerName, reason: e.productsError.code }))
        }
        if (list.rows.length === 0) ctx.say(say('none', l))
        else {
          ctx.say(say('head', l))
          for (const r of list.rows) {
            ctx.say([timeText(r.endsAt), r.customerName, r.assetNum, r.kind === 'asset' ? say('assetItself', l) : `${r.productName ?? ''} (${r.productUri ?? ''})`, r.limitConcurrent ?? '—'].join('  |  '))
          }
          for (const c of customers) ctx.say(say('perCustomer', l, { name: c.customerName, n: c.count }))
          ctx.say(say('total', l, { n: list.rows.length }))
        }
        if (o.out) {
          const f = await ctx.core.services.exports.save(o.out, ext === '.csv' ? 'csv' : 'xlsx', { kind: 'renewals', profileId: profile.id, window })
          ctx.emit({ type: 'exported', file: o.out, rows: f.rows })
          ctx.say(say('exported', l, { n: f.rows, file: o.out }))
        }
        return code
      }),
    )
  return renewals
}
