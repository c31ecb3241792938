/**
 * Resolves request paths to files of the built renderer, never outside its folder (no `..`, no encoded
 * separators, no symlink escapes), with the right MIME type and caching.
 */
import { realpath, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}

/** MIME type of a file name; unknown types are served as bytes (with nosniff they never run). */
export function mimeType(file: string): string {
  return MIME[extname(file).toLowerCase()] ?? 'application/octet-stream'
}

/** A file to serve. */
export interface StaticFile {
  path: string
  size: number
  mime: string
  cacheControl: string
}

/**
 * Maps a URL path to a file inside `root`, or null (404). `/` and extension-less paths (client-side routes)
 * give index.html. Hashed build assets (under /assets/) are cached for good; everything else is revalidated.
 */
export async function resolveStatic(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const segments = decoded.split('/').filter((s) => s !== '')
  if (segments.some((s) => s === '..' || s === '.')) return null
  const rootReal = await realpath(root).catch(() => null)
  if (!rootReal) return null
  const wantsIndex = segments.length === 0 || !extname(segments[segments.length - 1] ?? '')
  const candidate = wantsIndex && segments.length > 0 ? null : resolve(rootReal, ...segments)
  const path = candidate ?? join(rootReal, 'index.html')
  const found = await fileInside(rootReal, path)
  if (found) return found
  // A client-side route that is not a file: the app shell.
  if (wantsIndex) return fileInside(rootReal, join(rootReal, 'index.html'))
  return null
}

async function fileInside(rootReal: string, path: string): Promise<StaticFile | null> {
  const real = await realpath(path).catch(() => null)
  if (!real || !(real === rootReal || real.startsWith(rootReal + sep))) return null
  const info = await stat(real).catch(() => null)
  if (!info?.isFile()) return null
  const rel = real.slice(rootReal.length + 1).split(sep).join('/')
  const immutable = rel.startsWith('assets/') && /-[A-Za-z0-9_-]{8,}\.\w+$/.test(rel)
  return {
    path: real,
    size: info.size,
    mime: mimeType(real),
    cacheControl: immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  }
}
