/**
 * Bench: Members → Asset numbers holding 200,000 numbers (member operation 6), in real Chromium through browser
 * mode (the built app, `npm run build` first), against the sandbox at scale 2000 (50,000 employees) running as a
 * program of its own (the service is another machine; `--in-process`: browser mode's own sandbox, on the core's
 * thread).
 *
 * Measured in the page (performance.now(), requestAnimationFrame, PerformanceObserver('longtask')):
 * - loadSeconds: opening the screen (the core reads the list and the lent locks from the sandbox) until rows show;
 * - namedSeconds: until every holder in view shows by name (the member directory reads 50,000 employees);
 * - filterMs: a state filter or a search, from the input (or click) to the second animation frame after it, or
 *   later the frame after the core's answer is painted (the core filters; filterFloorMs: the same for an input
 *   that changes nothing, the frames alone); filterInPage: the same inputs until the core's answer is in the page
 *   (a MutationObserver on the count, before the frame that paints it);
 * - scrolling: for a fixed time, a 600 px wheel step every 25 ms with every fifth one 4,000 px: long tasks (count,
 *   longest), frames, the longest gap between frames and the 95th percentile.
 * Prints one JSON line on stdout (scenario "holdings-table"); diagnostics on stderr. Run alone with
 * `npx tsx --tsconfig tsconfig.node.json test/bench/holdings-table.ts [--scale N] [--in-process]`, or through `npm run bench`.
 */
import { chromium, type Page } from '@playwright/test'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { launchApp } from '../e2e/fixtures/app-process'
import { removeDir, tempDir } from '../support/tmp'

const log = (msg: string) => process.stderr.write(`[bench:holdings-table] ${msg}\n`)
const round = (n: number) => Math.round(n * 10) / 10
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2 : 0
}

const ROW = '[data-testid="numbers-table"] [role="row"]:not([hidden]):has(.an__num)'
const SEARCHES = ['8101', '81010123', '张', 'wang', 'm00000000001', 'zz-none']
const STATES = ['free', 'held', 'lent', 'online', 'all']

// In-page code as strings: this file is type-checked without DOM types.

/**
 * Times one input (JavaScript run in the page): `ms` until the second animation frame after it, or later the frame
 * after the core's answer is painted; `domMs` until the answer is in the page (the count's data-busy back to false,
 * seen by a MutationObserver as Vue writes it, before any paint), null when the input asked the core nothing.
 */
function timeInput(page: Page, act: string): Promise<{ ms: number; domMs: number | null; visible: number }> {
  return page.evaluate(`(async () => {
    const count = document.querySelector('[data-testid="numbers-count"]')
    let domMs = null
    let busy = false
    const t0 = performance.now()
    const mo = new MutationObserver(() => {
      if (count.getAttribute('data-busy') === 'true') busy = true
      else if (busy && domMs === null) domMs = performance.now() - t0
    })
    mo.observe(count, { attributes: true, attributeFilter: ['data-busy'] })
    ${act}
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))
    // The core filters: until its answer is on screen (the count's data-busy goes false with the rows painted).
    while (count.getAttribute('data-busy') === 'true') await new Promise((r) => requestAnimationFrame(() => r()))
    mo.disconnect()
    return { ms: performance.now() - t0, domMs, visible: Number(count.getAttribute('data-visible')) }
  })()`)
}

function timeSearch(page: Page, text: string): Promise<{ ms: number; domMs: number | null; visible: number }> {
  return timeInput(page, `const input = document.querySelector('input[data-testid="numbers-search"]')
    input.value = ${JSON.stringify(text)}
    input.dispatchEvent(new Event('input', { bubbles: true }))`)
}

function timeState(page: Page, state: string): Promise<{ ms: number; domMs: number | null; visible: number }> {
  return timeInput(page, `document.querySelector('[data-testid="numbers-state-${state}"] input').click()`)
}

/** The sandbox as a program of its own (`npm run sandbox`), as the real service is another machine. */
async function separateSandbox(scale: number): Promise<{ url: string; stop(): Promise<void> }> {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const child = spawn(process.execPath, ['scripts/sandbox.mjs', '--scale', String(scale), '--port', '0', '--quiet'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString()
      const m = /sandbox listening on (\S+)/.exec(out)
      if (m) resolve(m[1]!)
    })
    child.once('exit', (code) => reject(new Error(`the sandbox ended (${code}) before it listened`)))
  })
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}

