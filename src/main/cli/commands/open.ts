/**
 * `license-desk open FILE`: hands a drafts file to the running app, which asks the user before it adds anything
 * (src/shared/files/open-file.ts decides what the file is; the app shows it). It starts no core of its own: the
 * data folder's owner lock says whether the app runs, and owner.json how to reach it: browser mode answers at its
 * address (the file goes to `files.offer` with its token), the desktop app is started again with the file (its
 * single-instance lock hands the file to the running window). When nothing runs, it says how to go on.
 */
import { spawn } from 'node:child_process'
import { open as openFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { Command } from 'commander'
import { AppError, describeError, type AppErrorData } from '@shared/errors/app-error'
import { fillTemplate } from '@shared/errors/catalog'
import { baseName, inspectOpenedFile, refuseBeforeReading } from '@shared/files/open-file'
import { LOCALES, resolveLocale, type Locale } from '@shared/i18n/locale'
import { openedFileSchema } from '@shared/ipc/channels/files'
import { ipcFailureSchema } from '@shared/ipc/channel'
import { z } from 'zod'
import { resolveDataDir } from '../../core/data-dir'
import { describeHolder, readOwner, tryClaimDataDir, type OwnerInfo } from '../../core/owner'
import { systemLocale } from '../../core/system-locale'
import { TOKEN_HEADER } from '../../ipc/http-transport'
import type { Globals } from '../command'
import { EXIT } from '../exit-codes'

const WORDS = {
  handed: {
    en: '{file} ({n} drafts) went to License Desk, {holder}: it asks there before adding anything.',
    'zh-CN': '{file}（{n} 个草稿）已交给 License Desk，{holder}：添加前会在那里征求确认。',
  },
  notRunning: {
    en: 'License Desk is not running on {dataDir}. Open the file with the app (double-click it, or start License Desk with it: npm start -- {file} from a checkout), or start browser mode (npm run start:browser) and run this again. To add its drafts without the app: license-desk drafts import {file}',
    'zh-CN': 'License Desk 未在 {dataDir} 上运行。请用应用打开该文件（双击它，或在源码目录中用 npm start -- {file} 启动），或启动浏览器模式（npm run start:browser）后再运行此命令。不经应用直接添加草稿：license-desk drafts import {file}',
  },
  unreachable: {
    en: 'License Desk runs ({holder}) but cannot be given the file: {detail}. Open the file in the app (Drafts → Import file).',
    'zh-CN': 'License Desk 正在运行（{holder}），但无法把文件交给它：{detail}。请在应用中打开该文件（草稿 → 导入文件）。',
  },
} satisfies Record<string, Record<Locale, string>>

/** How a file reaches the process that holds the data folder, from what owner.json says of it. */
export type HandOver = { via: 'http'; origin: string; token: string } | { via: 'launch'; command: string[] } | { via: 'none'; detail: string }

export function handOverRoute(holder: OwnerInfo | null): HandOver {
  if (holder?.shell === 'browser' && holder.address) {
    const url = new URL(holder.address)
    const token = new URLSearchParams(url.hash.slice(1)).get('token')
    if (token) return { via: 'http', origin: url.origin, token }
  }
  if (holder?.shell === 'electron' && holder.launch) return { via: 'launch', command: holder.launch }
  return { via: 'none', detail: holder?.shell === 'cli' ? 'a license-desk command holds the data folder' : 'it left no address' }
}

const ipcResultSchema = z.union([z.object({ ok: z.literal(true), value: openedFileSchema }), ipcFailureSchema])

async function offerOverHttp(route: { origin: string; token: string }, fileName: string, content: string): Promise<AppErrorData | null> {
  const res = await fetch(`${route.origin}/api/invoke/files.offer`, {
    method: 'POST',
    headers: { [TOKEN_HEADER]: route.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ fileName, content }),
    signal: AbortSignal.timeout(30_000),
  })
  const parsed = ipcResultSchema.safeParse(await res.json())
  if (!parsed.success) return AppError.app('app.badResponse', { detail: `HTTP ${res.status}` }).toData()
  return parsed.data.ok ? null : parsed.data.error
}

