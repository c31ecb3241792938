/**
 * Where the app keeps its data. `LICENSE_DESK_DATA_DIR` wins; otherwise the folder Electron's
 * `app.getPath('userData')` uses for an app named "License Desk", so the Electron app, browser mode and the CLI
 * share profiles, settings and journal.
 */
import { homedir } from 'node:os'
import { join } from 'node:path'

/** The product name: the folder name of the data dir, and the keychain service name. */
export const PRODUCT_NAME = 'License Desk'

/** Resolves the data folder for an environment and platform (pure: pass them in to test). */
export function resolveDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const override = env.LICENSE_DESK_DATA_DIR?.trim()
  if (override) return override
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), PRODUCT_NAME)
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME)
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), PRODUCT_NAME)
}
