/**
 * Build plugin: @element-plus/icons-vue ships its ~290 icons as one module, and a bundler never splits a module,
 * so every icon used anywhere in the app (ours and Element Plus's own) landed in one shared chunk that the first
 * screen loads. This plugin serves that module as a facade of re-exports, one small module per icon, so each
 * icon goes to the chunks that use it. The icons' code is the package's own, cut at its per-icon sections.
 */
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const ICON_PREFIX = '\0ep-icon:'
const INDEX = /[\\/]@element-plus[\\/]icons-vue[\\/]dist[\\/]index\.js$/

interface IconModules {
  /** The facade replacing dist/index.js. */
  facade: string
  /** Each icon's module by its section name ('add-location'). */
  icons: Map<string, string>
}

/** Cuts the package's bundle at its `// src/components/<name>.vue` sections; throws if its shape has changed. */
export function splitIconBundle(source: string): IconModules {
  const icons = new Map<string, string>()
  const localToSection = new Map<string, string>()
  const sections = source.split(/^\/\/ src\/components\/([\w-]+)\.vue$/m)
  // [preamble, name1, body1, name2, body2, …]; the last body ends with the export list.
  const last = sections[sections.length - 1] ?? ''
  const exportAt = last.lastIndexOf('\nexport {')
  if (exportAt < 0) throw new Error('split-icons: no export list in @element-plus/icons-vue')
  sections[sections.length - 1] = last.slice(0, exportAt)
  for (let i = 1; i < sections.length; i += 2) {
    const name = sections[i]!
    const body = sections[i + 1]!
    const m = /\}\), (\w+_default) = (_sfc_main\d*);\s*$/.exec(body)
    if (!m) throw new Error(`split-icons: unexpected shape of the icon ${name}`)
    localToSection.set(m[1]!, name)
    icons.set(name, `${body.slice(0, m.index)}});\nexport default ${m[2]};\n`.replace(`var ${m[2]} =`, `const ${m[2]} =`))
  }
  const lines: string[] = []
  for (const m of last.slice(exportAt).matchAll(/(\w+_default) as (\w+)/g)) {
    const section = localToSection.get(m[1]!)
    if (!section) throw new Error(`split-icons: ${m[2]} has no section`)
    lines.push(`export { default as ${m[2]} } from ${JSON.stringify(ICON_PREFIX + section)};`)
  }
  if (lines.length !== icons.size) throw new Error('split-icons: the export list and the sections differ')
  return { facade: lines.join('\n') + '\n', icons }
}

export function splitIcons(): Plugin {
  let modules: IconModules | null = null
  return {
    name: 'license-desk:split-icons',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(ICON_PREFIX) ? id : null
    },
    load(id) {
      if (INDEX.test(id)) {
        modules = splitIconBundle(readFileSync(id, 'utf8'))
        return { code: modules.facade, moduleSideEffects: false }
      }
      if (id.startsWith(ICON_PREFIX)) {
        const code = modules?.icons.get(id.slice(ICON_PREFIX.length))
        if (code === undefined) throw new Error(`split-icons: unknown icon ${id}`)
        return { code, moduleSideEffects: false }
      }
      return null
    },
  }
}