function launch(command: string[], file: string): Promise<void> {
  const [exe, ...args] = command
  if (!exe) return Promise.reject(new Error('no command'))
  return new Promise((done, fail) => {
    const child = spawn(exe, [...args, file], { detached: true, stdio: 'ignore' })
    child.once('error', fail)
    child.once('spawn', () => {
      child.unref()
      done()
    })
  })
}

async function readChecked(path: string): Promise<{ content: string } | { error: AppErrorData }> {
  // Another type of file is refused by its name, unread.
  const byName = refuseBeforeReading(path, 0)
  if (byName) return { error: byName }
  try {
    const handle = await openFile(path, 'r')
    try {
      const early = refuseBeforeReading(path, (await handle.stat()).size)
      if (early) return { error: early }
      return { content: await handle.readFile('utf8') }
    } finally {
      await handle.close()
    }
  } catch (err) {
    return { error: AppError.app('app.fileUnreadable', { file: baseName(path), detail: (err as NodeJS.ErrnoException).code ?? (err as Error).message }).toData() }
  }
}

/** Whether a process holds the data folder (the lock decides; owner.json only says who). */
function held(dataDir: string): boolean {
  try {
    const mine = tryClaimDataDir(dataDir, 'cli')
    mine?.release()
    return mine === null
  } catch {
    return false // no data folder (or no lock file can be made in it): nothing runs on it
  }
}

export function openCommand(globals: Globals): Command {
  return new Command('open')
    .description('hand a drafts file (.ldrafts) to the running app, which asks before adding its drafts')
    .argument('<file>', 'a drafts file, as exported from Drafts or by `drafts export`')
    .action(async (file: string) => {
      const g = globals()
      const locale: Locale = g.lang && (LOCALES as readonly string[]).includes(g.lang) ? (g.lang as Locale) : resolveLocale('system', systemLocale())
      const emit = (line: Record<string, unknown>): void => {
        if (g.json) process.stdout.write(JSON.stringify(line) + '\n')
      }
      const say = (text: string): void => {
        if (!g.json) process.stdout.write(text + '\n')
      }
      const fail = (error: AppErrorData, message = describeError(error, locale)): void => {
        emit({ type: 'error', error, message })
        process.stderr.write(`license-desk: ${message}\n`)
        process.exitCode = EXIT.error
      }
      const path = resolve(file)
      const read = await readChecked(path)
      if ('error' in read) return fail(read.error)
      const verdict = inspectOpenedFile(path, read.content)
      if (!verdict.ok) return fail(verdict.error)

      const dataDir = g.dataDir ?? resolveDataDir()
      const words = { file: baseName(path), dataDir, n: verdict.drafts.length }
      if (!held(dataDir)) {
        return fail(AppError.app('app.notFound', { what: 'a running License Desk' }).toData(), fillTemplate(WORDS.notRunning[locale], { ...words, file: path }))
      }
      const holder = readOwner(dataDir)
      const route = handOverRoute(holder)
      const who = describeHolder(holder)
      try {
        if (route.via === 'none') throw new Error(route.detail)
        if (route.via === 'http') {
          const refused = await offerOverHttp(route, baseName(path), read.content)
          if (refused) return fail(refused)
        } else {
          await launch(route.command, path)
        }
      } catch (err) {
        const detail = err instanceof Error ? err.message : String(err)
        return fail(AppError.app('app.storage', { detail }).toData(), fillTemplate(WORDS.unreachable[locale], { holder: who, detail }))
      }
      emit({ type: 'result', file: path, drafts: verdict.drafts.length, handedTo: { pid: holder?.pid, shell: holder?.shell, via: route.via } })
      say(fillTemplate(WORDS.handed[locale], { ...words, holder: who }))
      process.exitCode = EXIT.ok
    })
}
