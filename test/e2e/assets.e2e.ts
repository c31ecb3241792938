/**
 * The virtual assets screen in real Chromium through browser mode: 200,000 assets from a scale-2000 sandbox
 * listed, scrolled to the end, searched and filtered with the counts checked against the list the app reads
 * (assets.list over the browser-mode API); the detail drawer; and, on the demo scale, selected locks disabled
 * from the table through the bulk run, the table then showing them locked.
 */
import type { Page } from '@playwright/test'
import { ASSET_FLAG, type AssetTable } from '@shared/ipc/channels/assets'
import { test, expect, invoke as api, type AppHandle } from './fixtures'

async function openAssets(app: AppHandle, page: Page): Promise<void> {
  await app.open(page)
  await page.getByTestId('nav-assets').click()
  await expect(page.getByTestId('assets-view')).toBeVisible()
}

const count = (page: Page) => page.getByTestId('assets-count')

/** The table's rows in view (the table recycles row elements: hidden ones hold no row). */
const ROWS = '[data-testid="assets-table"] [role="row"][aria-rowindex]:not([hidden])'

/** Asset numbers of the rows on screen, top to bottom (by aria-rowindex: row elements are reused out of order). */
function shownNumbers(page: Page): Promise<string[]> {
  return page.$$eval(ROWS, (rows) =>
    rows
      .map((r) => ({ at: Number(r.getAttribute('aria-rowindex')), num: r.querySelector('.va__num')?.textContent ?? '' }))
      .filter((r) => r.num !== '')
      .sort((a, b) => a.at - b.at)
      .map((r) => r.num),
  )
}

/** The row shown at a position of the list (0: the first). */
const rowAt = (page: Page, i: number) => page.locator(`${ROWS}[aria-rowindex="${i + 2}"]`)

test.describe('200,000 assets', () => {
  test.use({ appEnv: { LICENSE_DESK_SANDBOX_SCALE: '2000' } })

  test('lists, scrolls to the end, searches and filters with the right counts', async ({ app, page }) => {
    test.setTimeout(240_000)
    await openAssets(app, page)
    await expect(count(page)).toHaveAttribute('data-total', '200000', { timeout: 120_000 })
    await expect(count(page)).toHaveText('Showing 200,000 of 200,000')
    const t = await api<AssetTable>(app, 'assets.list', {})
    expect(t.count).toBe(200_000)
    expect(t.cached).toBe(true)
    await expect(rowAt(page, 0).locator('.va__num')).toHaveText(t.assetNum[0]!)

    // Scroll to the very end: the last asset of the list is on screen.
    await page.evaluate(`(async () => {
      const scroller = document.querySelector('[data-testid="assets-table"] [role="grid"]')
      scroller.scrollTop = scroller.scrollHeight
    })()`)
    await expect.poll(() => shownNumbers(page)).toContain(t.assetNum[t.count - 1])
    // Another tab and back: the table is where it was.
    await page.getByRole('tab', { name: 'Asset numbers' }).click()
    await page.getByRole('tab', { name: 'Virtual assets' }).click()
    await expect.poll(() => shownNumbers(page)).toContain(t.assetNum[t.count - 1])

    // Search: the count is what a substring search of asset number, id and employee finds in the list.
    const q = '8101001'
    const expected = t.assetNum.filter((n, i) => `${n} ${t.id[i]} ${t.member[i]! >= 0 ? t.dict.members[t.member[i]!] : ''}`.toLowerCase().includes(q)).length
    expect(expected).toBeGreaterThan(0)
    await page.getByTestId('assets-search').fill(q)
    await expect(count(page)).toHaveAttribute('data-visible', String(expected))
    for (const n of await shownNumbers(page)) expect(n).toContain(q)

    // Type and locked filters on top of the search, then on their own.
    await page.getByTestId('assets-search').fill('')
    await page.getByTestId('assets-filter-locked').click()
    await page.getByRole('option', { name: 'Locked', exact: true }).click()
    const locked = t.flags.filter((f) => (f & ASSET_FLAG.locked) !== 0).length
    await expect(count(page)).toHaveAttribute('data-visible', String(locked))
    await page.getByTestId('assets-reset-filters').click()
    await expect(count(page)).toHaveAttribute('data-visible', '200000')

    await page.getByTestId('assets-filter-type').click()
    const cloud = t.dict.licenseTypes.indexOf('cloud_account')
    const cloudCount = t.licenseType.filter((x) => x === cloud).length
    await page.getByRole('option', { name: new RegExp(`^Cloud account \\(${cloudCount.toLocaleString('en')}\\)$`) }).click()
    await page.keyboard.press('Escape')
    await expect(count(page)).toHaveAttribute('data-visible', String(cloudCount))
    await page.getByTestId('assets-filter-assigned').click()
    await page.getByRole('option', { name: 'Assigned', exact: true }).click()
    const cloudAssigned = t.licenseType.filter((x, i) => x === cloud && t.member[i]! >= 0).length
    await expect(count(page)).toHaveAttribute('data-visible', String(cloudAssigned))

    // Sorting by asset number descending puts the largest number first.
    await page.getByTestId('assets-reset-filters').click()
    const header = page.getByTestId('assets-table').getByRole('button', { name: 'Asset number' })
    await header.click()
    await expect(page.getByRole('columnheader', { name: 'Asset number' })).toHaveAttribute('aria-sort', 'ascending')
    await header.click()
    await expect(page.getByRole('columnheader', { name: 'Asset number' })).toHaveAttribute('aria-sort', 'descending')
    const largest = [...t.assetNum].sort().at(-1)
    await expect(rowAt(page, 0).locator('.va__num')).toHaveText(largest!)
  })
})

