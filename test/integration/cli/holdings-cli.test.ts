/**
 * `license-desk assets assign|withdraw|move FILE`, `lend`, `lent list`, `holdings export` as a real process over a
 * temp data folder on the Sandbox profile (the sandbox runs inside the CLI; its state is kept in the data folder
 * between commands): bad rows listed and not sent, the rest sent one call per employee, results file per line,
 * a move whose second step fails said precisely, lending and its refusal in words, the overview; exit codes.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../support/cli'
import { removeDir, tempDir } from '../../support/tmp'

let dir: string
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  dir = await tempDir('ld-cli-holdings-')
  env = { ...process.env, LICENSE_DESK_DATA_DIR: join(dir, 'data'), LICENSE_DESK_VAULT: 'memory', TSX_TSCONFIG_PATH: 'tsconfig.node.json', LANG: 'en_US.UTF-8' }
})
afterAll(() => removeDir(dir))

function cli(args: string[]): { code: number; stdout: string; stderr: string } {
  return runCli(args, { env })
}
const jsonLines = (s: string) => s.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
const file = (name: string, text: string) => {
  const p = join(dir, name)
  writeFileSync(p, text)
  return p
}

describe('license-desk assets', () => {
  it('assign FILE: bad rows listed by line and not sent, the others sent; results per line; exit 1', () => {
    const f = file('assign.csv', ['employee,asset', 'zhangsan,8100000002', 'zhangsan,8100000003', 'lisi,8100000004', 'nobody,8100000005', 'lisi,8199999999', 'wangwu,8100000041'].join('\n'))
    const out = join(dir, 'assign-results.json')
    const r = cli(['assets', 'assign', f, '--out', out])
    expect(r.code, r.stderr).toBe(1)
    expect(r.stdout).toContain('3 done')
    expect(r.stderr).toMatch(/line 5: Not sent: The enterprise has no employee “nobody”/)
    expect(r.stderr).toMatch(/line 6: Not sent: 8199999999 is not an asset number of this enterprise/)
    expect(r.stderr).toMatch(/line 7: Not sent: 8100000041 is held by 张三 \(zhangsan\)/)
    const rows = JSON.parse(readFileSync(out, 'utf8')) as { line: number; state: string; key: string }[]
    expect(rows.map((x) => [x.line, x.state])).toEqual([
      [2, 'done'],
      [3, 'done'],
      [4, 'done'],
      [5, 'notSent'],
      [6, 'notSent'],
      [7, 'notSent'],
    ])
    // Everything was already so: nothing to send, exit 0.
    const again = cli(['assets', 'assign', f, '--json'])
    const result = jsonLines(again.stdout).find((x) => x['type'] === 'result')!
    expect(result['counts']).toMatchObject({ done: 0, nothingToDo: 3, notSent: 3 })
  })

  it('withdraw FILE (Chinese words in the action column) and move FILE: a failed second step said precisely', () => {
    const w = cli(['assets', 'withdraw', file('w.txt', 'zhangsan 8100000003 收回\n')])
    expect(w.code, w.stderr).toBe(0)
    const m = file('move.csv', ['asset,from,to', '8100000002,zhangsan,lisi', '8100000004,lisi,magic60023', '8100000006,zhangsan,lisi'].join('\n'))
    const out = join(dir, 'moves.csv')
    const r = cli(['assets', 'move', m, '--out', out])
    expect(r.code, r.stderr).toBe(1)
    expect(r.stdout).toContain('1 moved, 1 withdrawn but not given')
    expect(r.stderr).toMatch(/line 3: Withdrawn from 李四 \(lisi\), not yet given to 重复匹配 \(magic60023\)/)
    expect(r.stderr).toMatch(/line 4: Not moved, nothing was changed: 张三 \(zhangsan\) does not hold 8100000006/)
    expect(r.stdout).toContain('1 not moved')
    expect(readFileSync(out, 'utf8')).toContain('withdrawnOnly')
  })
})

describe('license-desk lend / lent list / holdings export', () => {
  it('lends, says a refusal in words with the next step, and lists the locks', () => {
    const ok = cli(['lend', '--employee', 'wangwu', '--lock', '8100000051', '--asset', '8100000045'])
    expect(ok.code, ok.stderr).toBe(0)
    expect(ok.stdout).toContain('Lent 8100000045 into 8100000051 for 王五 (wangwu)')
    const refused = cli(['lend', '--employee', 'wangwu', '--lock', '8100000055', '--asset', '8100000045', '--lang', 'zh-CN'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('借用锁 8100000055 已借给其他员工')
    const list = cli(['lent', 'list', '--lent-only'])
    expect(list.code, list.stderr).toBe(0)
    expect(list.stdout).toMatch(/8100000051: lent to 王五 \(wangwu\); 8100000045; since \d{4}-\d\d-\d\d/)
    expect(list.stdout).toMatch(/8100000055: lent to 李四 \(lisi\); 8100000042 \(not recorded here: the employee’s assets the service marks as lent\); since not recorded on this computer/)
  })

  it('export: one workbook, a sheet per view', async () => {
    const out = join(dir, 'audit.xlsx')
    const r = cli(['holdings', 'export', '--out', out, '--lang', 'zh-CN'])
    expect(r.code, r.stderr).toBe(0)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(readFileSync(out) as unknown as ArrayBuffer)
    expect(book.worksheets.map((s) => s.name)).toEqual(['员工', '资产编号', '借用锁'])
  })
})
