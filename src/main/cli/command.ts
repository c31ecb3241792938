/**
 * The one shape of a CLI command module (`cli/commands/<area>.ts`): `<area>Command(globals, deps): Command`, where
 * `deps` is what the command tree gives every module (run a body in a context, read an input file, check a results
 * path). The tree (`cli/commands.ts`) only assembles the modules.
 */
import { readFile } from 'node:fs/promises'
import { InvalidArgumentError } from 'commander'
import { AppError, describeError } from '@shared/errors/app-error'
import { withContext, type CliContext, type GlobalOptions } from './context'
import { EXIT } from './exit-codes'
import { isResultsPath } from './results'
import { PromptInterrupted } from './secret-input'
import { t } from './text'

/** The global options, read when a command runs. */
export type Globals = () => GlobalOptions
export type RunCommand = (globals: Globals, fn: (ctx: CliContext) => Promise<number>) => Promise<void>

/** What the command tree gives every command module. */
export interface CommandDeps {
  /** Runs a body in a context and sets the exit code. */
  command: RunCommand
  readInput(ctx: CliContext, file: string): Promise<Uint8Array>
  /** Refuses a results path that is not .csv, .xlsx or .json. */
  checkOut(ctx: CliContext, out: string | undefined): void
}

/** An option's parser: a whole number from 1 to `max`. */
export function positiveInt(max: number) {
  return (v: string): number => {
    const n = Number(v)
    if (!/^\d+$/.test(v.trim()) || n < 1 || n > max) throw new InvalidArgumentError(`expected a whole number from 1 to ${max}`)
    return n
  }
}

/** Runs a command body in a context and sets the exit code; errors are printed in the user's language. */
export async function command(globals: Globals, fn: (ctx: CliContext) => Promise<number>): Promise<void> {
  let code: number = EXIT.error
  try {
    code = await withContext(globals(), async (ctx) => {
      try {
        return await fn(ctx)
      } catch (err) {
        if (err instanceof PromptInterrupted) return EXIT.interrupted
        ctx.fail(err)
        return EXIT.error
      }
    })
  } catch (err) {
    // The core itself could not start (data folder, keychain): no context to print with.
    process.stderr.write(`license-desk: ${err instanceof AppError ? describeError(err.toData(), 'en') : String(err)}\n`)
  }
  process.exitCode = code
}

export async function readInput(ctx: CliContext, file: string): Promise<Uint8Array> {
  try {
    return await readFile(file)
  } catch (err) {
    throw AppError.app('app.invalidInput', { detail: t('readFailed', ctx.locale, { file, detail: (err as NodeJS.ErrnoException).code ?? String(err) }) })
  }
}

export function checkOut(ctx: CliContext, out: string | undefined): void {
  if (out && !isResultsPath(out)) throw AppError.app('app.invalidInput', { detail: t('badOut', ctx.locale, { file: out }) })
}

/** The deps every module gets. */
export const COMMAND_DEPS: CommandDeps = { command, readInput, checkOut }
