/**
 * `license-desk customers …` as a real process over a temp data folder (the Sandbox profile starts the sandbox
 * inside the CLI): find, bind, create, update, list, import and export, text and --json, both languages, and the
 * exit codes (0 done, 1 partly done, 2 nothing done).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../support/cli'
import { removeDir, tempDir } from '../../support/tmp'

let dir: string
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  dir = await tempDir('ld-cli-customers-')
  env = { ...process.env, LICENSE_DESK_DATA_DIR: join(dir, 'data'), LICENSE_DESK_VAULT: 'memory', TSX_TSCONFIG_PATH: 'tsconfig.node.json', LANG: 'en_US.UTF-8' }
})
afterAll(() => removeDir(dir))

function cli(...args: string[]): { code: number; stdout: string; stderr: string } {
  return runCli(args, { env })
}
const lastJson = (s: string) => JSON.parse(s.trim().split('\n').at(-1)!) as Record<string, unknown>

describe('license-desk customers', () => {
  it('find: the profile’s channel customer by default, all of its enterprise with --all, kept in the book', () => {
    const r = cli('customers', 'find')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe('演示科技有限公司  |  C000000000000001 DEMO/DEMO-0001  |  演示科技有限公司 E000000000000001  |  default, Found on the service\n')
    const all = lastJson(cli('customers', 'find', '--all', '--json').stdout)
    expect((all['customers'] as { channelCustomerId: string }[]).map((c) => c.channelCustomerId)).toEqual(['DEMO-0001', 'DEMO-0001-SH'])
    const zh = cli('customers', 'list', 'SH', '--lang', 'zh-CN')
    expect(zh.stdout).toContain('DEMO/DEMO-0001-SH')
    expect(zh.stdout).toContain('从服务查到')
  })

  it('bind: done is exit 0; a field the rules refuse, or the service’s 13004, is exit 2 naming the field', () => {
    const ok = cli('customers', 'bind', '--channel-code', 'CLI', '--channel-customer-id', 'CLI-1', '--name', '命令行客户', '--branch', 'HQ', '--enterprise-name', '命令行企业', '--mobile', '13912345678', '--json')
    expect(ok.code, ok.stderr).toBe(0)
    expect(lastJson(ok.stdout)).toMatchObject({ type: 'result', outcome: 'done', customer: { channelCustomerId: 'CLI-1', customerName: '命令行客户', source: 'bound' } })
    const bad = cli('customers', 'bind', '--channel-code', 'CLI', '--channel-customer-id', 'CLI-2', '--name', 'x', '--branch', 'HQ', '--enterprise-name', 'e', '--mobile', '123', '--lang', 'zh-CN')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('购买人手机号必须是中国大陆手机号')
    const dup = cli('customers', 'bind', '--channel-code', 'CLI', '--channel-customer-id', 'CLI-1', '--name', 'x', '--branch', 'HQ', '--enterprise-name', 'e', '--mobile', '13912345678')
    expect(dup.code).toBe(2)
    expect(dup.stderr).toContain('Channel customer ID: channelCustomerId: "CLI/CLI-1" already exists')
  })

  it('create shows the new enterprise and its members; update follows in the book', () => {
    const c = cli('customers', 'create', '--crm-id', 'CRM-CLI-1', '--name', '命令行设计院', '--branch', '北京分公司', '--address', '北京')
    expect(c.code, c.stderr).toBe(0)
    expect(c.stdout).toMatch(/^Created enterprise E\d{15}\.\nMember admin@e\d{7} \(M\d{15}\)\n$/)
    const u = cli('customers', 'update', '--crm-id', 'CRM-CLI-1', '--name', '命令行设计院（新）', '--branch', '北京分公司')
    expect(u.code, u.stderr).toBe(0)
    expect(u.stdout).toContain('命令行设计院（新）  |  CRM CRM-CLI-1')
    const unknown = cli('customers', 'update', '--crm-id', 'CRM-NOPE', '--name', 'x', '--branch', 'y')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('CRM customer ID:')
  })

  it('import: bad rows are listed with their line and left out (exit 1); export writes a file that imports back unchanged', () => {
    const file = join(dir, 'in.csv')
    writeFileSync(file, 'Customer name,Purchaser mobile,CRM customer ID\nGood Co,13800138000,CRM-IMP-1\nBad Co,123,CRM-IMP-2\n')
    const r = cli('customers', 'import', '-f', file)
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('line 3: Purchaser mobile must be a mainland China mobile number')
    expect(r.stdout).toContain('1 added, 0 updated, 0 unchanged (2 rows); 1 row(s) with problems not imported.')
    const out = join(dir, 'book.xlsx')
    const e = cli('customers', 'export', '-o', out, '--lang', 'zh-CN')
    expect(e.code, e.stderr).toBe(0)
    expect(e.stdout).toMatch(/^已将 \d+ 个客户写入 /)
    const back = cli('customers', 'import', '-f', out, '--json')
    expect(back.code, back.stderr).toBe(0)
    expect(lastJson(back.stdout)).toMatchObject({ type: 'result', added: 0, updated: 0, issues: [] })
    expect(cli('customers', 'export', '-o', join(dir, 'book.json')).code).toBe(2)
  })
})
