/** The CLI's commands: locks, members, shellnums, test, profiles, customers (./customers.ts), and `call` for any channel. */
import { readFile } from 'node:fs/promises'
import { Command, InvalidArgumentError, Option } from 'commander'
import { AppError } from '@shared/errors/app-error'
import { LOCK_ACTION, type LockAction } from '@shared/api/lock-actions'
import { isChannelName } from '@shared/ipc/contract'
import { SECRET_NAMES, type ConnectionTest, type ProfileView, type SecretName, type TestStep } from '@shared/ipc/channels/profiles'
import { PARAM_TERMS } from '@shared/errors/catalog'
import { describeError } from '@shared/errors/app-error'
import { importLockNumbers } from '../services/import'
import { withContext, type CliContext, type GlobalOptions } from './context'
import { EXIT } from './exit-codes'
import { isResultsPath } from './results'
import { runJob, showIssues } from './run-job'
import { askSecrets, promptHidden, PromptInterrupted, readAll, readSecretSource, secretText, type PromptIO } from './secret-input'
import { t } from './text'
import { membersCommand } from './commands/members'
import { holdingsCommands } from './commands/holdings'
import { customersCommand } from './customers'
import { ordersCommand } from './commands/orders'
import { draftsCommand } from './commands/drafts'

export type Globals = () => GlobalOptions

