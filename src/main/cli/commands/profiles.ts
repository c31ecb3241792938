/** `license-desk profiles [list|create|set-secret]`: connection profiles; secrets never as arguments. */
import { Command, InvalidArgumentError, Option } from 'commander'
import { AppError } from '@shared/errors/app-error'
import { PARAM_TERMS } from '@shared/errors/catalog'
import { SECRET_NAMES, type ProfileView, type SecretName } from '@shared/ipc/channels/profiles'
import type { CommandDeps, Globals } from '../command'
import type { CliContext } from '../context'
import { EXIT } from '../exit-codes'
import { askSecrets, promptHidden, readAll, readSecretSource, secretText, type PromptIO } from '../secret-input'
import { t } from '../text'

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

function profileCreateCommand(globals: Globals, { command }: CommandDeps): Command {
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

function profileSetSecretCommand(globals: Globals, { command }: CommandDeps): Command {
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

export function profilesCommand(globals: Globals, deps: CommandDeps): Command {
  const { command } = deps
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
  profiles.addCommand(profileCreateCommand(globals, deps))
  profiles.addCommand(profileSetSecretCommand(globals, deps))
  return profiles
}

