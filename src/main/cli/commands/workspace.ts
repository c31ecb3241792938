/** `license-desk workspace status`: the team workspace this data folder syncs with, and what waits to sync. */
import { Command } from 'commander'
import type { CommandDeps, Globals } from '../command'
import { EXIT } from '../exit-codes'
import { t } from '../text'

export function workspaceCommand(globals: Globals, deps: CommandDeps): Command {
  const { command } = deps
  const ws = new Command('workspace').description('the team workspace (PostgreSQL) shared with colleagues')
  ws.command('status')
    .description('whether the workspace answers, and what is waiting to sync (runs a sync when the app is not running)')
    .action(async () =>
      command(globals, async (ctx) => {
        const service = ctx.core.services.workspace
        const owns = ctx.core.services.owner.owns
        // With --workspace the context already follows it; else the one in the settings.
        if (owns && !service.status().configured) await service.start()
        const status = owns && service.status().configured ? await service.syncNow() : service.status()
        const { settings } = await service.get()
        const host = status.host ?? settings?.host ?? null
        ctx.emit({ type: 'result', workspace: { ...status, host, database: status.database ?? settings?.database ?? null, user: status.user ?? settings?.user ?? null, syncedHere: owns } })
        if (!host) {
          ctx.say(t('noWorkspace', ctx.locale))
          return EXIT.ok
        }
        const where = {
          user: status.user ?? settings?.user ?? '',
          host,
          database: status.database ?? settings?.database ?? '',
          tls: t(status.tls === false ? 'wsPlain' : 'wsTls', ctx.locale),
        }
        if (!owns) ctx.say(t('wsNotOwner', ctx.locale))
        else ctx.say(status.online ? t('wsOnline', ctx.locale, where) : t('wsOffline', ctx.locale, { ...where, error: status.error ?? '' }))
        ctx.say(t('wsCounts', ctx.locale, { pending: status.pending, conflicts: status.conflicts }))
        return status.online || !owns ? EXIT.ok : EXIT.error
      }),
    )
  return ws
}
