/**
 * `license-desk renewals list` as a real process over a temp data folder (the Sandbox profile starts the sandbox
 * inside the CLI): the first run reads the book's enterprises, later ones show that reading with its time, --refresh
 * reads again; text
 * and --json, Chinese, an Excel file, and a bad --within said at the option (exit 2).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../support/cli'
import { removeDir, tempDir } from '../../support/tmp'

let dir: string
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  dir = await tempDir('ld-cli-renewals-')
  env = { ...process.env, LICENSE_DESK_DATA_DIR: join(dir, 'data'), LICENSE_DESK_VAULT: 'memory', TSX_TSCONFIG_PATH: 'tsconfig.node.json', LANG: 'en_US.UTF-8' }
})
afterAll(() => removeDir(dir))

const cli = (...args: string[]) => runCli(args, { env })
const lastJson = (s: string) => JSON.parse(s.trim().split('\n').at(-1)!) as Record<string, unknown>

describe('license-desk renewals list', () => {
  it('reads once, lists what ends within 60 days as a table, then as JSON from the kept reading', () => {
    // The demo enterprise's default customer goes into the book (found on the service).
    expect(cli('customers', 'find').code).toBe(0)
    const r = cli('renewals', 'list', '--within', '60d')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('Reading the enterprises of the customer book…')
    expect(r.stdout).toMatch(/As read at \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\+08:00\)\./)
    expect(r.stdout).toMatch(/\| {2}演示科技有限公司 {2}\| {2}8100000017 {2}\| {2}.*\(GMS-1001\) {2}\| {2}2/)
    expect(r.stdout).toContain('8100000019  |  (the asset itself)')
    const j = cli('renewals', 'list', '--within', '60d', '--json')
    expect(j.code, j.stderr).toBe(0)
    expect(j.stdout).not.toContain('Reading')
    const result = lastJson(j.stdout) as { type: string; zone: string; rows: { assetNum: string; productUri: string | null }[] }
    expect(result).toMatchObject({ type: 'result', zone: 'UTC+08:00' })
    expect(result.rows.filter((x) => x.assetNum === '8100000017').map((x) => x.productUri)).toEqual(['GMS-1001', 'GMS-1002', 'GMS-1003'])
    expect(result.rows.some((x) => x.assetNum === '8100000018')).toBe(false)
    // --refresh reads again (a bulk job run to its end in this process), then lists.
    const again = cli('renewals', 'list', '--within', '60d', '--refresh')
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toContain('Reading the enterprises of the customer book…')
    expect(again.stdout).toContain('8100000019  |  (the asset itself)')
  })

  it('in Chinese with an Excel file; a bad --within is refused at the option', () => {
    const out = join(dir, 'renewals.xlsx')
    const zh = cli('renewals', 'list', '--within', '90d', '--lang', 'zh-CN', '-o', out)
    expect(zh.code, zh.stderr).toBe(0)
    expect(zh.stdout).toContain('读取时间')
    expect(zh.stdout).toMatch(/8100000018 {2}\|.*\(GMS-1004\)/)
    expect(existsSync(out)).toBe(true)
    const bad = cli('renewals', 'list', '--within', 'soon')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--within soon')
  })
})
