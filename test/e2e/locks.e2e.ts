/**
 * The Locks screen in real Chromium through browser mode, against the in-process sandbox (scale 5: 500 assets of
 * every type in the demo enterprise): 500 locks pasted with unknown and wrong-type numbers, repeats and a
 * malformed one; the status shown for every lock after disabling, then after enabling them again, checked
 * against what the service's rules say for each number; the list kept across a restart; a paused run found again
 * after a restart and resumed; a file imported through the column picker; the retry of the failed ones.
 *
 * Expected statuses are derived from the asset list the app itself reads (assets.list over the browser-mode
 * API) and the spec's rules (refillable and key-account locks: 1; other types: 4; unknown: 2), plus the
 * sandbox's documented magic lock 8000000003 (3).
 */
import type { Page } from '@playwright/test'
import { TOGGLEABLE_LOCK_TYPES } from '@shared/api/orders'
import type { AssetTable } from '@shared/ipc/channels/assets'
import { test, expect, invoke as api, pasteInto, type AppHandle } from './fixtures'

test.use({ appEnv: { LICENSE_DESK_SANDBOX_SCALE: '5' } })

/** A row of the results table as shown. */
interface ShownRow {
  line: string
  lock: string
  status: string
  words: string
}

/** Every row of the (virtual) results table, read by scrolling it from top to bottom. */
async function readOnce(page: Page): Promise<ShownRow[]> {
  return page.evaluate(`(async () => {
    const body = document.querySelector('[data-testid="run-results"] .el-table-v2__body > div')
    const seen = new Map()
    // The table re-renders in a microtask after the scroll event: the next frame has the new rows.
    const frame = () => new Promise((r) => requestAnimationFrame(r))
    body.scrollTop = 0
    body.dispatchEvent(new Event('scroll'))
    await frame()
    for (let guard = 0; guard < 10000; guard++) {
      for (const row of document.querySelectorAll('[data-testid="run-results"] .el-table-v2__row')) {
        const cells = row.querySelectorAll('.el-table-v2__row-cell')
        const line = cells[0].textContent.trim()
        seen.set(line, {
          line,
          lock: row.querySelector('[data-testid="run-row-key"]').textContent.trim(),
          status: row.querySelector('[data-testid="run-row-status"]').textContent.trim(),
          words: row.querySelector('[data-testid="run-row-words"]').textContent.trim(),
        })
      }
      const before = body.scrollTop
      body.scrollTop = before + Math.max(40, body.clientHeight - 80)
      body.dispatchEvent(new Event('scroll'))
      await frame()
      if (body.scrollTop === before) break
    }
    return [...seen.values()]
  })()`)
}

/**
 * Reads the results table; with `count`, again until it has seen that many rows: the virtual table renders a scroll
 * position's rows a frame or more after it (more on a busy machine), and a pass that ran ahead of it misses some.
 */
async function readResults(page: Page, count?: number): Promise<ShownRow[]> {
  let rows = await readOnce(page)
  if (count !== undefined && rows.length !== count) await expect.poll(async () => (rows = await readOnce(page)).length, { timeout: 60_000 }).toBe(count)
  return rows
}

const toggleable = new Set<string>(TOGGLEABLE_LOCK_TYPES)
const UNKNOWN = Array.from({ length: 59 }, (_, i) => `819999${String(i + 1).padStart(4, '0')}`)
const MAGIC_FAILS = '8000000003'

/** 500 distinct lock numbers with the status the service's rules give each, from the app's own asset list. */
async function lockList(app: AppHandle): Promise<{ numbers: string[]; expected: Map<string, 1 | 2 | 3 | 4> }> {
  const t = await api<AssetTable>(app, 'assets.list', {})
  const expected = new Map<string, 1 | 2 | 3 | 4>()
  for (let i = 0; i < t.count && expected.size < 440; i++) {
    const num = t.assetNum[i]!
    if (num === MAGIC_FAILS || num === '8000000500') continue
    expected.set(num, toggleable.has(t.dict.licenseTypes[t.licenseType[i]!]!) ? 1 : 4)
  }
  for (const u of UNKNOWN) expected.set(u, 2)
  expected.set(MAGIC_FAILS, 3)
  return { numbers: [...expected.keys()], expected }
}

async function openLocks(app: AppHandle, page: Page): Promise<void> {
  await app.open(page)
  await page.getByTestId('nav-locks').click()
  await expect(page.getByTestId('locks-view')).toBeVisible()
}

async function runAndWait(page: Page, question: RegExp, button: RegExp): Promise<void> {
  await page.getByTestId('locks-review').click()
  const dialog = page.getByTestId('lock-confirm')
  await expect(dialog.getByTestId('lock-confirm-question')).toHaveText(question)
  await dialog.getByRole('button', { name: button }).click()
  await expect(page.getByTestId('bulk-run')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 })
  await expect(page.getByTestId('run-results')).toBeVisible()
}

