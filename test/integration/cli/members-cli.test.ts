/**
 * `license-desk members …` as a real process over a temp data folder, on the Sandbox profile (the sandbox runs
 * inside the CLI): list, add (generated password shown once), edit, reset-password, delete (asks, or --yes),
 * many from a file through the bulk runner, import with existing accounts flagged; --json; exit codes.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../support/cli'
import { removeDir, tempDir } from '../../support/tmp'

let dir: string
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  dir = await tempDir('ld-cli-members-')
  env = { ...process.env, LICENSE_DESK_DATA_DIR: join(dir, 'data'), LICENSE_DESK_VAULT: 'memory', TSX_TSCONFIG_PATH: 'tsconfig.node.json', LANG: 'en_US.UTF-8' }
})
afterAll(() => removeDir(dir))

function cli(args: string[], input?: string): { code: number; stdout: string; stderr: string } {
  return runCli(args, { env, input })
}
const jsonLines = (s: string) => s.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
const file = (name: string, text: string) => {
  const p = join(dir, name)
  writeFileSync(p, text)
  return p
}
const u = `cm${Date.now().toString(36)}`

describe('license-desk members', () => {
  it('list: a page of the profile’s enterprise, keyword, mobile numbers masked unless asked; --json', () => {
    const r = cli(['members', 'list', '--keyword', 'zhangsan', '--page-size', '20'])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/^zhangsan\t张三\t/m)
    expect(r.stdout).toContain('M000000000000001')
    expect(r.stdout).toMatch(/Page 1 of 1: 1 of 1 employee/)
    const json = jsonLines(cli(['members', 'list', '--page-size', '10', '--json']).stdout)
    expect(json[0]).toMatchObject({ type: 'result', page: { enterpriseGlobalId: 'E000000000000001', pageSize: 10, total: 25 } })
  })

  it('add with a generated password (shown once), edit, reset from stdin, delete with --yes', () => {
    const add = cli(['members', 'add', '--account', `${u}a`, '--name', '命令行', '--generate-password', '--mobile', '13800138000', '--json'])
    expect(add.code, add.stderr).toBe(0)
    const added = jsonLines(add.stdout)[0]!
    expect(added).toMatchObject({ type: 'result', reconciled: false, member: { userName: `${u}a`, name: '命令行' } })
    expect(String(added['password'])).toHaveLength(16)

    const edit = cli(['members', 'edit', `${u}a`, '--name', '改过', '--mobile', ''])
    expect(edit.code, edit.stderr).toBe(0)
    expect(edit.stdout).toContain('Saved 改过')
    const shown = cli(['members', 'list', '--keyword', `${u}a`, '--show-mobile'])
    expect(shown.stdout).toMatch(new RegExp(`^${u}a\\t改过\\t—\\t—\\t`, 'm'))

    const reset = cli(['members', 'reset-password', `${u}a`, '--password-stdin'], 'N3w-secret-pw\n')
    expect(reset.code, reset.stderr).toBe(0)
    expect(reset.stdout).not.toContain('N3w-secret-pw')

    const refused = cli(['members', 'delete', `${u}a`])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('--yes')
    const del = cli(['members', 'delete', `${u}a`, '--yes'])
    expect(del.code, del.stderr).toBe(0)
    expect(del.stdout).toContain(`Deleted 改过 (${u}a)`)
    const gone = cli(['members', 'edit', `${u}a`, '--name', 'x'])
    expect(gone.code).toBe(2)
    expect(gone.stderr).toContain(`no employee "${u}a"`)
  })

  it('a field that breaks a rule is refused with the rule’s words, exit 2, in either language', () => {
    const r = cli(['members', 'add', '--account', 'bad name', '--name', 'x', '--generate-password'])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('Account may contain only letters and digits')
    expect(r.stderr).not.toContain('userName')
    const zh = cli(['members', 'add', '--account', `${u}z`, '--name', '长'.repeat(31), '--generate-password', '--lang', 'zh-CN'])
    expect(zh.code).toBe(2)
    expect(zh.stderr).toContain('最多 30 个字符')
  })

  it('import flags accounts the enterprise has; delete and reset many from a file through the bulk runner', () => {
    const input = file('staff.csv', `userName / 账号,password / 密码,name / 姓名\n${u}b,Secret123,乙\nzhangsan,Secret123,张三\n${u}c,Secret123,丙\n`)
    const out = join(dir, 'import.csv')
    const imp = cli(['members', 'import', '-f', input, '-o', out])
    expect(imp.code, imp.stderr).toBe(1)
    expect(imp.stderr).toContain('already has the account "zhangsan"')
    const rows = Papa.parse<Record<string, string>>(readFileSync(out, 'utf8').trim(), { header: true }).data
    expect(rows.map((x) => [x['line'], x['state']])).toEqual([
      ['2', 'ok'],
      ['3', 'invalid'],
      ['4', 'ok'],
    ])

    const list = file('leavers.txt', `${u}b\n${u}c\nnobody${u}\n`)
    const reset = cli(['members', 'reset-password', '-f', list, '--generate-password', '--json'])
    expect(reset.code, reset.stderr).toBe(1) // one account is not in the enterprise
    const lines = jsonLines(reset.stdout)
    expect(lines.find((l) => l['type'] === 'password')).toBeDefined()
    expect(lines.at(-1)).toMatchObject({ type: 'result', job: { kind: 'members.resetPassword', counts: { ok: 2 } }, notSent: 1 })
    // No keychain here: the reset says its password is in memory only, before sending.
    expect(reset.stderr).toContain('No system keychain: the passwords of this job are kept in memory only')

    const del = cli(['members', 'delete', '-f', list, '--yes'])
    expect(del.code, del.stderr).toBe(1)
    expect(del.stdout).toMatch(/Delete employees: 2 done/)
    expect(cli(['members', 'list', '--keyword', u]).stdout).toMatch(/0 of 0 employee/)
  })
})
