/**
 * Bench: the first screen's JavaScript (issue 32 item 4). Reads out/renderer/index.html of a built renderer
 * (`npx electron-vite build` first), follows its entry script and its modulepreload links, gzips each file
 * (level 9, as a server or an installer would) and prints one JSON line: scenario "first-screen", the total and
 * per-file gzipped and raw bytes, and the target (180 KB gzipped in all). Sizes are bytes, so the figure does not
 * depend on the machine's load.
 *
 * What the page then loads on demand before the shell shows is reported beside it (`beforeShell`, from the build's
 * .vite/manifest.json, and .vite/chunk-modules.json for a module merged into a shared chunk): the English messages (main.ts awaits the first language before mounting) and the
 * schemas of the channels the start-up page calls (app.info, settings.get, profiles.list), with the chunks they
 * import that are not counted already. `withBeforeShellGzipKB` is the sum of both: all the JavaScript the first
 * screen needs. Run alone: `npx tsx --tsconfig tsconfig.node.json test/bench/first-screen.ts`.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const TARGET_KB = 180

export interface FirstScreenLine {
  scenario: 'first-screen'
  files: number
  gzipKB: number
  rawKB: number
  targetGzipKB: number
  withinTarget: boolean
  perFile: { file: string; gzipKB: number; rawKB: number }[]
  beforeShell: { gzipKB: number; perFile: { file: string; gzipKB: number; rawKB: number }[] } | null
  withBeforeShellGzipKB: number | null
}

/** Modules loaded on demand before the shell shows, as the manifest names them (by the end of their path). */
const BEFORE_SHELL = ['i18n/en/index.ts', 'shared/ipc/channels/app.ts', 'shared/ipc/channels/profiles.ts']

interface ManifestChunk {
  file: string
  src?: string
  imports?: string[]
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

/** The scripts the page loads before anything else: the entry module and every modulepreload link, in order. */
export function firstScreenScripts(html: string): string[] {
  const out: string[] = []
  const add = (src: string | undefined) => {
    if (src && !out.includes(src)) out.push(src)
  }
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*>/g)) add(m[1])
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) add(/\bhref="([^"]+)"/.exec(m[0])?.[1])
  return out
}

export function runFirstScreenBench(outDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../out/renderer')): FirstScreenLine {
  const htmlPath = join(outDir, 'index.html')
  if (!existsSync(htmlPath)) throw new Error(`${htmlPath} is missing: run \`npx electron-vite build\` first`)
  const sized = (file: string) => {
    const body = readFileSync(join(outDir, file))
    return { file, gzip: gzipSync(body, { level: 9 }).length, raw: body.length }
  }
  const perFile = firstScreenScripts(readFileSync(htmlPath, 'utf8')).map((src) => sized(src.replace(/^\.?\//, '')))
  perFile.sort((a, b) => b.gzip - a.gzip)
  const gzip = perFile.reduce((s, f) => s + f.gzip, 0)
  const raw = perFile.reduce((s, f) => s + f.raw, 0)
  const out = (fs: typeof perFile) => fs.map((f) => ({ file: f.file, gzipKB: kb(f.gzip), rawKB: kb(f.raw) }))

  let beforeShell: FirstScreenLine['beforeShell'] = null
  const manifestPath = join(outDir, '.vite/manifest.json')
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
    const counted = new Set(perFile.map((f) => f.file))
    const extra: typeof perFile = []
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || counted.has(chunk.file)) return
      counted.add(chunk.file)
      extra.push(sized(chunk.file))
      for (const i of chunk.imports ?? []) visit(i)
    }
    // A module merged into a shared chunk has no key of its own: .vite/chunk-modules.json names its chunk.
    const chunkModulesPath = join(outDir, '.vite/chunk-modules.json')
    const chunkModules = existsSync(chunkModulesPath)
      ? (JSON.parse(readFileSync(chunkModulesPath, 'utf8')) as Record<string, string[]>)
      : {}
    for (const end of BEFORE_SHELL) {
      let key = Object.keys(manifest).find((k) => k.endsWith(end))
      if (!key) {
        const file = Object.keys(chunkModules).find((f) => chunkModules[f]!.some((m) => m.endsWith(end)))
        key = file && Object.keys(manifest).find((k) => manifest[k]!.file === file)
      }
      if (!key) throw new Error(`${end} is not in the build's manifest`)
      visit(key)
    }
    extra.sort((a, b) => b.gzip - a.gzip)
    beforeShell = { gzipKB: kb(extra.reduce((s, f) => s + f.gzip, 0)), perFile: out(extra) }
  }
  return {
    scenario: 'first-screen',
    files: perFile.length,
    gzipKB: kb(gzip),
    rawKB: kb(raw),
    targetGzipKB: TARGET_KB,
    withinTarget: gzip <= TARGET_KB * 1024,
    perFile: out(perFile),
    beforeShell,
    withBeforeShellGzipKB: beforeShell ? Math.round((kb(gzip) + beforeShell.gzipKB) * 10) / 10 : null,
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(JSON.stringify(runFirstScreenBench()) + '\n')
