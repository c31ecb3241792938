/**
 * The assignment planner in real Chromium through browser mode against the sandbox's demo enterprise: a plan for
 * 20 employees (loaded from a file, plus a cell clicked) over free numbers handed in by `?free=` (as the offboarding
 * screen links), checked and said in words, applied, and undone after a restart of the app (from the journal): every
 * number back with its first holder. A product column: its tick gives the free number the rule picks, said in the
 * diff, and the products are read lazily (the free numbers once). In Chinese: a number held by someone else, ticked
 * for another, is a move; and axe finds no serious violation on the screen with a checked plan.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect, invoke, type AppProcess } from './fixtures'
import { expectNoSeriousA11y } from './fixtures/a11y'

interface Table {
  count: number
  assetNum: string[]
  holder: number[]
  holders: string[]
}
/** Axe on the screen as it rests: the pointer off the last button clicked, nothing focused (hover and focus colours are not the rest). */
async function a11y(page: Page, label: string): Promise<void> {
  await page.mouse.move(0, 0)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await expectNoSeriousA11y(page, label)
}

/** Who holds each number now. */
async function holders(app: AppProcess): Promise<Record<string, string | null>> {
  const t = await invoke<Table>(app, 'holdings.numbers', { refresh: true })
  return Object.fromEntries(t.assetNum.map((n, i) => [n, t.holder[i]! < 0 ? null : t.holders[t.holder[i]!]!]))
}

test('a plan for 20 employees: from a file and a click, checked in words, applied, and undone after a restart', async ({ app, page, dataDir }) => {
  const people = (await invoke<{ list: { userName: string; globalId: string }[] }>(app, 'members.list', { pageNum: 1, pageSize: 50 })).list
    .filter((m) => !m.userName.startsWith('magic'))
    .slice(0, 20)
  expect(people).toHaveLength(20)
  const free = (await invoke<{ numbers: { assetNum: string }[] }>(app, 'holdings.free', { search: '', limit: 20 })).numbers.map((n) => n.assetNum)
  expect(free).toHaveLength(20)
  const start = await holders(app)

  await app.open(page)
  await page.goto(`${app.origin}/#/members/planner?free=${free.join(',')}`)
  await page.getByTestId('planner-paste').fill(people.map((p) => p.userName).join('\n'))
  await page.getByTestId('planner-use-paste').click()
  await expect(page.getByTestId('planner-people-count')).toHaveText('20 of 20 employees shown')
  // The columns came from ?free=; the grid draws only the cells in view, not 20 × 20.
  await expect(page.getByTestId(`col-${free[0]}`)).toBeVisible()
  const drawn = await page.locator('[data-testid^="cell-"]').count()
  expect(drawn).toBeGreaterThan(0)
  expect(drawn).toBeLessThan(400)

  // A file gives employee i the free number i (i = 2..20); the first gets hers by a click on the cell.
  const dir = join(dataDir, 'files')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'plan.csv')
  writeFileSync(file, ['employee,asset,action', ...people.slice(1).map((p, i) => `${p.userName},${free[i + 1]},assign`)].join('\n'))
  await page.getByTestId('planner-file').setInputFiles(file)
  await expect(page.getByText('19 cells loaded from the file; 0 rows skipped')).toBeVisible()
  const first = page.getByTestId(`cell-${people[0]!.userName}-${free[0]}`)
  await expect(first).toHaveText('')
  await first.click()
  await expect(first).toHaveText('+')

  await page.getByTestId('planner-check').click()
  await expect(page.getByTestId('planner-counts')).toHaveText('20 to give, 0 to take back, 0 to move; 0 already as planned, 0 with problems (not sent). 20 configure calls for 20 employees.')
  await expect(page.getByTestId('planner-diff-list')).toContainText(`(${people[0]!.userName}) gets ${free[0]}`)
  await page.getByTestId('planner-apply').click()
  await page.locator('.el-message-box').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('planner-run-counts')).toHaveText('20 of 20 cells done, 0 already so, 0 not done.')
  const applied = await holders(app)
  people.forEach((p, i) => expect(applied[free[i]!]).toBe(p.globalId))
  // The matrix now shows who holds what.
  await expect(first).toHaveText('●')

  // A restart: the plan is still there to undo, from the journal.
  await app.restart()
  await app.open(page)
  await page.goto(`${app.origin}/#/members/planner`)
  await expect(page.getByTestId('planner-undo-card')).toContainText('Newest plan applied here')
  await page.getByTestId('planner-undo').click()
  await page.locator('.el-message-box').getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByTestId('planner-run')).toContainText('Plan undone')
  await expect(page.getByTestId('planner-run-counts')).toHaveText('20 of 20 cells done, 0 already so, 0 not done.')
  expect(await holders(app)).toEqual(start)
})