test('disables 500 pasted locks, shows each one’s status in words, then enables them again', async ({ app, page }) => {
  await openLocks(app, page)
  const { numbers, expected } = await lockList(app)
  expect(numbers).toHaveLength(500)
  const wrongType = [...expected.values()].filter((s) => s === 4).length
  expect(wrongType).toBeGreaterThan(0)

  // Pasted with mixed separators, two repeats and two malformed entries (words are one entry, never numbers).
  const text = [numbers.slice(0, 250).join('\n'), numbers.slice(250).join(', '), numbers[0], numbers[1], '8100000099（张三）', 'abc def'].join('\n')
  await pasteInto(page, page.getByTestId('locks-text'), text)
  await expect(page.getByTestId('locks-to-send')).toHaveAttribute('data-count', '500')
  await expect(page.getByTestId('locks-duplicates')).toHaveAttribute('data-count', '2')
  await expect(page.getByTestId('locks-malformed')).toHaveAttribute('data-count', '2')
  await page.getByTestId('locks-malformed-details').click()
  await expect(page.getByTestId('locks-malformed-details')).toContainText('8100000099(张三)')
  await expect(page.getByTestId('locks-malformed-details')).toContainText('abc def')
  await expect(page.getByTestId('locks-malformed-reason').last()).toHaveText('Has spaces inside: one number per entry, without names or notes')
  // The operator comes from the profile (the Sandbox's is the demo admin).
  await expect(page.getByTestId('locks-operator')).toHaveValue('demoadmin')

  await runAndWait(page, /^Disable 500 locks\?$/, /^Disable 500 locks$/)
  await expect(page.getByTestId('run-done')).toHaveText('500 / 500')
  await expect(page.getByTestId('run-ok')).toHaveText(String([...expected.values()].filter((s) => s === 1).length))

  const disableWords = { 1: 'Success: disabled', 2: 'Lock does not exist', 3: 'Operation failed', 4: 'Wrong lock type: cannot be disabled' }
  // One row per lock sent (repeats were flagged before sending and sent once; the malformed one not at all).
  const shown = await readResults(page, 500)
  expect(shown).toHaveLength(500)
  const byLock = new Map(shown.map((r) => [r.lock, r]))
  expect(byLock.size).toBe(500)
  for (const [num, status] of expected) {
    const r = byLock.get(num)
    expect(r, num).toBeDefined()
    expect([num, r!.status, r!.words]).toEqual([num, status === 1 ? 'Done' : 'Refused', disableWords[status]])
  }

  // The service agrees: every lock that said "success" is locked now.
  const after = await api<AssetTable>(app, 'assets.list', { refresh: true })
  for (let i = 0; i < after.count; i++) {
    if (expected.get(after.assetNum[i]!) === 1) expect((after.flags[i]! & 1) === 1, after.assetNum[i]).toBe(true)
  }

  // Status 2 and 4 are facts about the lock: the panel says so (the engine decides what a retry sends).
  await expect(page.getByTestId('run-retry')).toBeEnabled()
  await expect(page.getByTestId('bulk-run')).toContainText('“Lock does not exist” and “wrong lock type” are facts about the lock')
  await page.getByTestId('run-filter').getByText(/^Lock does not exist/).click()
  const notFound = await readResults(page, UNKNOWN.length)
  expect(notFound.map((r) => r.lock).sort()).toEqual([...UNKNOWN].sort())

  // Enable them again: same list, the enable wording.
  await page.getByTestId('locks-action-enable').click()
  await runAndWait(page, /^Enable 500 locks\?$/, /^Enable 500 locks$/)
  const enableWords = { 1: 'Success: enabled', 2: 'Lock does not exist', 3: 'Operation failed', 4: 'Wrong lock type: cannot be enabled' }
  const again = new Map((await readResults(page, 500)).map((r) => [r.lock, r]))
  for (const [num, status] of expected) {
    expect([num, again.get(num)?.status, again.get(num)?.words]).toEqual([num, status === 1 ? 'Done' : 'Refused', enableWords[status]])
  }
  const final = await api<AssetTable>(app, 'assets.list', { refresh: true })
  for (let i = 0; i < final.count; i++) {
    if (expected.get(final.assetNum[i]!) === 1) expect((final.flags[i]! & 1) === 0, final.assetNum[i]).toBe(true)
  }
})

