/**
 * The update feed (electron-builder's "generic" provider: a folder on a web server with `latest.yml`, or
 * `latest-mac.yml` / `latest-linux.yml`, beside the installers) and the decisions about it, without Electron:
 * which channel file, whether it is readable, whether its version is newer, whether a downloaded file is the one it
 * names. The YAML is read with electron-updater's own parser and the checksum with builder-util-runtime's
 * DigestTransform, the pieces electron-updater itself uses, so a feed this code accepts is one the installed app's
 * updater accepts.
 */
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { DigestTransform } from 'builder-util-runtime'
import { parseUpdateInfo } from 'electron-updater/out/providers/Provider.js'
import { z } from 'zod'
import type { UpdateProblem } from '@shared/ipc/channels/app'

/** A check or download that went wrong, in the words the status gives (unreachable, malformed, checksum...). */
export class UpdateFailure extends Error {
  constructor(
    readonly problem: UpdateProblem,
    detail: string,
  ) {
    super(detail)
    this.name = 'UpdateFailure'
  }
}

/** The channel file electron-builder publishes for a platform (and Linux arm64). */
export function channelFile(platform: NodeJS.Platform, arch: string): string {
  if (platform === 'darwin') return 'latest-mac.yml'
  if (platform === 'linux') return arch === 'x64' ? 'latest-linux.yml' : `latest-linux-${arch}.yml`
  return 'latest.yml'
}

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/

const fileSchema = z.object({ url: z.string().min(1), sha512: z.string().min(1), size: z.number().int().nonnegative().optional() })
/** What we need of the channel file; older files name one file by `path` + `sha512` instead of `files`. */
const feedSchema = z.preprocess(
  (raw) => {
    if (raw && typeof raw === 'object' && !('files' in raw) && 'path' in raw) {
      const { path, sha512 } = raw as { path?: unknown; sha512?: unknown }
      return { ...raw, files: [{ url: path, sha512 }] }
    }
    return raw
  },
  z.object({
    version: z.string().regex(SEMVER, 'not a version'),
    files: z.array(fileSchema).min(1),
    releaseDate: z.string().optional(),
  }),
)
export type FeedInfo = z.output<typeof feedSchema>

/** Reads a channel file's text; anything electron-updater would refuse (or we cannot use) is `malformed`. */
export function parseFeed(text: string, file = 'latest.yml', url = new URL(`feed:///${file}`)): FeedInfo {
  let raw: unknown
  try {
    raw = parseUpdateInfo(text, file, url)
  } catch {
    throw new UpdateFailure('malformed', `${file} is not YAML`)
  }
  const parsed = feedSchema.safeParse(raw)
  if (!parsed.success) throw new UpdateFailure('malformed', `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`)
  return parsed.data
}

function parts(version: string): { core: number[]; pre: string[] } {
  const m = SEMVER.exec(version)
  if (!m) throw new UpdateFailure('malformed', `"${version}" is not a version`)
  return { core: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] ? m[4].split('.') : [] }
}

/** Semantic version order: negative when a < b. A pre-release is below its release. */
export function compareVersions(a: string, b: string): number {
  const x = parts(a)
  const y = parts(b)
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return x.core[i]! - y.core[i]!
  if (x.pre.length === 0 || y.pre.length === 0) return y.pre.length - x.pre.length
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i]
    const q = y.pre[i]
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1
    if (p === q) continue
    const pn = /^\d+$/.test(p)
    const qn = /^\d+$/.test(q)
    if (pn && qn) return Number(p) - Number(q)
    if (pn !== qn) return pn ? -1 : 1
    return p < q ? -1 : 1
  }
  return 0
}

/** What the feed's version is to the running one. Only `newer` is offered: a feed never downgrades the app. */
export function compareToRunning(running: string, feed: FeedInfo): 'newer' | 'same' | 'older' {
  const c = compareVersions(feed.version, running)
  return c > 0 ? 'newer' : c < 0 ? 'older' : 'same'
}

/** A file named in the feed, as an absolute address. */
export function feedFileUrl(feedUrl: string, fileUrl: string): string {
  return new URL(fileUrl, feedUrl.endsWith('/') ? feedUrl : `${feedUrl}/`).toString()
}

type Fetch = typeof fetch

async function get(url: string, fetchImpl: Fetch, signal?: AbortSignal): Promise<Response> {
  let res: Response
  try {
    res = await fetchImpl(url, { signal, redirect: 'follow' })
  } catch (err) {
    throw new UpdateFailure('unreachable', `${url}: ${err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err)}`)
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw new UpdateFailure('unreachable', `${url}: HTTP ${res.status}`)
  }
  return res
}

/** Reads the feed's channel file. */
export async function readFeed(feedUrl: string, file: string, fetchImpl: Fetch = fetch, signal?: AbortSignal): Promise<FeedInfo> {
  const url = feedFileUrl(feedUrl, file)
  const res = await get(url, fetchImpl, signal)
  return parseFeed(await res.text(), file, new URL(url))
}

/**
 * Downloads the feed's first file into `dir` and checks its sha512 while it arrives; a file that does not match is
 * deleted and the failure is `checksum`. Returns the file's path.
 */
export async function downloadVerified(feedUrl: string, info: FeedInfo, dir: string, fetchImpl: Fetch = fetch): Promise<string> {
  const file = info.files[0]!
  const url = feedFileUrl(feedUrl, file.url)
  const res = await get(url, fetchImpl)
  const target = join(dir, decodeURIComponent(new URL(url).pathname.split('/').pop() ?? 'update'))
  try {
    await pipeline(Readable.fromWeb(res.body as WebReadableStream), new DigestTransform(file.sha512, 'sha512', 'base64'), createWriteStream(target))
  } catch (err) {
    await rm(target, { force: true })
    const code = (err as { code?: unknown }).code
    if (code === 'ERR_CHECKSUM_MISMATCH') throw new UpdateFailure('checksum', `${file.url}: sha512 does not match the feed`)
    throw new UpdateFailure('unreachable', `${url}: ${(err as Error).message}`)
  }
  return target
}

/** The problem an error of electron-updater (or of ours) is, in the status's words. */
export function problemOf(err: unknown): UpdateProblem {
  if (err instanceof UpdateFailure) return err.problem
  const code = String((err as { code?: unknown } | null)?.code ?? '')
  const message = err instanceof Error ? err.message : String(err)
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(message)) return 'checksum'
  if (/^ERR_UPDATER_(INVALID_UPDATE_INFO|INVALID_VERSION|NO_FILES_PROVIDED|NO_CHECKSUM|INVALID_RELEASE_FEED)$/.test(code)) return 'malformed'
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE') return 'checksum'
  if (/^ERR_UPDATER_/.test(code) && !/NOT_FOUND/.test(code)) return 'install'
  return 'unreachable'
}