test('in Chinese: a number held by someone else, ticked for another, is a move, said as one', async ({ app, page }) => {
  await invoke(app, 'settings.update', { locale: 'zh-CN' })
  await app.open(page)
  await page.goto(`${app.origin}/#/members/planner`)
  await page.getByTestId('planner-paste').fill('zhangsan, lisi')
  await page.getByTestId('planner-use-paste').click()
  await expect(page.getByTestId('planner-people-count')).toHaveText('显示 2 / 2 名员工')
  // 8100000041 is held by 张三 (zhangsan).
  await page.getByTestId('planner-numbers').fill('8100000041')
  await page.getByTestId('planner-add-numbers').click()
  await expect(page.getByTestId('cell-zhangsan-8100000041')).toHaveText('●')
  await page.getByTestId('cell-lisi-8100000041').click()
  await page.getByTestId('planner-check').click()
  await expect(page.getByTestId('planner-diff-list')).toHaveText('8100000041 从 张三 (zhangsan) 转给 李四 (lisi)')
  await a11y(page, 'zh-CN planner with a move')
  await expect(page.getByTestId('planner-counts')).toHaveText('分配 0 个，收回 0 个，转移 1 个；0 个已符合计划，0 个有问题（不发送）。共 2 次配置调用，涉及 2 名员工。')
  await page.getByTestId('planner-apply').click()
  await page.locator('.el-message-box').getByRole('button', { name: '应用' }).click()
  await expect(page.getByTestId('planner-run-counts')).toHaveText('共 2 项，已完成 2，原已符合 0，未完成 0。')
  await expect(page.getByTestId('cell-lisi-8100000041')).toHaveText('●')
  await expect(page.getByTestId('cell-zhangsan-8100000041')).toHaveText('')
})

test('a product column: the tick gives the free number the rule picks, said in words, applied and undone', async ({ app, page }) => {
  const people = (await invoke<{ list: { userName: string; globalId: string; assetNums?: string[] | null }[] }>(app, 'members.list', { pageNum: 1, pageSize: 50 })).list
  const bare = people.find((m) => (m.assetNums ?? []).length === 0 && !m.userName.startsWith('magic'))!
  await app.open(page)
  await page.goto(`${app.origin}/#/members/planner`)
  await page.getByTestId('planner-paste').fill(`${bare.userName}\nzhangsan`)
  await page.getByTestId('planner-use-paste').click()
  await expect(page.getByTestId('planner-people-count')).toHaveText('2 of 2 employees shown')

  // Opening the picker reads the free numbers' products (one call each); asked again, the core reads nothing.
  await page.getByTestId('planner-product').click()
  await expect(page.getByRole('option', { name: /free numbers carry it/ }).first()).toBeVisible()
  const calls = Number(/(\d+) calls/.exec((await page.getByTestId('planner-product-calls').textContent()) ?? '')![1])
  expect(calls).toBeGreaterThan(0)
  type Products = { products: { uri: string; name: string; free: number | null }[]; numbers: { assetNum: string; products: string[] | null }[]; calls: number }
  const known = await invoke<Products>(app, 'planner.products', { free: true })
  expect(known.calls).toBe(0)
  const product = known.products.filter((p) => (p.free ?? 0) > 0).sort((a, b) => (b.free ?? 0) - (a.free ?? 0))[0]!
  // The rule: the free number carrying it with the fewest other products, then the lowest number.
  const free = (await invoke<{ numbers: { assetNum: string }[] }>(app, 'holdings.free', { search: '', limit: 500 })).numbers.map((n) => n.assetNum)
  const carried = (await invoke<Products>(app, 'planner.products', { assetNums: free })).numbers.filter((n) => n.products?.includes(product.uri))
  const best = carried.sort((a, b) => a.products!.length - b.products!.length || a.assetNum.length - b.assetNum.length || a.assetNum.localeCompare(b.assetNum))[0]!.assetNum

  await page.getByRole('option', { name: `${product.name} (${product.free} free numbers carry it)`, exact: true }).click()
  await page.getByTestId('planner-add-product').click()
  const cell = page.getByTestId(`cell-${bare.userName}-product-${product.uri}`)
  // Holding no number, they lack it as soon as it is known; zhangsan's numbers are read for the rows in view.
  await expect(cell).toHaveText('')
  await expect(page.getByTestId(`cell-zhangsan-product-${product.uri}`)).not.toHaveText('…')
  await cell.click()
  await expect(cell).toHaveText('+')
  await page.getByTestId('planner-check').click()
  await expect(page.getByTestId('planner-diff-list')).toContainText(`(${bare.userName}) gets ${best} for ${product.name}`)
  await page.getByTestId('planner-apply').click()
  await page.locator('.el-message-box').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('planner-run-counts')).toHaveText('1 of 1 cells done, 0 already so, 0 not done.')
  expect((await holders(app))[best]).toBe(bare.globalId)
  await expect(cell).toHaveText('●')

  await page.getByTestId('planner-undo').click()
  await page.locator('.el-message-box').getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByTestId('planner-run')).toContainText('Plan undone')
  expect((await holders(app))[best]).toBeNull()
})
