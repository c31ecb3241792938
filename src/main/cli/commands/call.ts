/** `license-desk call CHANNEL [INPUT]`: any channel of the app, through the registry (the one trust boundary). */
import { Command } from 'commander'
import { AppError } from '@shared/errors/app-error'
import { isChannelName } from '@shared/ipc/contract'
import type { JobSummary } from '@shared/ipc/channels/bulk'
import type { CommandDeps, Globals } from '../command'
import { EXIT } from '../exit-codes'
import { followCalledJob } from '../run-job'
import { readSecretSource } from '../secret-input'
import { t } from '../text'

/** Channels that start or resume a bulk job: `call` follows the job to its end. */
const JOB_CHANNELS: ReadonlySet<string> = new Set(['bulk.start', 'bulk.resume', 'bulk.retryFailed'])

export function callCommand(globals: Globals, deps: CommandDeps): Command {
  const { command } = deps
  return new Command('call')
    .description('call any channel of the app with a JSON input, e.g. call bulk.list; bulk.start, bulk.resume and bulk.retryFailed run the job here to its end')
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
        const invoke = async () => {
          const r = await ctx.core.registry.invoke(channel, input, { transport: 'cli' })
          if (!r.ok) throw AppError.fromData(r.error)
          return r.value
        }
        // A job started or resumed here runs here, to its end (the core and its runner end with this command).
        if (JOB_CHANNELS.has(channel)) return followCalledJob(ctx, async () => (await invoke()) as JobSummary)
        const r = { value: await invoke() }
        if (ctx.json) ctx.emit({ type: 'result', value: r.value as unknown })
        else process.stdout.write(JSON.stringify(r.value, null, 2) + '\n')
        return EXIT.ok
      }),
    )
}

