/**
 * Bench: pasting big lists into the page, in real Chromium through browser mode (the built app, `npm run build`
 * first). Target: no task of the page takes over 50 ms, whatever is pasted.
 *
 * - locks: 100,000 lock numbers (the most one run takes) pasted into the Locks list with Ctrl+V: the time from
 *   the paste to the check shown (the "to send" count equal to the list), and, until the draft is saved,
 *   long tasks (PerformanceObserver), the longest, and the longest gap between animation frames;
 * - locks5mb: the same with 5 MB of lock numbers (more than one run takes: the page must say so, not freeze);
 * - journalSearch, assetsSearch: 5 MB pasted into the Journal's and the virtual assets' search box.
 * Prints one JSON line on stdout (scenario "lock-paste"); diagnostics on stderr. Run alone with
 * `npx tsx --tsconfig tsconfig.node.json test/bench/lock-paste.ts [--runs N] [--only locks,locks5mb,journalSearch,assetsSearch]`,
 * or through `npm run bench`.
 */
import { chromium, type Page } from '@playwright/test'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { launchApp } from '../e2e/fixtures/app-process'
import { removeDir, tempDir } from '../support/tmp'

const log = (msg: string) => process.stderr.write(`[bench:lock-paste] ${msg}\n`)
const round = (n: number) => Math.round(n * 10) / 10
const load = () => loadavg().map((l) => round(l))

/** What one paste cost the page. */
interface PasteStats {
  /** Characters pasted (Locks), or kept by the field afterwards (searches: a refused paste keeps none). */
  chars: number
  /** The paste (Ctrl+V's paste event) to the check shown (ms); null when nothing is awaited. */
  shownMs: number | null
  /** Seconds watched (the paste, the check and the draft save). */
  seconds: number
  longTasks: number
  longestTaskMs: number
  maxFrameGapMs: number
}

// In-page code is passed as strings: this file is type-checked without DOM types.

function startWatching(page: Page): Promise<void> {
  return page.evaluate(`(() => {
    const w = { start: performance.now(), tasks: [], frames: [], on: true }
    window.__watch = w
    document.addEventListener('paste', () => { if (w.paste === undefined) w.paste = performance.now() }, true)
    w.observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) w.tasks.push(e.duration) })
    w.observer.observe({ type: 'longtask' })
    const tick = (now) => { w.frames.push(now); if (w.on) requestAnimationFrame(tick) }
    requestAnimationFrame(tick)
  })()`)
}

async function stopWatching(page: Page, chars: number, shownAt: number | null): Promise<PasteStats> {
  await page.waitForTimeout(300)
  const w = await page.evaluate<{ seconds: number; paste: number | null; tasks: number[]; frames: number[] }>(`(() => {
    const w = window.__watch
    w.on = false
    w.observer.takeRecords().forEach((e) => w.tasks.push(e.duration))
    w.observer.disconnect()
    return { seconds: (performance.now() - w.start) / 1000, paste: w.paste ?? null, tasks: w.tasks, frames: w.frames }
  })()`)
  const gaps = w.frames.slice(1).map((t, i) => t - w.frames[i]!)
  return {
    chars,
    shownMs: shownAt !== null && w.paste !== null ? round(shownAt - w.paste) : null,
    seconds: round(w.seconds),
    longTasks: w.tasks.length,
    longestTaskMs: round(w.tasks.length ? Math.max(...w.tasks) : 0),
    maxFrameGapMs: round(gaps.length ? Math.max(...gaps) : 0),
  }
}

/** Waits (in the page, by animation frames) until `selector` has `attr` equal to `value`; returns when (page clock). */
function waitForAttr(page: Page, selector: string, attr: string, value: string, timeoutMs: number): Promise<number | null> {
  return page.evaluate<number | null>(`(async () => {
    const until = performance.now() + ${timeoutMs}
    for (;;) {
      const el = document.querySelector(${JSON.stringify(selector)})
      if (el && el.getAttribute(${JSON.stringify(attr)}) === ${JSON.stringify(value)}) return performance.now()
      if (performance.now() > until) return null
      await new Promise((r) => requestAnimationFrame(() => r()))
    }
  })()`)
}

/**
 * Pastes into a field as a user does: the text goes on the clipboard (made in the page, so the bench does not
 * time sending megabytes over the debugging protocol), the field is focused with its text selected, and
 * Ctrl+V pastes it (one input event; a field's maxlength applies). Returns once the key press is sent.
 */
async function paste(page: Page, selector: string, make: string): Promise<void> {
  await page.evaluate(`(async () => {
    const text = ${make}
    window.__pasted = text.length
    await navigator.clipboard.writeText(text)
    const el = document.querySelector(${JSON.stringify(selector)})
    el.focus()
    el.select()
  })()`)
  await page.keyboard.press('Control+V')
}

/** Page-side code that makes `n` lock numbers, one per line. */
const lockListInPage = (n: number) => `Array.from({ length: ${n} }, (_, i) => String(8100000000 + i)).join('\\n')`

