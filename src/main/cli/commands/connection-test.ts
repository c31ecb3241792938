/** `license-desk test`: the profile's connection, a token and a harmless read per group. */
import { Command } from 'commander'
import { AppError, describeError } from '@shared/errors/app-error'
import type { ConnectionTest, TestStep } from '@shared/ipc/channels/profiles'
import type { CommandDeps, Globals } from '../command'
import type { CliContext } from '../context'
import { EXIT } from '../exit-codes'
import { t } from '../text'

function stepText(ctx: CliContext, s: TestStep): string {
  if (s.status === 'ok') return `${t('testOk', ctx.locale)} (${s.ms} ms)${s.detail ? `: ${s.detail}` : ''}`
  if (s.status === 'skipped') return `${t('testSkipped', ctx.locale)}: ${s.reason}`
  return `${t('testFailed', ctx.locale)} (${s.ms} ms): ${describeError(s.error, ctx.locale)}`
}

export function testCommand(globals: Globals, deps: CommandDeps): Command {
  const { command } = deps
  return new Command('test').description("test the profile's connection: a token and a harmless read per group").action(async () =>
    command(globals, async (ctx) => {
      const profile = await ctx.profile()
      const r = await ctx.core.registry.invoke('profiles.test', { id: profile.id }, { transport: 'cli' })
      if (!r.ok) throw AppError.fromData(r.error)
      const test = r.value as ConnectionTest
      ctx.emit({ type: 'result', test })
      for (const g of ['order', 'member'] as const) {
        const group = t(g === 'order' ? 'groupOrder' : 'groupMember', ctx.locale)
        ctx.say(`${group}, ${t('stepToken', ctx.locale)}: ${stepText(ctx, test[g].token)}`)
        ctx.say(`${group}, ${t('stepRead', ctx.locale)}: ${stepText(ctx, test[g].read)}`)
      }
      ctx.say(test.headline)
      const steps = [test.order.token, test.order.read, test.member.token, test.member.read]
      if (steps.every((s) => s.status !== 'failed')) return EXIT.ok
      return steps.some((s) => s.status === 'ok') ? EXIT.partial : EXIT.error
    }),
  )
}