/**
 * `sandbox`: 'separate' (default) runs it as a program of its own, the app connecting to it through a profile, as
 * it connects to the real service on another machine; 'in-process' uses browser mode's own sandbox, which shares
 * the core's thread (making its 200,000-number answer then takes the core's time).
 */
export async function runHoldingsTableBench(opts: { scale?: number; sandbox?: 'separate' | 'in-process' } = {}): Promise<Record<string, unknown>> {
  const scale = opts.scale ?? 2000
  const mode = opts.sandbox ?? 'separate'
  const dataDir = await tempDir('ld-bench-holdings-')
  const loadBefore = loadavg().map(round)
  log(`starting browser mode with a scale-${scale} sandbox, ${mode} (${cpus().length} cores, load average ${loadBefore.join(' ')})`)
  const separate = mode === 'separate' ? await separateSandbox(scale) : null
  const env: Record<string, string> = { LICENSE_DESK_VAULT: 'memory' }
  if (!separate) env['LICENSE_DESK_SANDBOX_SCALE'] = String(scale)
  const app = await launchApp({ dataDir, env, timeoutMs: 120_000 })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  try {
    // The in-process sandbox builds its scale-2000 data first (several seconds): a service the user works with is
    // up already, so the clock starts once it answers (a connection test: no asset or employee list is read).
    const up = Date.now()
    const call = async (channel: string, input: unknown): Promise<unknown> => {
      const res = await fetch(`${app.origin}/api/invoke/${channel}`, { method: 'POST', headers: { 'X-License-Desk-Token': app.token, 'Content-Type': 'application/json' }, body: JSON.stringify(input) })
      const body = (await res.json()) as { ok: boolean; value?: unknown; error?: unknown }
      if (!body.ok) throw new Error(`${channel}: ${JSON.stringify(body.error)}`)
      return body.value
    }
    let profileId = 'sandbox'
    if (separate) {
      const d = SANDBOX_DEMO
      const p = (await call('profiles.create', {
        fields: { name: 'Bench', baseUrl: separate.url, orderAppKey: d.orderApp.clientId, memberAppKey: d.memberApp.clientId, userLogin: d.user.username, operatorIdentity: 'bench@example.com', channelCode: d.channelCode, enterpriseGlobalId: d.enterpriseGlobalId },
        secrets: { orderAppSecret: d.orderApp.clientSecret, memberAppSecret: d.memberApp.clientSecret, userPassword: d.user.password },
      })) as { id: string }
      profileId = p.id
      await call('profiles.activate', { id: profileId })
    }
    // The member side is what this screen reads (the order side's read of scale-2000 assets may pass its deadline
    // on a loaded machine).
    const tested = (await call('profiles.test', { id: profileId })) as { member?: { read?: { status?: string } } }
    if (tested.member?.read?.status !== 'ok') throw new Error(`the sandbox did not answer: ${JSON.stringify(tested)}`)
    log(`sandbox up after ${((Date.now() - up) / 1000).toFixed(1)} s`)
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(app.url)
    await page.waitForSelector('#app > *')
    const t0 = Date.now()
    const pageT0 = await page.evaluate<number>('performance.now()')
    await page.goto(`${app.origin}/#/members/numbers`)
    await page.waitForSelector(ROW, { timeout: 180_000 })
    const loadSeconds = (Date.now() - t0) / 1000
    const rows = Number(await page.getAttribute('[data-testid="numbers-count"]', 'data-total'))
    // Polled from here: the page's CSP refuses code made from strings (waitForFunction).
    for (const until = Date.now() + 180_000; ; ) {
      // Every holder in view by name: the first row's, and no row showing a global id instead (class an__code
      // without an__muted: the asset id column has both).
      if (await page.evaluate<boolean>(`(document.querySelector('${ROW}')?.textContent ?? '').includes('(zhangsan)') && document.querySelectorAll('${ROW} .an__code:not(.an__muted)').length === 0`)) break
      if (Date.now() > until) throw new Error('the holders were not named in time')
      await page.waitForTimeout(100)
    }
    const namedSeconds = (Date.now() - t0) / 1000
    log(`${rows} rows after ${loadSeconds.toFixed(1)} s, holders named after ${namedSeconds.toFixed(1)} s`)
    // Where the load went: the call of the table (the core's read of the service, and the transfer) as the page saw it.
    // startMs / endMs: when the call left and its answer was in, from the navigation to the tab.
    const calls = await page.evaluate<{ name: string; ms: number; waitMs: number; kB: number }[]>(`performance.getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/invoke/holdings.window') || e.name.includes('/api/invoke/members.people'))
      .map((e) => ({ name: e.name.split('/').pop(), startMs: Math.round(e.startTime - ${pageT0}), endMs: Math.round(e.responseEnd - ${pageT0}), ms: Math.round(e.duration), waitMs: Math.round(e.responseStart - e.requestStart), kB: Math.round(e.encodedBodySize / 1024) }))`)
    log(`calls: ${JSON.stringify(calls)}`)
    await page.waitForTimeout(500)

    await timeSearch(page, '8101')
    await timeSearch(page, '')
    const filters: { what: string; ms: number; domMs: number | null; visible: number }[] = []
    for (const s of STATES) filters.push({ what: `state:${s}`, ...(await timeState(page, s)) })
    for (const text of SEARCHES) {
      filters.push({ what: `search:${text}`, ...(await timeSearch(page, text)) })
      await timeSearch(page, '')
    }
    const filterMs = filters.map((f) => round(f.ms))
    const domMs = filters.flatMap((f) => (f.domMs === null ? [] : [round(f.domMs)]))
    // The floor of that measure: an input that changes nothing still waits for two animation frames.
    const floor: number[] = []
    for (let i = 0; i < 5; i++) floor.push((await timeSearch(page, '')).ms)

    const box = await page.locator('[data-testid="numbers-table"]').boundingBox()
    if (!box) throw new Error('the table is not on screen')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.evaluate(`(() => {
      const w = { start: performance.now(), tasks: [], frames: [], on: true }
      window.__watch = w
      w.observer = new PerformanceObserver((l) => { for (const e of l.getEntries()) w.tasks.push(e.duration) })
      w.observer.observe({ type: 'longtask' })
      const tick = (now) => { w.frames.push(now); if (w.on) requestAnimationFrame(tick) }
      requestAnimationFrame(tick)
    })()`)
    const end = Date.now() + 8000
    for (let i = 0; Date.now() < end; i++) {
      await page.mouse.wheel(0, i % 5 === 4 ? 4000 : 600)
      await page.waitForTimeout(25)
    }
    await page.waitForTimeout(300)
    const w = await page.evaluate<{ tasks: number[]; frames: number[]; seconds: number }>(`(() => {
      const w = window.__watch
      w.on = false
      w.observer.disconnect()
      return { tasks: w.tasks, frames: w.frames, seconds: (performance.now() - w.start) / 1000 }
    })()`)
    const gaps = w.frames.slice(1).map((f, i) => f - w.frames[i]!).sort((a, b) => a - b)
    const result = {
      scenario: 'holdings-table',
      sandbox: mode,
      rows,
      loadSeconds: round(loadSeconds),
      loadTargetSeconds: 1.5,
      namedSeconds: round(namedSeconds),
      namedTargetSeconds: 2,
      calls,
      filterMedianMs: round(median(filterMs)),
      filterMedianTargetMs: 16,
      filterMaxMs: round(Math.max(...filterMs)),
      filterMaxTargetMs: 50,
      filterFloorMs: round(median(floor)),
      // The same inputs until the core's answer is in the page, before the frame that paints it (no frame to wait for).
      filterInPageMedianMs: round(median(domMs)),
      filterInPageMaxMs: round(Math.max(0, ...domMs)),
      filterInPageCount: domMs.length,
      filters,
      scroll: {
        seconds: round(w.seconds),
        frames: w.frames.length,
        longTasks: w.tasks.length,
        longestTaskMs: round(Math.max(0, ...w.tasks)),
        maxFrameGapMs: round(gaps[gaps.length - 1] ?? 0),
        p95FrameGapMs: round(gaps[Math.floor(gaps.length * 0.95)] ?? 0),
      },
      cores: cpus().length,
      loadBefore,
      loadAfter: loadavg().map(round),
    }
    return result
  } finally {
    await browser.close()
    await app.stop()
    await separate?.stop()
    await removeDir(dataDir)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--scale')
  const scale = i >= 0 ? Number(process.argv[i + 1]) : 2000
  const sandbox = process.argv.includes('--in-process') ? 'in-process' : 'separate'
  runHoldingsTableBench({ scale, sandbox })
    .then((r) => process.stdout.write(JSON.stringify(r) + '\n'))
    .catch((err: unknown) => {
      process.stderr.write(`${String(err)}\n`)
      process.exit(1)
    })
}
