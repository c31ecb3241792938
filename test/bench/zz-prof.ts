import { chromium } from '@playwright/test'
import { writeFileSync } from 'node:fs'
import { launchApp } from '../e2e/fixtures/app-process'
import { tempDir } from '../support/tmp'
const app = await launchApp({ dataDir: await tempDir('ld-prof-'), env: { LICENSE_DESK_VAULT: 'memory' } })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const ctx = await browser.newContext({ viewport: { width: 1300, height: 1000 } })
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin })
  const page = await ctx.newPage()
  await page.goto(app.url)
  await page.waitForSelector('#app > *')
  await page.goto(`${app.origin}/#/locks`)
  await page.waitForSelector('textarea[data-testid="locks-text"]')
  await page.evaluate(`(async () => {
    await navigator.clipboard.writeText(Array.from({ length: 100000 }, (_, i) => String(8100000000 + i)).join('\\n'))
    document.querySelector('textarea[data-testid="locks-text"]').focus()
  })()`)
  const cdp = await ctx.newCDPSession(page)
  const events: any[] = []
  cdp.on('Tracing.dataCollected', (e: any) => events.push(...e.value))
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' })
  await page.keyboard.press('Control+V')
  await page.waitForSelector('[data-testid="locks-to-send"][data-count="100000"]', { timeout: 60000 })
  await page.waitForTimeout(1500)
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r))
  await cdp.send('Tracing.end'); await done
  // Long events on the main thread
  const main = events.filter((e) => e.ph === 'X' && (e.dur ?? 0) > 30000)
  const byName = new Map<string, number>()
  for (const e of main) byName.set(e.name + ' ' + (e.args?.data?.functionName ?? e.args?.data?.url ?? e.args?.data?.type ?? ''), (byName.get(e.name) ?? 0) + e.dur / 1000)
  const top = main.sort((a, b) => b.dur - a.dur).slice(0, 40).map((e) => `${(e.dur / 1000).toFixed(0)}ms ${e.name} ${JSON.stringify(e.args?.data ?? {}).slice(0, 160)}`)
  console.log(top.join('\n'))
  writeFileSync('/tmp/rw/trace.json', JSON.stringify(events))
} finally { await browser.close(); await app.stop() }
