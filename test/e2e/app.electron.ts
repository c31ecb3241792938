/**
 * The Electron shell, driven by Playwright's _electron: where the Electron binary exists (it downloads from
 * GitHub, which many of our machines cannot reach) this launches the built app and checks the window's
 * security settings and the preload bridge; elsewhere it skips and says why.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { _electron as electron } from '@playwright/test'
import { test, expect } from './fixtures'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** The Electron binary, or why there is none. */
function electronBinary(): { bin?: string; reason?: string } {
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt')
  if (!existsSync(pathFile)) return { reason: 'the Electron binary is not installed (node_modules/electron/path.txt is missing; run `npm run electron:fetch` where GitHub is reachable)' }
  const bin = join(root, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim())
  if (!existsSync(bin)) return { reason: `the Electron binary is missing at ${bin}` }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return { reason: 'no display for Electron (run under xvfb-run)' }
  return { bin }
}

const found = electronBinary()
if (found.reason) process.stdout.write(`Electron e2e skipped: ${found.reason}\n`)

test.describe('Electron shell', () => {
  test.skip(!found.bin, `Electron e2e skipped: ${found.reason ?? ''}`)

  test('opens one sandboxed window on app:// whose bridge reaches the core', async ({ dataDir, keyring }) => {
    const app = await electron.launch({
      executablePath: found.bin,
      args: [root],
      env: { ...process.env, ...keyring.env, LICENSE_DESK_DATA_DIR: dataDir } as Record<string, string>,
    })
    try {
      const page = await app.firstWindow()
      await page.waitForLoadState('domcontentloaded')
      expect(page.url()).toMatch(/^app:\/\/license-desk\//)
      // No Node in the page; the bridge is the only door, and it has only invoke/onEvent/shell.
      expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined')
      expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined')
      expect(await page.evaluate(() => Object.keys((window as unknown as { licenseDesk: object }).licenseDesk).sort())).toEqual(['invoke', 'onEvent', 'shell'])
      const info = await page.evaluate(() => (window as unknown as { licenseDesk: { invoke(c: string, i: unknown): Promise<unknown> } }).licenseDesk.invoke('app.info', {}))
      expect(info).toMatchObject({ ok: true, value: { shell: 'electron', dataDir } })
      // Navigation away from the app is refused.
      await page.evaluate(() => {
        location.href = 'https://example.com/'
      })
      await page.waitForTimeout(500)
      expect(page.url()).toMatch(/^app:\/\/license-desk\//)
      // window.open never opens a window.
      await page.evaluate(() => window.open('https://example.com/'))
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1)
    } finally {
      await app.close()
    }
  })
})
