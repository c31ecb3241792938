/**
 * `license-desk`: the command line on the same core as the app (profiles, keychain, journal, bulk runner).
 * Exit codes: 0 success, 1 partial failure, 2 error (nothing done, bad input, refused credentials),
 * 130 interrupted. See docs/cli.md.
 */
// This process words errors in every language (src/shared/errors/catalog.ts).
import '@shared/errors/catalog-languages'
import { CommanderError } from 'commander'
import { appPaths, appVersion } from './app-paths'
import { buildProgram } from './cli/commands'
import { EXIT } from './cli/exit-codes'

// A reader that stops early (`| head`) closes the pipe: the rest of the output is dropped quietly, the work goes on
// (a bulk job is not abandoned half-way) and the exit code still says how it went.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err
})

async function main(): Promise<void> {
  const program = buildProgram(appVersion(appPaths(import.meta.url).root))
  try {
    await program.parseAsync()
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here too, with code 0.
      process.exitCode = err.exitCode === 0 ? EXIT.ok : EXIT.error
      return
    }
    throw err
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`license-desk: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(EXIT.error)
})
