/**
 * `license-desk drafts list|export|import`: the Drafts area's work (order drafts, templates) on the same draft
 * store as the app: list and search them, write some to a drafts file, and add the drafts of a file (a file that
 * is not ours, or holds a draft that does not check, is refused whole with the reason; nothing is added).
 */
import { writeFile } from 'node:fs/promises'
import { Command, Option } from 'commander'
import { AppError } from '@shared/errors/app-error'
import { fillTemplate } from '@shared/errors/catalog'
import type { Locale } from '@shared/i18n/locale'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import { DRAFT_KIND_NAMES, type DraftKind } from '@shared/drafts/kinds'
import { positiveInt, type CommandDeps, type Globals } from '../command'
import { EXIT } from '../exit-codes'
import { localDateTime } from '@shared/time/dates'

const WORDS = {
  none: { en: 'No drafts.', 'zh-CN': '没有草稿。' },
  count: { en: '{shown} of {total} drafts.', 'zh-CN': '共 {total} 个草稿，显示 {shown} 个。' },
  ready: { en: 'ready', 'zh-CN': '可提交' },
  issues: { en: '{n} issues', 'zh-CN': '{n} 处问题' },
  exported: { en: '{n} drafts written to {file}.', 'zh-CN': '已将 {n} 个草稿写入 {file}。' },
  imported: { en: '{n} drafts added.', 'zh-CN': '已添加 {n} 个草稿。' },
} satisfies Record<string, Record<Locale, string>>

const say = (k: keyof typeof WORDS, l: Locale, p: Record<string, string | number> = {}) => fillTemplate(WORDS[k][l], p)

const time = (ms: number): string => localDateTime(ms, false)

function line(d: DraftMeta, l: Locale): string {
  const s = d.summary
  const state = s.issues === undefined ? '' : s.ready ? say('ready', l) : say('issues', l, { n: s.issues })
  return [d.id, d.name, d.kind, s.customer || '—', s.entries ?? '—', s.type || '—', state, time(d.updatedAt)].join('  |  ')
}

export function draftsCommand(globals: Globals, deps: CommandDeps): Command {
  const { command } = deps
  const drafts = new Command('drafts').description('drafts of the Drafts area: list, export to a file, import from one')

  drafts
    .command('list')
    .description('drafts of the profile (and those of none), newest change first')
    .option('-q, --query <words>', 'words found in the name, the customer or the type')
    .option('--kind <kinds...>', `kinds (default: the listed ones): ${DRAFT_KIND_NAMES.join(', ')}`)
    .option('--removed', 'removed drafts (restorable) instead')
    .addOption(new Option('--limit <n>', 'most drafts shown').argParser(positiveInt(1000)).default(200))
    .action((o: { query?: string; kind?: string[]; removed?: boolean; limit: number }) =>
      command(globals, async (ctx) => {
        const kinds = (o.kind ?? []).flatMap((k) => k.split(',')).map((k) => k.trim()).filter(Boolean)
        for (const k of kinds) if (!(DRAFT_KIND_NAMES as readonly string[]).includes(k)) throw AppError.app('app.invalidInput', { detail: `--kind ${k}: one of ${DRAFT_KIND_NAMES.join(', ')}` })
        const profile = await ctx.profile()
        const page = ctx.core.services.drafts.list({
          profileId: profile.id,
          limit: o.limit,
          ...(o.query ? { query: o.query } : {}),
          ...(kinds.length > 0 ? { kinds: kinds as DraftKind[] } : {}),
          ...(o.removed ? { removed: true } : {}),
        })
        ctx.emit({ type: 'result', ...page })
        if (page.drafts.length === 0) ctx.say(say('none', ctx.locale))
        for (const d of page.drafts) ctx.say(line(d, ctx.locale))
        if (page.total > page.drafts.length) ctx.say(say('count', ctx.locale, { shown: page.drafts.length, total: page.total }))
        return EXIT.ok
      }),
    )

  drafts
    .command('export <ids...>')
    .description('write drafts (by id) to a drafts file, to move them to another workstation')
    .requiredOption('-o, --out <file>', 'the file to write (.json)')
    .action((ids: string[], o: { out: string }) =>
      command(globals, async (ctx) => {
        const file = ctx.core.services.drafts.exportFile(ids)
        await writeFile(o.out, file.content)
        ctx.emit({ type: 'result', file: o.out, count: ids.length })
        ctx.say(say('exported', ctx.locale, { n: ids.length, file: o.out }))
        return EXIT.ok
      }),
    )

  drafts
    .command('import <file>')
    .description("add the drafts of a drafts file to the profile (all or nothing)")
    .action((file: string) =>
      command(globals, async (ctx) => {
        const profile = await ctx.profile()
        const content = Buffer.from(await deps.readInput(ctx, file)).toString('utf8')
        const metas = ctx.core.services.drafts.importFile(content, profile.id)
        ctx.emit({ type: 'result', drafts: metas })
        for (const d of metas) ctx.say(line(d, ctx.locale))
        ctx.say(say('imported', ctx.locale, { n: metas.length }))
        return EXIT.ok
      }),
    )
  return drafts
}
