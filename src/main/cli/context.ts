/**
 * What every CLI command shares: the core over the data folder (same profiles, keychain, journal and jobs as
 * the app; the Sandbox profile starts the sandbox in-process), the chosen profile, the language, and output
 * that is either human text or JSON lines (--json).
 */
import { join } from 'node:path'
import { AppError, describeError, toAppErrorData, type AppErrorData } from '@shared/errors/app-error'
import { LOCALES, resolveLocale, type Locale } from '@shared/i18n/locale'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import { appPaths, appVersion } from '../app-paths'
import { createCore, type Core } from '../core'
import { resolveDataDir } from '../core/data-dir'
import { systemLocale } from '../core/system-locale'
import { createLogger } from '../services/log'
import { parseWorkspaceUrl } from '@shared/workspace'
import { t } from './text'

/** Global options of every command. */
export interface GlobalOptions {
  profile?: string
  json?: boolean
  lang?: string
  dataDir?: string
  /** A team workspace to sync with while the command runs (postgres://USER@HOST[:PORT]/DATABASE). */
  workspace?: string
}

export interface CliContext {
  core: Core
  locale: Locale
  json: boolean
  /** Human text on stdout (nothing with --json). */
  say(text: string): void
  /** One JSON line on stdout (only with --json). */
  emit(obj: Record<string, unknown>): void
  /** An error, on stderr (and as a JSON line with --json). */
  fail(err: unknown): void
  /** The profile of --profile, else the active one. */
  profile(): Promise<ProfileView>
  /** A profile by id or name (ignoring case). */
  findProfile(nameOrId: string): Promise<ProfileView>
}

/** The language: --lang, else the app's setting, else the system's (LANG). */
async function chooseLocale(core: Core, lang: string | undefined): Promise<Locale> {
  if (lang) {
    if (!(LOCALES as readonly string[]).includes(lang)) {
      throw AppError.app('app.invalidInput', { detail: `--lang must be one of ${LOCALES.join(', ')}` })
    }
    return lang as Locale
  }
  const settings = await core.services.settings.get()
  return resolveLocale(settings.locale, systemLocale())
}

/** Opens the core, runs `fn`, and always disposes of the core. */
export async function withContext<T>(opts: GlobalOptions, fn: (ctx: CliContext) => Promise<T>): Promise<T> {
  const dataDir = opts.dataDir ?? resolveDataDir()
  // The log goes to its file only: stdout and stderr are the command's output.
  const log = createLogger({ file: join(dataDir, 'logs', 'cli.log'), stderrLevel: 'off' })
  // --lang stands in for the system language, so it also reaches the service (Accept-Language) unless the
  // app's setting names a language of its own.
  const core = await createCore({
    dataDir,
    shell: 'cli',
    version: appVersion(appPaths(import.meta.url).root),
    log,
    followActiveProfile: false,
    systemLocale: opts.lang && (LOCALES as readonly string[]).includes(opts.lang) ? opts.lang : systemLocale(),
  })
  try {
    const json = opts.json === true
    const locale = await chooseLocale(core, opts.lang)
    let chosen: ProfileView | null = null
    const find = async (wanted: string | undefined): Promise<ProfileView> => {
      const list = await core.services.profiles.list()
      const found = wanted
        ? list.profiles.find((p) => p.id === wanted) ?? list.profiles.find((p) => p.name.toLowerCase() === wanted.toLowerCase())
        : list.profiles.find((p) => p.id === list.activeId)
      if (!found) {
        throw AppError.app('app.notFound', { what: t('noProfile', locale, { name: wanted ?? list.activeId, names: list.profiles.map((p) => p.name).join(', ') }) })
      }
      return found
    }
    const ctx: CliContext = {
      core,
      locale,
      json,
      say: (text) => {
        if (!json) process.stdout.write(text + '\n')
      },
      emit: (obj) => {
        if (json) process.stdout.write(JSON.stringify(obj) + '\n')
      },
      fail: (err) => {
        const data: AppErrorData = toAppErrorData(err)
        if (json) process.stdout.write(JSON.stringify({ type: 'error', error: data, message: describeError(data, locale) }) + '\n')
        process.stderr.write(`license-desk: ${describeError(data, locale)}\n`)
      },
      async profile() {
        chosen ??= await find(opts.profile?.trim())
        return chosen
      },
      findProfile: (nameOrId) => find(nameOrId.trim()),
    }
    const shared = await joinWorkspace(core, opts.workspace, locale)
    const result = await fn(ctx)
    // What the command changed goes out before the core stops (the app, when it owns the folder, sends it).
    if (shared) await core.services.workspace.syncNow()
    return result
  } finally {
    await core.dispose()
  }
}

/**
 * `--workspace`: syncs the data folder with that workspace while the command runs (when the CLI owns the folder;
 * otherwise the app does). The shared profile is the address's `profile=`, else the active one.
 */
async function joinWorkspace(core: Core, url: string | undefined, locale: Locale): Promise<boolean> {
  if (!url) return false
  const parsed = parseWorkspaceUrl(url)
  if (!parsed.ok) throw AppError.app('app.invalidInput', { detail: t('badWorkspace', locale, { problem: parsed.problem }) })
  if (!core.services.owner.owns) return false
  const profileId = parsed.value.profileId ?? (await core.services.profiles.activeId())
  const password = process.env['LICENSE_DESK_WORKSPACE_PASSWORD']
  await core.services.workspace.useFor({ ...parsed.value, profileId }, password)
  await core.services.workspace.syncNow()
  return true
}