test('retrying the failed ones goes through the engine, in the same run, and merges the answer into the results', async ({ app, page }) => {
  await openLocks(app, page)
  await page.getByTestId('locks-text').fill(['8100000001', MAGIC_FAILS, '8199990001', '8100000021'].join('\n'))
  await runAndWait(page, /^Disable 4 locks\?$/, /^Disable 4 locks$/)
  const jobId = (await page.getByTestId('bulk-run').getAttribute('data-job'))!
  const journalCalls = async () => (await api<{ total: number }>(app, 'journal.list', { jobId, limit: 1 })).total
  const callsBefore = await journalCalls()
  await page.getByTestId('run-retry').click()
  // The same job again; only the lock a retry can change is sent (the magic lock fails again), the others keep
  // their answers.
  await expect(page.getByTestId('bulk-run')).toHaveAttribute('data-job', jobId)
  await expect(page.getByTestId('bulk-run')).toHaveAttribute('data-status', 'completed')
  await expect.poll(journalCalls).toBe(callsBefore + 1)
  await expect(page.getByTestId('run-results')).toBeVisible()
  const rows = new Map((await readResults(page)).map((r) => [r.lock, r.words]))
  expect(Object.fromEntries(rows)).toEqual({
    '8100000001': 'Success: disabled',
    [MAGIC_FAILS]: 'Operation failed',
    '8199990001': 'Lock does not exist',
    '8100000021': 'Wrong lock type: cannot be disabled',
  })
  const jobs = await api<{ jobs: { id: string; counts: { total: number } }[] }>(app, 'bulk.list', {})
  expect(jobs.jobs.map((j) => [j.id, j.counts.total])).toEqual([[jobId, 4]])
  // The list of runs shows the run as the panel does.
  await expect(page.getByTestId('bulk-run-list-status')).toHaveText('Finished')
  await expect(page.getByTestId('bulk-run-list-counts')).toHaveText('4 items: 1 done, 3 failed')
})

test.describe('a service answering in 10 ms', () => {
  // With the in-process sandbox answering at once, 2,000 calls could all be done before the click on Pause lands
  // (it did once in CI): 10 ms a call makes the run last about 20 s, so there is something to pause.
  test.use({ appEnv: { LICENSE_DESK_SANDBOX_SCALE: '5', LICENSE_DESK_SANDBOX_LATENCY: '10' } })

  test('the pasted list survives a restart, and a paused run is found again and resumed', async ({ app, page }) => {
    test.setTimeout(180_000)
    // One lock per call, one call at a time (each journaled on disk first), so the run lasts long enough to pause.
    await api(app, 'settings.update', { bulk: { lockChunkSize: 1, concurrency: 1 } })
    await openLocks(app, page)
    const nums = Array.from({ length: 2000 }, (_, i) => `8199${String(i).padStart(6, '0')}`)
    await pasteInto(page, page.getByTestId('locks-text'), nums.join('\n'))
    await page.getByTestId('locks-operator').fill('ops@example.com')
    await expect(page.getByTestId('locks-saved')).toHaveText('Kept on this computer until you clear it')
    await page.getByTestId('locks-review').click()
    // From 1,000 locks on, the count is typed as well.
    const confirm = page.getByTestId('lock-confirm')
    await expect(confirm.getByTestId('lock-confirm-go')).toBeDisabled()
    await confirm.getByTestId('lock-confirm-typed').fill('2,000')
    await confirm.getByRole('button', { name: 'Disable 2,000 locks' }).click()
    await page.getByTestId('run-pause').click()
    await expect(page.getByTestId('bulk-run')).toHaveAttribute('data-status', 'paused')
    // Pausing lets the call in flight finish: wait until the job's count stops moving, then the screen shows it.
    const jobId = (await page.getByTestId('bulk-run').getAttribute('data-job'))!
    const doneOf = async () => {
      const c = (await api<{ job: { counts: { total: number; pending: number } } }>(app, 'bulk.get', { id: jobId, limit: 1 })).job.counts
      return c.total - c.pending
    }
    let done = -1
    await expect.poll(async () => {
      const before = done
      done = await doneOf()
      return done === before
    }, { intervals: [500] }).toBe(true)
    expect(done).toBeLessThan(2000)
    const doneAtPause = `${done.toLocaleString('en')} / 2,000`
    await expect(page.getByTestId('run-done')).toHaveText(doneAtPause)

    await app.restart()
    await app.open(page)
    await page.getByTestId('nav-locks').click()
    await expect(page.getByTestId('locks-text')).toHaveValue(nums.join('\n'))
    await expect(page.getByTestId('locks-operator')).toHaveValue('ops@example.com')
    const run = page.getByTestId('bulk-run')
    await expect(run).toBeVisible()
    await expect(page.getByTestId('run-status')).toHaveText(/Paused|Interrupted/)
    await expect(page.getByTestId('run-done')).toHaveText(doneAtPause)
    // The rest goes in calls of 100, four at a time: a run takes its chunk size and concurrency from the settings
    // when it (re)starts, so the resume is quick and still sends each remaining lock once.
    await api(app, 'settings.update', { bulk: { lockChunkSize: 100, concurrency: 4 } })
    await page.getByTestId('run-resume').click()
    await expect(run).toHaveAttribute('data-status', 'completed', { timeout: 150_000 })
    await expect(page.getByTestId('run-done')).toHaveText('2,000 / 2,000')
    await expect(page.getByTestId('run-results')).toBeVisible()
    const shown = await readResults(page, 2000)
    expect(shown).toHaveLength(2000)
    expect(new Set(shown.map((r) => r.words))).toEqual(new Set(['Lock does not exist']))

    // Clearing the list and closing the run clears the draft (kept in the draft store).
    await page.getByTestId('locks-clear').click()
    await page.getByTestId('locks-close-run').click()
    await expect(page.getByTestId('locks-text')).toHaveValue('')
    await expect.poll(async () => (await api<{ body: { text: string; jobIds?: string[] } }>(app, 'drafts.get', { id: 'locks' })).body).toEqual(
      expect.objectContaining({ text: '', operatorIdentity: 'ops@example.com' }),
    )
    expect((await api<{ body: { jobIds?: string[] } }>(app, 'drafts.get', { id: 'locks' })).body.jobIds).toBeUndefined()
  })
})

