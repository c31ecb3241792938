/**
 * Browser mode keeps its port across restarts: the page's origin (http://127.0.0.1:PORT) stays the same, so a tab
 * left open while License Desk was stopped keeps what was typed in it (the tab's storage belongs to its origin) and
 * connects again when the newly printed address is pasted into it. The port of the last start on a data folder is
 * kept in its `browser.json`; `--port` overrides it, and a port taken by something else gives way to a free one.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'

const FILE = 'browser.json'
const fileSchema = z.object({ port: z.number().int().min(1).max(65535) })

/** The port browser mode last listened on with this data folder, or null (none yet, or the file unreadable). */
export function rememberedPort(dataDir: string): number | null {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')))
    return parsed.success ? parsed.data.port : null
  } catch {
    return null
  }
}

/** Keeps the port for the next start (best effort: a start without it picks a free port). */
export function rememberPort(dataDir: string, port: number): void {
  try {
    writeFileSync(join(dataDir, FILE), JSON.stringify({ port }) + '\n', { mode: 0o600 })
  } catch {
    // The next start takes a free port instead.
  }
}

/** Whether a listen failed because the port is in use. */
export function isPortTaken(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'EADDRINUSE'
}
