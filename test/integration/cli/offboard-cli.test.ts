/**
 * `license-desk members offboard FILE` as a real process on the Sandbox profile: a dry run shows each person's
 * numbers, lent locks and steps and sends nothing; --apply withdraws then deletes, writes the reclaim report, and
 * a second dry run no longer finds them. English and Chinese.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../support/cli'
import { removeDir, tempDir } from '../../support/tmp'

let dir: string
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  dir = await tempDir('ld-cli-offboard-')
  env = { ...process.env, LICENSE_DESK_DATA_DIR: join(dir, 'data'), LICENSE_DESK_VAULT: 'memory', TSX_TSCONFIG_PATH: 'tsconfig.node.json', LANG: 'en_US.UTF-8' }
})
afterAll(() => removeDir(dir))

const cli = (args: string[], lang = 'en_US.UTF-8') => runCli(args, { env: { ...env, LANG: lang } })

describe('license-desk members offboard', () => {
  it('dry run by default, --apply sends, the report says what came back', async () => {
    const f = join(dir, 'leavers.txt')
    writeFileSync(f, 'zhangsan\n李四\nnobody-here\n')
    const dry = cli(['members', 'offboard', f, '--then', 'delete'])
    expect(dry.code, dry.stderr).toBe(1)
    expect(dry.stdout).toMatch(/张三 \(zhangsan\): 3 number\(s\) → withdraw numbers → delete account/)
    expect(dry.stdout).toMatch(/李四 \(lisi\): 2 number\(s\); lent locks holding their entitlements: 8100000055/)
    expect(dry.stdout).toContain('2 people to offboard, 5 numbers to withdraw')
    expect(dry.stdout).toContain('Dry run: nothing was sent')
    expect(dry.stderr).toContain('line 3: "nobody-here" names no employee')

    const zh = cli(['members', 'offboard', f, '--then', 'delete'], 'zh_CN.UTF-8')
    expect(zh.stdout).toContain('试运行：未发送任何内容')

    const report = join(dir, 'reclaim.xlsx')
    const run = cli(['members', 'offboard', f, '--then', 'delete', '--apply', '--report', report])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('2 of 2 people done; 5 numbers free again')
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(report)
    expect(book.worksheets.map((s) => s.name)).toEqual(['People', 'Numbers back', 'Locks to check'])
    expect(book.getWorksheet('Numbers back')!.rowCount).toBe(6)

    const again = cli(['members', 'offboard', f, '--then', 'delete'])
    expect(again.stdout).toContain('Nobody to offboard')
  })
})