test('a spreadsheet with several columns goes through the column picker', async ({ app, page }) => {
  await openLocks(app, page)
  const csv = '姓名,锁号,备注\n张三,8100000001,a\n李四,8100000002,b\n王五,8100000002,c\n'
  await page.getByTestId('locks-file').setInputFiles({ name: 'locks.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') })
  const dialog = page.getByTestId('import-dialog')
  await expect(dialog).toBeVisible()
  // The column of lock numbers is picked in advance.
  await expect(dialog.getByTestId('import-column-1')).toHaveClass(/is-active/)
  await dialog.getByTestId('import-use').click()
  await expect(page.getByTestId('locks-text')).toHaveValue('8100000001\n8100000002\n8100000002')
  await expect(page.getByTestId('locks-source')).toHaveText('From locks.csv, column “锁号”')
  await expect(page.getByTestId('locks-to-send')).toHaveAttribute('data-count', '2')
  await expect(page.getByTestId('locks-duplicates')).toHaveAttribute('data-count', '1')

  // An old Excel file is refused with a reason, and the list stays.
  await page.getByTestId('locks-file').setInputFiles({ name: 'old.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('x') })
  await expect(page.getByRole('alert').filter({ hasText: 'Excel 97-2003' })).toBeVisible()
  await expect(page.getByTestId('locks-text')).toHaveValue('8100000001\n8100000002\n8100000002')
})

test('nothing typed is lost: a reload right after typing, and the operator typed while a long list is saved', async ({ app, page }) => {
  await openLocks(app, page)
  // A long list (pasted: 12,000 numbers): its save takes a while; the operator is typed while it is on its way.
  await pasteInto(page, page.getByTestId('locks-text'), Array.from({ length: 12000 }, (_, i) => String(8199000000 + i)).join('\n'))
  await page.getByTestId('locks-operator').fill('typed-during-save')
  // Typed and reloaded at once: no wait for a pause in typing.
  await page.getByTestId('locks-operator').press('End')
  await page.keyboard.type('!')
  await page.reload()
  await expect(page.getByTestId('locks-view')).toBeVisible()
  await expect(page.getByTestId('locks-operator')).toHaveValue('typed-during-save!')
  await expect(page.getByTestId('locks-to-send')).toHaveAttribute('data-count', '12000')

  // The last keystroke before a reload.
  await page.getByTestId('locks-clear').click()
  await page.getByTestId('locks-text').fill('8100000001')
  await page.getByTestId('locks-text').press('End')
  await page.keyboard.type('\n8100000002')
  await page.reload()
  await expect(page.getByTestId('locks-text')).toHaveValue('8100000001\n8100000002')
})

test('a long paste is checked without stopping the page, and shown in part', async ({ app, page }) => {
  await openLocks(app, page)
  await pasteInto(page, page.getByTestId('locks-text'), Array.from({ length: 20000 }, (_, i) => String(8100000000 + i)).join('\n'))
  await expect(page.getByTestId('locks-to-send')).toHaveAttribute('data-count', '20000')
  await expect(page.getByTestId('locks-large')).toContainText('20,000 lines')
  await expect(page.getByTestId('locks-large')).toContainText('8100000299')
  await expect(page.getByTestId('locks-large')).not.toContainText('8100000300')
  // All of it is kept: after a reload the count is the same.
  await page.reload()
  await expect(page.getByTestId('locks-to-send')).toHaveAttribute('data-count', '20000')
  await page.getByTestId('locks-edit-whole').click()
  await expect(page.getByTestId('locks-text')).toHaveValue(/^8100000000\n8100000001\n[\s\S]*\n8100019999$/)
})
