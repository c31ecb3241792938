/**
 * `license-desk orders validate|submit|list|show|export` and `drafts list|export|import` as a real process over a
 * temp data folder on the Sandbox profile (the sandbox runs inside the CLI; its state is kept in the data folder
 * between commands): issues listed and nothing sent (exit 2), an order sent and its results (exit 0), a refusal
 * with the field and the draft back in Drafts (exit 2), the history searched and exported, drafts moved by file.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../support/cli'
import { removeDir, tempDir } from '../../support/tmp'
import { newBuyEntry, orderBody } from '../orders/support'

let dir: string
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  dir = await tempDir('ld-cli-orders-')
  env = { ...process.env, LICENSE_DESK_DATA_DIR: join(dir, 'data'), LICENSE_DESK_VAULT: 'memory', TSX_TSCONFIG_PATH: 'tsconfig.node.json', LANG: 'en_US.UTF-8' }
})
afterAll(() => removeDir(dir))

function cli(args: string[]): { code: number; stdout: string; stderr: string } {
  return runCli(args, { env })
}
const jsonLines = (s: string) => s.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
const file = (name: string, value: unknown) => {
  const p = join(dir, name)
  writeFileSync(p, JSON.stringify(value))
  return p
}
const CUSTOMER = 'C000000000000001'

describe('license-desk orders', () => {
  it('validate: issues by field and nothing sent (exit 2); a good file has none (exit 0)', () => {
    const badFile = file('bad.json', orderBody('CLI-BAD-1', [{ ...newBuyEntry(CUSTOMER, ['8700000001']), customerName: '' }]))
    const r = cli(['orders', 'validate', badFile])
    expect(r.code, r.stderr).toBe(2)
    expect(r.stderr).toMatch(/orderList\[0\]\.customerName/)
    const good = cli(['orders', 'validate', file('good.json', orderBody('CLI-GOOD-1', [newBuyEntry(CUSTOMER, ['8700000002'])]))])
    expect(good.code, good.stderr).toBe(0)
    expect(good.stdout).toContain('No issues found by the checks made on this computer: 1 entries, 1 asset numbers.')
    expect(good.stdout).toContain('Only the service can tell')
    expect(good.stdout).not.toContain('would accept')
  })

  it('submit: sent once, results per entry (exit 0); then listed, shown and exported', () => {
    const r = cli(['orders', 'submit', file('order.json', orderBody('CLI-ORDER-1', [newBuyEntry(CUSTOMER, ['8700000011']), newBuyEntry(CUSTOMER, ['8700000012'], 2)])), '--json'])
    expect(r.code, r.stderr).toBe(0)
    const result = jsonLines(r.stdout).find((x) => x['type'] === 'result') as { order: { state: string; results: { licenseOrderId: string }[] } }
    expect(result.order.state).toBe('done')
    expect(result.order.results.map((x) => x.licenseOrderId)).toHaveLength(2)
    const list = cli(['orders', 'list', '--query', '8700000012'])
    expect(list.code).toBe(0)
    expect(list.stdout).toContain('CLI-ORDER-1')
    expect(list.stdout).toContain('Done')
    const show = cli(['orders', 'show', 'CLI-ORDER-1'])
    expect(show.code).toBe(0)
    expect(show.stdout).toContain(result.order.results[0]!.licenseOrderId)
    const out = join(dir, 'history.csv')
    const exp = cli(['orders', 'export', '--out', out, '--state', 'done'])
    expect(exp.code, exp.stderr).toBe(0)
    expect(readFileSync(out, 'utf8')).toContain('8700000011')
    // The same order number again is refused at its field: nothing sent twice.
    const again = cli(['orders', 'submit', file('again.json', orderBody('CLI-ORDER-1', [newBuyEntry(CUSTOMER, ['8700000013'])]))])
    expect(again.code).toBe(2)
    expect(again.stderr).toMatch(/channelOrderId/)
  })

  it('a refusal of the service: the message and its field, the order back in Drafts (exit 2)', () => {
    const r = cli(['orders', 'submit', file('refused.json', orderBody('CLI-REFUSED-1', [newBuyEntry('C999999999999999', ['8700000021'])]))])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/Refused by the service/)
    expect(r.stderr).toMatch(/at orderList\[0\]\.customerId/)
    expect(r.stderr).toMatch(/back in Drafts as "refused.json"/)
    const drafts = cli(['drafts', 'list', '--query', 'refused', '--json'])
    const page = jsonLines(drafts.stdout).find((x) => x['type'] === 'result') as { drafts: { id: string; name: string }[] }
    expect(page.drafts.map((d) => d.name)).toEqual(['refused.json'])
    // Moved to another workstation by file, and read back in.
    const out = join(dir, 'drafts.json')
    expect(cli(['drafts', 'export', page.drafts[0]!.id, '--out', out]).code).toBe(0)
    expect(existsSync(out)).toBe(true)
    const imp = cli(['drafts', 'import', out])
    expect(imp.code, imp.stderr).toBe(0)
    expect(imp.stdout).toContain('1 drafts added.')
    const foreign = cli(['drafts', 'import', file('foreign.json', { hello: 'world' })])
    expect(foreign.code).toBe(2)
  })
})
