/**
 * Build plugin: writes .vite/chunk-modules.json beside Vite's manifest, the modules of each JavaScript chunk
 * (paths relative to the project). The manifest names a chunk by the module that is its entry only; a module the
 * bundler merged into a shared chunk is found here (the first-screen bench follows what loads before the shell).
 */
import { relative } from 'node:path'
import type { Plugin } from 'vite'

export function chunkModules(root: string): Plugin {
  return {
    name: 'license-desk:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const out: Record<string, string[]> = {}
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        out[chunk.fileName] = Object.keys(chunk.modules)
          .filter((id) => !id.startsWith('\0'))
          .map((id) => relative(root, id).split('\\').join('/'))
          .sort()
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(out) })
    },
  }
}
