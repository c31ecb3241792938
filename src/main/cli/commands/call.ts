/** `license-desk call CHANNEL [INPUT]`: any channel of the app, through the registry (the one trust boundary). */
import { Command } from 'commander'
import { AppError } from '@shared/errors/app-error'
import { isChannelName } from '@shared/ipc/contract'
import type { CommandDeps, Globals } from '../command'
import { EXIT } from '../exit-codes'
import { readSecretSource } from '../secret-input'
import { t } from '../text'

export function callCommand(globals: Globals, deps: CommandDeps): Command {
  const { command } = deps
  return new Command('call')
    .description('call any channel of the app with a JSON input, e.g. call bulk.list')
    .argument('<channel>', 'channel name, e.g. profiles.list')
    .argument('[input]', 'JSON input (default {}); one holding secrets is better given with --input-file')
    .option('--input-file <path>', 'read the JSON input from a file ("-": from stdin), so secrets stay off the command line')
    .action(async (channel: string, inputArg: string | undefined, o: { inputFile?: string }) =>
      command(globals, async (ctx) => {
        if (!isChannelName(channel)) throw AppError.app('app.notFound', { what: `channel ${channel}` })
        if (inputArg !== undefined && o.inputFile) throw AppError.app('app.invalidInput', { detail: t('inputTwice', ctx.locale) })
        const inputText = o.inputFile ? await readSecretSource(o.inputFile, process.stdin) : (inputArg ?? '{}')
        let input: unknown
        try {
          input = JSON.parse(inputText)
        } catch {
          throw AppError.app('app.invalidInput', { detail: 'the input is not valid JSON' })
        }
        const r = await ctx.core.registry.invoke(channel, input, { transport: 'cli' })
        if (!r.ok) throw AppError.fromData(r.error)
        if (ctx.json) ctx.emit({ type: 'result', value: r.value as unknown })
        else process.stdout.write(JSON.stringify(r.value, null, 2) + '\n')
        return EXIT.ok
      }),
    )
}

