/**
 * The command line: the same core as the app, without a window. `call` reaches any channel of the contract
 * (validated exactly as from the renderer); capabilities add friendlier commands beside it.
 */
import { join } from 'node:path'
import { Command } from 'commander'
import { describeError } from '@shared/errors/app-error'
import { isChannelName } from '@shared/ipc/contract'
import { matchLocale } from '@shared/i18n/locale'
import { appPaths, appVersion } from './app-paths'
import { createCore } from './core'
import { resolveDataDir } from './core/data-dir'
import { systemLocale } from './core/system-locale'
import { createLogger } from './services/log'

async function run(channel: string, input: unknown, opts: { dataDir?: string; json?: boolean }): Promise<number> {
  const dataDir = opts.dataDir ?? resolveDataDir()
  // The CLI keeps stderr for results' errors: the log goes to the file only.
  const log = createLogger({ file: join(dataDir, 'logs', 'cli.log'), stderrLevel: 'off' })
  const core = await createCore({
    dataDir,
    shell: 'cli',
    version: appVersion(appPaths(import.meta.url).root),
    log,
    followActiveProfile: false,
  })
  try {
    const result = await core.registry.invoke(channel, input, { transport: 'cli' })
    if (opts.json) {
      process.stdout.write(JSON.stringify(result, null, 2) + '\n')
    } else if (result.ok) {
      process.stdout.write(JSON.stringify(result.value, null, 2) + '\n')
    } else {
      process.stderr.write(describeError(result.error, matchLocale(systemLocale())) + '\n')
    }
    return result.ok ? 0 : 1
  } finally {
    await core.dispose()
  }
}

async function main(): Promise<void> {
  const program = new Command('license-desk')
    .description('License Desk on the command line')
    .version(appVersion(appPaths(import.meta.url).root))
    .option('--data-dir <dir>', 'data folder (default: LICENSE_DESK_DATA_DIR, else the platform app-data folder)')
    .option('--json', 'print the whole result as JSON, errors included')

  program
    .command('call')
    .description('call a channel of the app with a JSON input, e.g. call profiles.list')
    .argument('<channel>', 'channel name, e.g. profiles.list')
    .argument('[input]', 'JSON input', '{}')
    .action(async (channel: string, inputText: string) => {
      if (!isChannelName(channel)) {
        process.stderr.write(`Unknown channel: ${channel}\n`)
        process.exitCode = 2
        return
      }
      let input: unknown
      try {
        input = JSON.parse(inputText)
      } catch {
        process.stderr.write('The input is not valid JSON.\n')
        process.exitCode = 2
        return
      }
      process.exitCode = await run(channel, input, program.opts())
    })

  program
    .command('profiles')
    .description('list the connection profiles')
    .action(async () => {
      process.exitCode = await run('profiles.list', {}, program.opts())
    })

  await program.parseAsync()
}

main().catch((err: unknown) => {
  process.stderr.write(`license-desk: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
