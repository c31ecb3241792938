/**
 * No import cycles in src: files that import each other in a circle (type-only imports and re-exports count; a
 * circle of types still ties the files together). ESLint's import plugin is not a dependency, so this walks the
 * sources with the TypeScript compiler's own import scanner and finds the circles (strongly connected components).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const SOURCE = /\.(ts|vue)$/
const ALIASES: Record<string, string> = { '@shared/': 'src/shared/' }

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path))
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

/** The script of a file (a .vue file's <script> blocks). */
function scriptOf(path: string, text: string): string {
  if (!path.endsWith('.vue')) return text
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
}

/** The file an import names, or null for a package. */
function resolveImport(from: string, spec: string): string | null {
  let base: string | null = null
  if (spec.startsWith('.')) base = resolve(dirname(from), spec)
  for (const [alias, dir] of Object.entries(ALIASES)) if (spec.startsWith(alias)) base = join(root, dir, spec.slice(alias.length))
  if (base === null) return null
  const stem = base.replace(/\.js$/, '')
  for (const candidate of [base, `${stem}.ts`, `${stem}.vue`, join(base, 'index.ts')]) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return null
}

/** Each file's imports of other files (static, type-only, re-exports and import() with a literal name). */
export function importGraph(files: readonly string[], read: (path: string) => string, resolveSpec = resolveImport): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const info = ts.preProcessFile(scriptOf(file, read(file)), true, true)
    const targets = info.importedFiles.map((i) => resolveSpec(file, i.fileName)).filter((p): p is string => p !== null && p !== file)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** The circles of a graph: its strongly connected components of more than one file (Tarjan). */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string): void => {
    index.set(v, next)
    low.set(v, next)
    next++
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

describe('import cycles', () => {
  it('finds a circle, type-only imports and re-exports included, and nothing in a tree', () => {
    const files: Record<string, string> = {
      '/a.ts': "import { b } from './b'\nexport const a = 1",
      '/b.ts': "export { c } from './c'\nexport const b = 2",
      '/c.ts': "import type { A } from './a'\nimport { z } from 'zod'\nexport const c = 3",
      '/d.ts': "import { a } from './a'",
    }
    const resolveSpec = (from: string, spec: string) => (spec.startsWith('./') ? `/${spec.slice(2)}.ts` : null)
    const graph = importGraph(Object.keys(files), (p) => files[p]!, resolveSpec)
    expect(cycles(graph)).toEqual([['/a.ts', '/b.ts', '/c.ts']])
    files['/c.ts'] = "import { z } from 'zod'\nexport const c = 3"
    expect(cycles(importGraph(Object.keys(files), (p) => files[p]!, resolveSpec))).toEqual([])
  })

  it('reads a .vue file’s script and resolves the @shared alias', () => {
    const vue = join(root, 'src/renderer/App.vue')
    const graph = importGraph([vue], (p) => readFileSync(p, 'utf8'))
    expect(graph.get(vue)!.length).toBeGreaterThan(0)
    expect(resolveImport(vue, '@shared/ipc/contract')).toBe(join(root, 'src/shared/ipc/contract.ts'))
  })

  it('src has none', () => {
    const graph = importGraph(sourceFiles(join(root, 'src')), (p) => readFileSync(p, 'utf8'))
    const found = cycles(graph).map((c) => c.map((f) => relative(root, f)).join(' <-> '))
    expect(found).toEqual([])
  })
})
