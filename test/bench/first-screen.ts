/**
 * Bench: the first screen's JavaScript (issue 32 item 4). Reads out/renderer/index.html of a built renderer
 * (`npx electron-vite build` first), follows its entry script and its modulepreload links, gzips each file
 * (level 9, as a server or an installer would) and prints one JSON line: scenario "first-screen", the total and
 * per-file gzipped and raw bytes, and the target (180 KB gzipped in all). Sizes are bytes, so the figure does not
 * depend on the machine's load. Run alone: `npx tsx --tsconfig tsconfig.node.json test/bench/first-screen.ts`.
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
  const perFile = firstScreenScripts(readFileSync(htmlPath, 'utf8')).map((src) => {
    const body = readFileSync(join(outDir, src.replace(/^\.?\//, '')))
    return { file: src.replace(/^\.?\//, ''), gzip: gzipSync(body, { level: 9 }).length, raw: body.length }
  })
  perFile.sort((a, b) => b.gzip - a.gzip)
  const gzip = perFile.reduce((s, f) => s + f.gzip, 0)
  const raw = perFile.reduce((s, f) => s + f.raw, 0)
  return {
    scenario: 'first-screen',
    files: perFile.length,
    gzipKB: kb(gzip),
    rawKB: kb(raw),
    targetGzipKB: TARGET_KB,
    withinTarget: gzip <= TARGET_KB * 1024,
    perFile: perFile.map((f) => ({ file: f.file, gzipKB: kb(f.gzip), rawKB: kb(f.raw) })),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(JSON.stringify(runFirstScreenBench()) + '\n')
