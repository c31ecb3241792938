/** Paths and facts of the installed app, found from an entry file's location (out/main/<entry>.js or src/main). */
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/** Where the app's files are. */
export interface AppPaths {
  /** The repository or unpacked app root (holds package.json). */
  root: string
  /** The built renderer. */
  rendererDir: string
}

/** Resolves the app's paths from an entry's `import.meta.url` (entries live two levels below the root). */
export function appPaths(entryUrl: string): AppPaths {
  const root = resolve(dirname(fileURLToPath(entryUrl)), '..', '..')
  return { root, rendererDir: join(root, 'out', 'renderer') }
}

/** The app's version from package.json ('0.0.0' if it cannot be read). */
export function appVersion(root: string): string {
  try {
    const pkg = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')))
    return pkg.version
  } catch {
    return '0.0.0'
  }
}