function positiveInt(max: number) {
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

function checkOut(ctx: CliContext, out: string | undefined): void {
  if (out && !isResultsPath(out)) throw AppError.app('app.invalidInput', { detail: t('badOut', ctx.locale, { file: out }) })
}

interface LockOptions {
  file: string
  column?: string
  sheet?: string
  out?: string
  operator?: string
  chunkSize?: number
}

function lockCommand(action: LockAction, globals: Globals): Command {
  return new Command(action)
    .description(`${action} the locks listed in a file (.txt, .csv or .xlsx)`)
    .requiredOption('-f, --file <path>', 'file of lock numbers')
    .option('-c, --column <name|letter|number>', 'column holding the lock numbers (default: found from the header or the values)')
    .option('--sheet <name>', 'worksheet of an .xlsx file (default: the first)')
    .option('-o, --out <path>', 'results file: .csv, .xlsx or .json, one row per line of the input')
    .option('--operator <who>', "operator's name, mobile or e-mail (default: the profile's)")
    .addOption(new Option('--chunk-size <n>', 'lock numbers per call (default: the setting)').argParser(positiveInt(5000)))
    .action(async (o: LockOptions) =>
      command(globals, async (ctx) => {
        checkOut(ctx, o.out)
        const profile = await ctx.profile()
        const parsed = await importLockNumbers({ bytes: await readInput(ctx, o.file), fileName: o.file }, { column: o.column, sheet: o.sheet, locale: ctx.locale })
        showIssues(ctx, parsed.issues)
        if (parsed.items.length === 0) {
          ctx.fail(AppError.app('app.invalidInput', { detail: t('noItems', ctx.locale) }))
          return EXIT.error
        }
        const operatorIdentity = o.operator?.trim() || profile.operatorIdentity
        if (!operatorIdentity) throw AppError.app('app.invalidInput', { detail: t('noOperator', ctx.locale) })
        const start = {
          kind: LOCK_ACTION[action].kind,
          profileId: profile.id,
          items: parsed.items.map((i) => i.value),
          operatorIdentity,
          ...(o.chunkSize ? { chunkSize: o.chunkSize } : {}),
        }
        return runJob(ctx, {
          start,
          lines: parsed.items.map((i) => i.line),
          issues: parsed.issues,
          ...(o.out ? { out: o.out } : {}),
          label: action === 'disable' ? 'kindDisable' : 'kindEnable',
        })
      }),
    )
}

function shellnumsCommand(globals: Globals): Command {
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

function stepText(ctx: CliContext, s: TestStep): string {
  if (s.status === 'ok') return `${t('testOk', ctx.locale)} (${s.ms} ms)${s.detail ? `: ${s.detail}` : ''}`
  if (s.status === 'skipped') return `${t('testSkipped', ctx.locale)}: ${s.reason}`
  return `${t('testFailed', ctx.locale)} (${s.ms} ms): ${describeError(s.error, ctx.locale)}`
}

function testCommand(globals: Globals): Command {
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

/** The terminal (or pipe) secrets are read from: stdin, and stderr for the prompts (stdout stays the result). */
const promptIO = (): PromptIO => ({ input: process.stdin, output: process.stderr })

/** A secret's name in words, as the profile dialog names it, capitalised for a prompt. */
function secretWords(name: SecretName, ctx: CliContext): string {
  const words = PARAM_TERMS['secret']![name]![ctx.locale]
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function secretName(value: string): SecretName {
  if (!(SECRET_NAMES as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${SECRET_NAMES.join(', ')}`)
  return value as SecretName
}

/** Calls a channel through the registry (the one trust boundary) and returns its value or throws its error. */
async function callChannel<T>(ctx: CliContext, channel: string, input: unknown): Promise<T> {
  const r = await ctx.core.registry.invoke(channel, input, { transport: 'cli' })
  if (!r.ok) throw AppError.fromData(r.error)
  return r.value as T
}

function noteMemoryVault(ctx: CliContext): void {
  if (!ctx.core.services.vault.available && !ctx.json) process.stderr.write(t('memoryVault', ctx.locale) + '\n')
}

interface CreateOptions {
  name: string
  baseUrl: string
  tokenUrl?: string
  orderAppKey?: string
  memberAppKey?: string
  userLogin?: string
  operator?: string
  channelCode?: string
  channelCustomerId?: string
  enterprise?: string
  allowInsecureHttp?: boolean
  secret: SecretName[]
  secretsFile?: string
  activate?: boolean
}

function profileCreateCommand(globals: Globals): Command {
  return new Command('create')
    .description('create a connection profile; its secrets are typed at a hidden prompt or read from stdin or a file, never given as arguments')
    .requiredOption('--name <name>', 'profile name')
    .requiredOption('--base-url <url>', 'service address (https://…; plain http:// only for this machine unless --allow-insecure-http)')
    .option('--token-url <url>', 'token endpoint (default: <base-url>/oauth/token)')
    .option('--order-app-key <key>', 'order-group app key')
    .option('--member-app-key <key>', 'member-group app key')
    .option('--user-login <login>', 'user login of the member group')
    .option('--operator <who>', 'operator identity recorded with lock operations')
    .option('--channel-code <code>', 'channel code')
    .option('--channel-customer-id <id>', 'channel customer id')
    .option('--enterprise <enterpriseGlobalId>', 'enterprise global id')
    .option('--allow-insecure-http', 'accept sending credentials unencrypted to a plain http:// address on another machine')
    .addOption(
      new Option('--secret <name>', `a secret to set (repeatable): ${SECRET_NAMES.join(', ')}; typed hidden on a terminal, else one line of stdin each`)
        .argParser((v: string, prev: SecretName[]) => [...prev, secretName(v)])
        .default([]),
    )
    .option('--secrets-file <path>', 'JSON file of secrets, e.g. {"orderAppSecret": "…"} ("-": read it from stdin)')
    .option('--activate', 'make it the active profile')
    .action(async (o: CreateOptions) =>
      command(globals, async (ctx) => {
        const io = promptIO()
        if (o.secretsFile === '-' && o.secret.length > 0 && !io.input.isTTY) throw AppError.app('app.invalidInput', { detail: t('oneStdin', ctx.locale) })
        const secrets: Record<string, unknown> = {}
        if (o.secretsFile) {
          const text = await readSecretSource(o.secretsFile, io.input)
          let parsed: unknown
          try {
            parsed = JSON.parse(text)
          } catch {
            parsed = null
          }
          if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
            throw AppError.app('app.invalidInput', { detail: t('badSecretsFile', ctx.locale, { file: o.secretsFile }) })
          }
          Object.assign(secrets, parsed)
        }
        const asked = await askSecrets(o.secret, (n) => t('promptSecret', ctx.locale, { secret: secretWords(n as SecretName, ctx) }), io)
        o.secret.forEach((n, i) => (secrets[n] = asked[i]))
        const fields = {
          name: o.name,
          baseUrl: o.baseUrl,
          ...(o.tokenUrl !== undefined ? { tokenUrl: o.tokenUrl } : {}),
          ...(o.orderAppKey !== undefined ? { orderAppKey: o.orderAppKey } : {}),
          ...(o.memberAppKey !== undefined ? { memberAppKey: o.memberAppKey } : {}),
          ...(o.userLogin !== undefined ? { userLogin: o.userLogin } : {}),
          ...(o.operator !== undefined ? { operatorIdentity: o.operator } : {}),
          ...(o.channelCode !== undefined ? { channelCode: o.channelCode } : {}),
          ...(o.channelCustomerId !== undefined ? { channelCustomerId: o.channelCustomerId } : {}),
          ...(o.enterprise !== undefined ? { enterpriseGlobalId: o.enterprise } : {}),
          allowInsecureHttp: o.allowInsecureHttp === true,
        }
        const view = await callChannel<ProfileView>(ctx, 'profiles.create', { fields, secrets })
        if (o.activate) await callChannel(ctx, 'profiles.activate', { id: view.id })
        ctx.emit({ type: 'result', profile: view, ...(o.activate ? { activated: true } : {}) })
        ctx.say(t('profileCreated', ctx.locale, { name: view.name, id: view.id }))
        const stored = SECRET_NAMES.filter((n) => view.secrets[n])
        // "Stored in the keychain" only when the vault is the keychain: the in-memory vault forgets them on exit.
        const names = stored.map((n) => PARAM_TERMS['secret']![n]![ctx.locale]).join(', ')
        if (stored.length > 0) ctx.say(t(ctx.core.services.vault.available ? 'secretsStored' : 'secretsInMemory', ctx.locale, { names }))
        if (o.activate) ctx.say(t('activated', ctx.locale, { name: view.name }))
        noteMemoryVault(ctx)
        return EXIT.ok
      }),
    )
}

function profileSetSecretCommand(globals: Globals): Command {
  return new Command('set-secret')
    .description('set (or --clear) one secret of a profile: typed hidden on a terminal, else read from stdin or --from-file; never an argument')
    .argument('<profile>', 'profile name or id')
    .argument('<secret>', SECRET_NAMES.join(', '), secretName)
    .option('--from-file <path>', 'read the secret from a file ("-": from stdin); one trailing line break is dropped')
    .option('--clear', 'remove the secret')
    .action(async (profileRef: string, name: SecretName, o: { fromFile?: string; clear?: boolean }) =>
      command(globals, async (ctx) => {
        const profile = await ctx.findProfile(profileRef)
        const io = promptIO()
        let value: string | null = null
        if (!o.clear) {
          const words = secretWords(name, ctx)
          if (o.fromFile) value = secretText(await readSecretSource(o.fromFile, io.input))
          else if (io.input.isTTY) value = await promptHidden(t('promptSecret', ctx.locale, { secret: words }), io)
          else value = secretText(await readAll(io.input))
          // Named as the secret, not as the channel's `value` field.
          if (value === '') throw AppError.app('app.invalidInput', { detail: 'empty' }, { issues: [{ path: name, code: 'required', message: 'empty' }] })
        }
        const view = await callChannel<ProfileView>(ctx, 'profiles.setSecret', { id: profile.id, name, value })
        ctx.emit({ type: 'result', profile: view })
        const secret = PARAM_TERMS['secret']![name]![ctx.locale]
        ctx.say(t(value === null ? 'secretCleared' : 'secretSet', ctx.locale, { secret, name: view.name }))
        noteMemoryVault(ctx)
        return EXIT.ok
      }),
    )
}

function profilesCommand(globals: Globals): Command {
  const list = async () =>
    command(globals, async (ctx) => {
      const l = await ctx.core.services.profiles.list()
      ctx.emit({ type: 'result', ...l })
      for (const p of l.profiles) ctx.say(`${p.id === l.activeId ? '*' : ' '} ${p.name}  (${p.id})  ${p.baseUrl}`)
      return EXIT.ok
    })
  const profiles = new Command('profiles')
    .description('connection profiles (without a command: list them)')
    .allowExcessArguments(true)
    .action(async (_opts: unknown, cmd: Command) => {
      // `profiles` alone lists; anything else after it is a command we do not have.
      if (cmd.args.length > 0) cmd.error(`unknown command '${cmd.args[0]}'`)
      await list()
    })
  profiles.command('list').description('list the connection profiles (* = active)').action(list)
  profiles.addCommand(profileCreateCommand(globals))
  profiles.addCommand(profileSetSecretCommand(globals))
  return profiles
}

function callCommand(globals: Globals): Command {
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

/** The whole command tree. */
export function buildProgram(version: string): Command {
  const program = new Command('license-desk')
    .description('License Desk on the command line: bulk lock and employee work, asset numbers, connection tests')
    .version(version)
    .option('-p, --profile <name|id>', 'connection profile (default: the active one)')
    .option('--json', 'JSON lines on stdout (progress, results, errors) instead of text')
    .option('--lang <en|zh-CN>', 'language of messages (default: the app setting, else LANG)')
    .option('--data-dir <dir>', 'data folder (default: LICENSE_DESK_DATA_DIR, else the app-data folder)')
  const globals: Globals = () => program.opts<GlobalOptions>()
  const locks = new Command('locks').description('disable or enable physical locks in bulk')
  locks.addCommand(lockCommand('disable', globals))
  locks.addCommand(lockCommand('enable', globals))
  program.addCommand(locks)
  program.addCommand(membersCommand(globals, { command, readInput, checkOut }))
  for (const c of holdingsCommands(globals, { command, readInput, checkOut })) program.addCommand(c)
  program.addCommand(shellnumsCommand(globals))
  program.addCommand(testCommand(globals))
  program.addCommand(profilesCommand(globals))
  program.addCommand(customersCommand(globals))
  program.addCommand(ordersCommand(globals, { command, readInput }))
  program.addCommand(draftsCommand(globals, { command, readInput }))
  program.addCommand(callCommand(globals))
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
