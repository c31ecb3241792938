/** `license-desk shellnums --size N`: new asset numbers (10-digit shell numbers), one call after another. */
import { Command, Option } from 'commander'
import { AppError } from '@shared/errors/app-error'
import { positiveInt, type CommandDeps, type Globals } from '../command'
import { EXIT } from '../exit-codes'
import { t } from '../text'

export function shellnumsCommand(globals: Globals, deps: CommandDeps): Command {
  const { command } = deps
  return new Command('shellnums')
    .description('get new asset numbers (10-digit shell numbers)')
    .addOption(new Option('-s, --size <n>', 'how many').argParser(positiveInt(100_000)).makeOptionMandatory())
    .action(async (o: { size: number }) =>
      command(globals, async (ctx) => {
        const profile = await ctx.profile()
        const { limits } = await ctx.core.services.settings.get()
        const client = await ctx.core.services.clients.get(profile.id)
        const numbers: string[] = []
        let error: unknown = null
        // One call after another, never repeated: a number handed out cannot be handed back.
        while (numbers.length < o.size) {
          try {
            numbers.push(...(await client.getShellNums(Math.min(limits.maxShellNumsPerCall, o.size - numbers.length))))
          } catch (err) {
            error = err
            break
          }
        }
        ctx.emit({ type: 'result', numbers })
        if (numbers.length > 0) ctx.say(`${t('shellDone', ctx.locale, { n: numbers.length })}\n${numbers.join('\n')}`)
        if (error) {
          ctx.fail(error)
          if (error instanceof AppError && error.code === 'app.unknownOutcome') process.stderr.write(t('shellUnknown', ctx.locale) + '\n')
          return numbers.length > 0 ? EXIT.partial : EXIT.error
        }
        return EXIT.ok
      }),
    )
}

