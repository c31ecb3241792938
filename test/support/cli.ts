/**
 * Runs the built command line (`out/main/cli.js`, what `license-desk` runs) as a real process. The tests' global
 * setup builds it when the sources are newer (test/support/global-build.ts): a plain node start costs about half
 * of a start through tsx, which compiles the CLI's modules on every run.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const CLI_ENTRY = join(ROOT, 'out', 'main', 'cli.js')
/** The CLI as a shell command (for `script` and pipes). */
export const CLI_COMMAND = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI_ENTRY)}`

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs the CLI to its end; `input` goes to its stdin. The timeout only ends a hung run. */
export function runCli(args: string[], opts: { env: NodeJS.ProcessEnv; input?: string; timeoutMs?: number }): CliResult {
  const r = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    cwd: ROOT,
    env: opts.env,
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 120_000,
    input: opts.input ?? '',
  })
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr }
}

/** Starts the CLI and returns the child, for tests that talk to it or signal it while it runs. */
export function spawnCli(args: string[], opts: { env: NodeJS.ProcessEnv }): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [CLI_ENTRY, ...args], { cwd: ROOT, env: opts.env, stdio: 'pipe' })
}