test('the detail drawer shows the full record, and selected locks are disabled from the table', async ({ app, page }) => {
  await openAssets(app, page)
  await expect(count(page)).toHaveAttribute('data-total', /\d+/)
  await page.getByTestId('assets-search').fill('8100000043')
  await expect(count(page)).toHaveAttribute('data-visible', '1')
  await rowAt(page, 0).click()
  const drawer = page.getByTestId('asset-drawer')
  await expect(drawer).toContainText('Cloud account (cloud_account)')
  await expect(drawer.getByTestId('asset-drawer-assignment')).toContainText('M000000000000001')
  await expect(drawer).toContainText('gxxp')
  await drawer.getByTestId('asset-drawer-lookup').click()
  await expect(page.getByTestId('lookup-result')).toContainText('8100000043')

  // Select two enabled refillable locks and disable them through the bulk run.
  await page.getByRole('tab', { name: 'Virtual assets' }).click()
  await page.getByTestId('assets-search').fill('810000000')
  await page.getByTestId('assets-filter-locked').click()
  await page.getByRole('option', { name: 'Not locked', exact: true }).click()
  const first = (await rowAt(page, 0).locator('.va__num').textContent())!
  const second = (await rowAt(page, 1).locator('.va__num').textContent())!
  await rowAt(page, 0).getByRole('checkbox', { name: `Select ${first}` }).check()
  // The second by keyboard: the click left focus on the grid with the first row active.
  await expect(page.getByRole('grid')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Space')
  await expect(rowAt(page, 1).getByRole('checkbox', { name: `Select ${second}` })).toBeChecked()
  await expect(page.getByTestId('assets-selection')).toContainText('2 selected')
  // Selected rows the search hides are still counted, and the bar says so.
  await page.getByTestId('assets-search').fill('zz-no-such-asset')
  await expect(page.getByTestId('assets-selection-hidden')).toContainText('2 of them hidden')
  await page.getByTestId('assets-search').fill('810000000')
  await expect(page.getByTestId('assets-selection-hidden')).toHaveCount(0)
  await page.getByTestId('assets-disable-selected').click()
  const dialog = page.getByTestId('bulk-lock-run')
  await expect(dialog.getByTestId('bulk-lock-operator')).toHaveValue('demoadmin')
  await dialog.getByTestId('bulk-lock-next').click()
  await page.getByTestId('lock-confirm').getByRole('button', { name: 'Disable 2 locks' }).click()
  await expect(dialog.getByTestId('bulk-run')).toHaveAttribute('data-status', 'completed')
  await expect(dialog.getByTestId('run-ok')).toHaveText('2')
  await dialog.getByRole('button', { name: 'Close' }).last().click()

  // The list was read again: both are locked now, so the "not locked" filter no longer shows them.
  await page.getByTestId('assets-filter-locked').click()
  await page.getByRole('option', { name: 'Locked', exact: true }).click()
  await expect.poll(() => shownNumbers(page)).toEqual(expect.arrayContaining([first, second]))
})