/** Pastes into the Locks list and watches the page until the check shows `expect` numbers to send. */
async function pasteLocks(page: Page, n: number, expect: number | null): Promise<PasteStats> {
  const selector = 'textarea[data-testid="locks-text"]'
  await clearLocks(page)
  await startWatching(page)
  await paste(page, selector, lockListInPage(n))
  const shownAt = expect === null ? null : await waitForAttr(page, '[data-testid="locks-to-send"]', 'data-count', String(expect), 120_000)
  if (expect !== null && shownAt === null) log(`the check never showed ${expect} to send`)
  // The draft is saved after the check: watch that too.
  await page.waitForTimeout(1500)
  return stopWatching(page, await page.evaluate<number>('window.__pasted'), shownAt)
}

/** Empties the Locks list (its Clear button, when it has one). */
async function clearLocks(page: Page): Promise<void> {
  const clear = page.locator('[data-testid="locks-clear"]')
  if (await clear.isVisible()) await clear.click()
  await page.waitForSelector('textarea[data-testid="locks-text"]')
  await page.waitForTimeout(800)
}

async function pasteSearch(page: Page, selector: string, chars: number): Promise<PasteStats> {
  await startWatching(page)
  await paste(page, selector, `'x'.repeat(${chars})`)
  await page.waitForTimeout(1500)
  const stats = await stopWatching(page, await page.evaluate<number>(`document.querySelector('${selector}').value.length`), null)
  // chars: what the field kept (a refused paste keeps nothing).
  await page.locator(selector).fill('')
  return stats
}

/** One run of the bench; returns the JSON line. */
export async function runLockPasteBench(opts: { only?: readonly string[] } = {}): Promise<Record<string, unknown>> {
  const run = (name: string) => !opts.only || opts.only.includes(name)
  const dataDir = await tempDir('ld-bench-paste-')
  const loadBefore = load()
  log(`starting browser mode (${cpus().length} cores, load average ${loadBefore.join(' ')})`)
  const app = await launchApp({ dataDir, env: { LICENSE_DESK_VAULT: 'memory' }, timeoutMs: 120_000 })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin })
    const page = await context.newPage()
    await page.goto(app.url)
    await page.waitForSelector('#app > *')
    await page.goto(`${app.origin}/#/locks`)
    await page.waitForSelector('textarea[data-testid="locks-text"]')

    // Warm-up (JIT) with a small list.
    await pasteLocks(page, 1000, 1000)
    const figures: Record<string, PasteStats> = {}
    if (run('locks')) {
      const s = (figures.locks = await pasteLocks(page, 100_000, 100_000))
      log(`100,000 numbers: check shown after ${s.shownMs} ms; ${s.longTasks} long tasks, longest ${s.longestTaskMs} ms`)
    }
    if (run('locks5mb')) {
      const s = (figures.locks5mb = await pasteLocks(page, 460_000, null))
      log(`${(s.chars / 1e6).toFixed(1)} MB pasted: ${s.longTasks} long tasks, longest ${s.longestTaskMs} ms`)
    }
    await clearLocks(page)

    const junk = 5_000_000
    if (run('journalSearch')) {
      await page.goto(`${app.origin}/#/journal`)
      await page.waitForSelector('input[data-testid="journal-search"]')
      const s = (figures.journalSearch = await pasteSearch(page, 'input[data-testid="journal-search"]', junk))
      log(`journal search, 5 MB: ${s.longTasks} long tasks, longest ${s.longestTaskMs} ms`)
    }
    if (run('assetsSearch')) {
      await page.goto(`${app.origin}/#/assets/list`)
      await page.waitForSelector('input[data-testid="assets-search"]', { timeout: 120_000 })
      await page.waitForSelector('[data-testid="assets-table"] [role="row"]', { timeout: 120_000 })
      const s = (figures.assetsSearch = await pasteSearch(page, 'input[data-testid="assets-search"]', junk))
      log(`assets search, 5 MB: ${s.longTasks} long tasks, longest ${s.longestTaskMs} ms`)
    }

    const all = Object.values(figures)
    return {
      scenario: 'lock-paste',
      ...figures,
      machine: { cores: cpus().length, loadBefore, loadAfter: load() },
      targets: { noTaskOver50ms: all.every((s) => s.longestTaskMs <= 50) },
    }
  } finally {
    await browser.close()
    await app.stop()
    await removeDir(dataDir)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name)
    return i >= 0 ? process.argv[i + 1] : undefined
  }
  const runs = Number(arg('--runs') ?? 1)
  const only = arg('--only')?.split(',')
  ;(async () => {
    for (let r = 0; r < runs; r++) process.stdout.write(JSON.stringify(await runLockPasteBench(only ? { only } : {})) + '\n')
  })().catch((err: unknown) => {
    process.stderr.write(`[bench:lock-paste] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
    process.exit(1)
  })
}
