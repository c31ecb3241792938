/**
 * The CLI's command tree: one module per area under ./commands/ (locks, members, holdings, shellnums, test,
 * profiles, customers, orders, drafts, renewals, and `call` for any channel), each of the shape of ./command.ts.
 */
import { Command } from 'commander'
import { COMMAND_DEPS, type Globals } from './command'
import type { GlobalOptions } from './context'
import { locksCommand } from './commands/locks'
import { membersCommand } from './commands/members'
import { holdingsCommands } from './commands/holdings'
import { shellnumsCommand } from './commands/shellnums'
import { testCommand } from './commands/connection-test'
import { profilesCommand } from './commands/profiles'
import { customersCommand } from './commands/customers'
import { ordersCommand } from './commands/orders'
import { draftsCommand } from './commands/drafts'
import { renewalsCommand } from './commands/renewals'
import { callCommand } from './commands/call'
import { workspaceCommand } from './commands/workspace'
import { openCommand } from './commands/open'

/** The whole command tree. */
export function buildProgram(version: string): Command {
  const program = new Command('license-desk')
    .description('License Desk on the command line: bulk lock and employee work, asset numbers, connection tests')
    .version(version)
    .option('-p, --profile <name|id>', 'connection profile (default: the active one)')
    .option('--json', 'JSON lines on stdout (progress, results, errors) instead of text')
    .option('--lang <en|zh-CN>', 'language of messages (default: the app setting, else LANG)')
    .option('--data-dir <dir>', 'data folder (default: LICENSE_DESK_DATA_DIR, else the app-data folder)')
    .option('--workspace <url>', 'team workspace to sync with while the command runs: postgres://USER@HOST[:PORT]/DATABASE (password: keychain or LICENSE_DESK_WORKSPACE_PASSWORD)')
  const globals: Globals = () => program.opts<GlobalOptions>()
  const deps = COMMAND_DEPS
  program.addCommand(locksCommand(globals, deps))
  program.addCommand(membersCommand(globals, deps))
  for (const c of holdingsCommands(globals, deps)) program.addCommand(c)
  program.addCommand(shellnumsCommand(globals, deps))
  program.addCommand(testCommand(globals, deps))
  program.addCommand(profilesCommand(globals, deps))
  program.addCommand(customersCommand(globals, deps))
  program.addCommand(ordersCommand(globals, deps))
  program.addCommand(draftsCommand(globals, deps))
  program.addCommand(renewalsCommand(globals, deps))
  program.addCommand(callCommand(globals, deps))
  program.addCommand(workspaceCommand(globals, deps))
  program.addCommand(openCommand(globals))
  // Usage errors (unknown command or option, missing argument) are bad input: one line on stderr and exit 2
  // (see cli.ts), so a script can tell a typo from success. Help asked for (--help, help) is exit 0.
  const json = process.argv.includes('--json')
  const override = (c: Command): void => {
    c.exitOverride()
    c.configureOutput({ outputError: (text, write) => write(usageErrorLine(text, json)) })
    c.commands.forEach(override)
  }
  override(program)
  return program
}

/** Commander's usage error (possibly with a "Did you mean" line) as one line; with --json also a JSON line. */
export function usageErrorLine(text: string, json = false): string {
  const message = text
    .replace(/^error:\s*/i, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ')
  const line = `license-desk: ${message} (see license-desk --help)\n`
  if (json) process.stdout.write(JSON.stringify({ type: 'error', error: { code: 'app.invalidInput', messageKey: 'app.invalidInput', params: { detail: message }, details: {} }, message }) + '\n')
  return line
}
