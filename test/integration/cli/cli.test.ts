/**
 * The `license-desk` command line, run as a real process over a temp data folder (in-memory keychain; the
 * Sandbox profile starts the sandbox inside the CLI, as in the app): commands, output formats, results files,
 * languages, and the exit codes scripts rely on (0 success, 1 partial, 2 error, 130 interrupted).
 */
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ASSETS } from '../../../src/sandbox/index'
import { CLI_COMMAND, runCli, spawnCli, type CliResult } from '../../support/cli'
import { removeDir, tempDir } from '../../support/tmp'

const root = fileURLToPath(new URL('../../..', import.meta.url))
let dir: string
let env: NodeJS.ProcessEnv
/** The job the Ctrl-C test leaves paused, resumed by the next test. */
let pausedJob = ''

beforeAll(async () => {
  dir = await tempDir('ld-cli-')
  env = { ...process.env, LICENSE_DESK_DATA_DIR: join(dir, 'data'), LICENSE_DESK_VAULT: 'memory', TSX_TSCONFIG_PATH: 'tsconfig.node.json', LANG: 'en_US.UTF-8' }
})
afterAll(() => removeDir(dir))

/** Runs the built CLI (what the bin runs); `stdin` is piped in when given. */
function cli(...args: string[]): CliResult {
  return cliWith({}, ...args)
}
function cliWith(o: { stdin?: string }, ...args: string[]): CliResult {
  return runCli(args, { env, ...(o.stdin !== undefined ? { input: o.stdin } : {}) })
}
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0
const jsonLines = (s: string) => s.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
const file = (name: string, text: string) => {
  const p = join(dir, name)
  writeFileSync(p, text)
  return p
}

describe('license-desk', () => {
  it('test: both groups pass on the Sandbox profile (exit 0), in either language', () => {
    const en = cli('test')
    expect(en.code, en.stderr).toBe(0)
    expect(en.stdout).toContain('Order group, token: ok')
    const zh = cli('test', '--lang', 'zh-CN')
    expect(zh.stdout).toContain('订单组, 令牌: 成功')
    expect(zh.stdout).toContain('已签发令牌')
    const json = jsonLines(cli('test', '--json').stdout)
    expect(json[0]).toMatchObject({ type: 'result', test: { profileId: 'sandbox', order: { token: { status: 'ok' } } } })
  })

  it('profiles list: the same profiles as the app, the active one marked', () => {
    const r = cli('profiles', 'list')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^\* Sandbox {2}\(sandbox\)/m)
  })

  it('locks disable from a text file: results per input line, partial failure is exit 1', () => {
    const input = file('locks.txt', `${DEMO_ASSETS.refillable[0]}\n${DEMO_ASSETS.refillable[1]}, 8999999999\n${DEMO_ASSETS.refillable[0]}\n`)
    const out = join(dir, 'locks.csv')
    const r = cli('locks', 'disable', '--file', input, '--out', out)
    expect(r.code, r.stderr).toBe(1)
    expect(r.stdout).toMatch(/Disable locks: 2 done, 1 failed/)
    expect(r.stderr).toContain('repeats line 1')
    const rows = Papa.parse<Record<string, string>>(readFileSync(out, 'utf8').trim(), { header: true }).data
    expect(rows.map((x) => [x['line'], x['key'], x['state'], x['status']])).toEqual([
      ['1', DEMO_ASSETS.refillable[0], 'ok', '1'],
      ['2', DEMO_ASSETS.refillable[1], 'ok', '1'],
      ['2', '8999999999', 'failed', '2'],
      ['3', '', 'duplicate', ''],
    ])
    expect(rows[2]!['message']).toBe('Lock does not exist')
  })

  it('locks enable from .xlsx by column name, JSON lines, all done is exit 0', async () => {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Locks')
    ws.addRow(['Customer', 'Lock'])
    for (const n of DEMO_ASSETS.refillable.slice(0, 3)) ws.addRow(['ACME', n])
    const input = join(dir, 'locks.xlsx')
    writeFileSync(input, Buffer.from(await wb.xlsx.writeBuffer()))
    const out = join(dir, 'enable.json')
    const r = cli('locks', 'enable', '-f', input, '--column', 'Lock', '-o', out, '--json')
    expect(r.code, r.stderr).toBe(0)
    const lines = jsonLines(r.stdout)
    expect(lines[0]).toMatchObject({ type: 'started', job: { kind: 'locks.enable' } })
    expect(lines.some((l) => l['type'] === 'progress')).toBe(true)
    expect(lines.at(-1)).toMatchObject({ type: 'result', job: { status: 'completed', counts: { ok: 3 } }, out })
    expect((JSON.parse(readFileSync(out, 'utf8')) as { line: number; state: string }[]).map((x) => [x.line, x.state])).toEqual([
      [2, 'ok'],
      [3, 'ok'],
      [4, 'ok'],
    ])
  })

  it('members import: bad rows reported and not sent, the rest imported, results in .xlsx', async () => {
    const u = `cli${Date.now().toString(36)}`
    const input = file('people.csv', `账号,密码,姓名\n${u}a,Secret123,甲\n${u}_b,Secret123,乙\n${u}c,Secret123,丙\n`)
    const out = join(dir, 'people.xlsx')
    const r = cli('members', 'import', '-f', input, '--enterprise', 'E000000000000001', '-o', out, '--lang', 'zh-CN')
    expect(r.code, r.stderr).toBe(1)
    expect(r.stdout).toContain('导入员工：已完成 2')
    expect(r.stderr).toContain('第 3 行')
    // No keychain here (LICENSE_DESK_VAULT=memory): said before anything is sent.
    expect(r.stderr).toContain('没有系统钥匙串：此任务的密码仅保存在内存中')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.readFile(out)
    const states = wb.worksheets[0]!.getColumn(4).values.slice(2)
    expect(states).toEqual(['ok', 'invalid', 'ok'])
  })

  it('shellnums: new asset numbers, as JSON', () => {
    const r = cli('shellnums', '--size', '3', '--json')
    expect(r.code, r.stderr).toBe(0)
    const numbers = jsonLines(r.stdout)[0]!['numbers'] as string[]
    expect(numbers).toHaveLength(3)
    for (const n of numbers) expect(n).toMatch(/^[86]\d{9}$/)
  })

  it('errors are exit 2 with a clear message: missing file, nothing valid, bad --out, unknown profile, bad usage', () => {
    const missing = cli('locks', 'disable', '-f', join(dir, 'nope.txt'))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('Could not read')
    const nothing = cli('locks', 'disable', '-f', file('empty.csv', 'Lock\n\n'))
    expect(nothing.code).toBe(2)
    const out = cli('locks', 'disable', '-f', file('one.txt', '8100000001\n'), '--out', join(dir, 'r.pdf'))
    expect(out.code).toBe(2)
    expect(out.stderr).toContain('.csv, .xlsx or .json')
    const profile = cli('--profile', 'Nowhere', 'test')
    expect(profile.code).toBe(2)
    expect(profile.stderr).toContain('Nowhere')
    expect(cli('locks', 'disable').code).toBe(2)
    const json = cli('locks', 'disable', '-f', join(dir, 'nope.txt'), '--json')
    expect(jsonLines(json.stdout)[0]).toMatchObject({ type: 'error', error: { code: 'app.invalidInput' } })
  })

  it('an unknown command or option is refused with one line on stderr and exit 2; help is exit 0', () => {
    for (const args of [['invoices'], ['lokcs'], ['--bogus', 'test'], ['locks', 'disable', '-f', 'x.txt', '--frob'], ['profiles', 'frob'], ['orders', 'frob']]) {
      const r = cli(...args)
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.stdout, args.join(' ')).toBe('')
      const lines = r.stderr.trim().split('\n')
      expect(lines, args.join(' ')).toHaveLength(1)
      expect(lines[0]).toMatch(/^license-desk: unknown (command|option) '/)
    }
    expect(cli('invoices').stderr).toContain("unknown command 'invoices'")
    expect(cli('lokcs').stderr).toContain('Did you mean locks?')
    expect(cli('ordres').stderr).toContain('Did you mean orders?')
    // A command group without its command says what it takes, on stderr, and is not a success.
    const group = cli('orders')
    expect(group.code).toBe(2)
    expect(group.stdout).toBe('')
    expect(group.stderr).toContain('Usage: license-desk orders')
    const json = cli('invoices', '--json')
    expect(json.code).toBe(2)
    expect(jsonLines(json.stdout)[0]).toMatchObject({ type: 'error', error: { code: 'app.invalidInput' } })
    const help = cli('--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Usage: license-desk')
  })

  it('profiles create: secrets from stdin (one line each, never arguments), stored; a plain http:// address needs consent', () => {
    const r = cliWith({ stdin: 'order-s3cret\nmember-s3cret\n' }, 'profiles', 'create', '--name', 'Cli Acme', '--base-url', 'https://acme.example.com', '--order-app-key', 'ok', '--secret', 'orderAppSecret', '--secret', 'memberAppSecret', '--json')
    expect(r.code, r.stderr).toBe(0)
    const view = (jsonLines(r.stdout)[0] as { profile: { name: string; secrets: Record<string, boolean> } }).profile
    expect(view.name).toBe('Cli Acme')
    expect(view.secrets).toMatchObject({ orderAppSecret: true, memberAppSecret: true, userPassword: false })
    expect(r.stdout + r.stderr).not.toContain('s3cret')
    const plain = cli('profiles', 'create', '--name', 'Plain', '--base-url', 'http://acme.example.com')
    expect(plain.code).toBe(2)
    expect(plain.stderr).toContain('The service address starts with http://')
    const zh = cli('--lang', 'zh-CN', 'profiles', 'create', '--name', 'Plain', '--base-url', 'http://acme.example.com')
    expect(zh.stderr).toContain('服务地址以 http:// 开头')
    // The in-memory vault (no keychain): the secrets are said to be kept for this command only, never "stored in the keychain".
    const insecure = cliWith({ stdin: 'order-s3cret\n' }, 'profiles', 'create', '--name', 'Plain', '--base-url', 'http://acme.example.com', '--allow-insecure-http', '--secret', 'orderAppSecret')
    expect(insecure.code, insecure.stderr).toBe(0)
    expect(insecure.stdout).toContain('Not stored (no system keychain here): kept in memory only while this command runs: the order-group app secret')
    expect(insecure.stdout).not.toContain('Stored in the keychain')
    const local = cliWith({ stdin: 'order-s3cret\n' }, '--lang', 'zh-CN', 'profiles', 'create', '--name', 'Local', '--base-url', 'http://127.0.0.1:9000', '--secret', 'orderAppSecret')
    expect(local.code, local.stderr).toBe(0)
    expect(local.stdout).toContain('未保存（此处没有系统钥匙串）')
    expect(local.stdout).not.toContain('已存入钥匙串')
  })

  it('profiles create --secrets-file (a file, or - for stdin); a bad file is exit 2', () => {
    const f = file('secrets.json', JSON.stringify({ userPassword: 'pw-123456', userToken: 'tok' }))
    const r = cli('profiles', 'create', '--name', 'From file', '--base-url', 'https://f.example.com', '--secrets-file', f, '--json')
    expect(r.code, r.stderr).toBe(0)
    expect((jsonLines(r.stdout)[0] as { profile: { secrets: Record<string, boolean> } }).profile.secrets).toMatchObject({ userPassword: true, userToken: true, orderAppSecret: false })
    const piped = cliWith({ stdin: '{"orderAccessToken":"t"}' }, 'profiles', 'create', '--name', 'Piped', '--base-url', 'https://p.example.com', '--secrets-file', '-', '--json')
    expect((jsonLines(piped.stdout)[0] as { profile: { secrets: Record<string, boolean> } }).profile.secrets).toMatchObject({ orderAccessToken: true })
    const unknown = cli('profiles', 'create', '--name', 'Bad', '--base-url', 'https://b.example.com', '--secrets-file', file('bad.json', '{"orderAppSecrt":"x"}'))
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('orderAppSecrt')
    expect(cli('profiles', 'create', '--name', 'Bad', '--base-url', 'https://b.example.com', '--secrets-file', file('bad2.json', '["x"]')).code).toBe(2)
    expect(cli('profiles', 'create', '--name', 'Bad', '--base-url', 'https://b.example.com', '--secret', 'notASecret').code).toBe(2)
  })

  it('profiles set-secret: from stdin or --from-file, --clear removes; an empty secret is refused', () => {
    const piped = cliWith({ stdin: 'user-token\n' }, 'profiles', 'set-secret', 'cli acme', 'userToken', '--json')
    expect(piped.code, piped.stderr).toBe(0)
    expect((jsonLines(piped.stdout)[0] as { profile: { secrets: Record<string, boolean> } }).profile.secrets['userToken']).toBe(true)
    const fromFile = cli('profiles', 'set-secret', 'Cli Acme', 'userPassword', '--from-file', file('pw.txt', 'pw-123456\n'))
    expect(fromFile.code, fromFile.stderr).toBe(0)
    expect(fromFile.stdout).toContain('the user password of “Cli Acme” set')
    const cleared = cli('profiles', 'set-secret', 'Cli Acme', 'userToken', '--clear', '--json')
    expect((jsonLines(cleared.stdout)[0] as { profile: { secrets: Record<string, boolean> } }).profile.secrets['userToken']).toBe(false)
    const empty = cliWith({ stdin: '\n' }, 'profiles', 'set-secret', 'Cli Acme', 'userToken')
    expect(empty.code).toBe(2)
    expect(empty.stderr).toContain('The user token is required')
    expect(cli('profiles', 'set-secret', 'Nowhere', 'userToken', '--clear').code).toBe(2)
  })

  it.skipIf(!hasScript)('profiles set-secret on a terminal: a hidden prompt, the secret never echoed', async () => {
    const child = spawn('script', ['-q', '-e', '-c', `${CLI_COMMAND} profiles set-secret "Cli Acme" orderAppSecret --json`, '/dev/null'], { cwd: root, env })
    let out = ''
    let sent = false
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      if (!sent && out.includes('(typing is hidden): ')) {
        sent = true
        // Typed as soon as the prompt shows (echo is off before it does).
        child.stdin.write('hunter2-typed\r')
      }
    })
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(0)
    expect(out).toContain('The order-group app secret (typing is hidden): ')
    expect(out).not.toContain('hunter2')
    expect(out).toContain('"orderAppSecret":true')
  })

  it('call --input-file keeps a JSON input (and its secrets) off the command line', () => {
    const f = file('input.json', JSON.stringify({ fields: { name: 'Via call', baseUrl: 'https://c.example.com' }, secrets: { orderAppSecret: 'from-file' } }))
    const r = cli('call', 'profiles.create', '--input-file', f, '--json')
    expect(r.code, r.stderr).toBe(0)
    expect(jsonLines(r.stdout)[0]).toMatchObject({ type: 'result', value: { name: 'Via call', secrets: { orderAppSecret: true } } })
    expect(cliWith({ stdin: '{}' }, 'call', 'profiles.list', '--input-file', '-').code).toBe(0)
    expect(cli('call', 'profiles.list', '{}', '--input-file', f).code).toBe(2)
  })

  it('a reader that stops early (| head) does not make the CLI crash: no EPIPE, the exit code unchanged', () => {
    // 20,000 fresh asset numbers (over the pipe's buffer) read by a `head -n 2` that closes the pipe early.
    const r = spawnSync('bash', ['-o', 'pipefail', '-c', `${CLI_COMMAND} shellnums --size 20000 | head -n 2; echo "exit=\${PIPESTATUS[0]}"`], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled|Error:/)
    expect(r.stdout).toMatch(/^20000 asset number\(s\):\n\d{10}\nexit=0\n$/)
  })

  it('the CLI writes to the same journal the app shows', () => {
    const r = cli('call', 'journal.list', '{"operations":["lockAssets","unlockAssets"],"limit":500}', '--json')
    expect(r.code).toBe(0)
    const page = (jsonLines(r.stdout)[0]!['value'] as { total: number; entries: { jobId?: string }[] })
    expect(page.total).toBeGreaterThanOrEqual(2)
    expect(page.entries.every((e) => e.jobId)).toBe(true)
  })

  it('Ctrl-C pauses the job: calls in flight finish, the results file is still written, the resume line is printed, exit 130', async () => {
    const numbers = Array.from({ length: 2000 }, (_, i) => String(8300000000 + i)).join('\n')
    const input = file('many.txt', numbers)
    const out = join(dir, 'many.csv')
    const child = spawnCli(['locks', 'disable', '-f', input, '--chunk-size', '1', '-o', out, '--json'], { env })
    let stdout = ''
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    // Interrupt once the job is well under way (its second progress line).
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString()
        if ((stdout.match(/"type":"progress"/g) ?? []).length >= 2) resolve()
      })
    })
    child.kill('SIGINT')
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(130)
    const result = jsonLines(stdout).find((l) => l['type'] === 'result') as { job: { id: string; status: string; counts: Record<string, number> } }
    expect(result.job.status).toBe('paused')
    expect(result.job.counts['cancelled']).toBe(0)
    expect(result.job.counts['pending']).toBeGreaterThan(0)
    expect(stderr).toContain(`license-desk call bulk.resume '{"id":"${result.job.id}"}'`)
    expect(stderr).toMatch(/Paused: the calls in flight finished and nothing else was sent; \d+ item\(s\) are waiting/)
    const rows = Papa.parse<Record<string, string>>(readFileSync(out, 'utf8').trim(), { header: true }).data
    expect(rows).toHaveLength(2000)
    expect(rows.every((x) => ['failed', 'pending'].includes(x['state']!))).toBe(true)
    pausedJob = result.job.id
  })

  it('call bulk.resume runs the paused job here to its end (not "running" and back to paused)', () => {
    expect(pausedJob).not.toBe('')
    const r = cli('call', 'bulk.resume', JSON.stringify({ id: pausedJob }), '--json')
    const lines = jsonLines(r.stdout)
    const result = lines.find((l) => l['type'] === 'result') as { job: { status: string; counts: Record<string, number> } }
    expect(result.job.status, r.stderr).toBe('completed')
    expect(result.job.counts['pending']).toBe(0)
    expect(result.job.counts['total']).toBe(2000)
    // Numbers the sandbox does not know fail: a partial failure or nothing done, never "running".
    expect([1, 2]).toContain(r.code)
    const again = jsonLines(cli('call', 'bulk.get', JSON.stringify({ id: pausedJob, limit: 1 }), '--json').stdout)[0]!['value'] as { job: { status: string } }
    expect(again.job.status).toBe('completed')
    const human = cli('call', 'bulk.resume', JSON.stringify({ id: pausedJob }))
    expect(human.stdout).toMatch(/^Disable locks: \d+ done, \d+ failed, 0 outcome unknown, 0 not sent \(cancelled\), 0 not done yet/m)
  })

  it('while another process owns the data folder, a command that writes refuses in one line naming it; reading works', async () => {
    // A browser-mode core on the same folder (its sandbox address is never called).
    const holder = spawn(process.execPath, ['--import', 'tsx/esm', 'test/integration/core/owner-child.ts', 'http://127.0.0.1:9', join(dir, 'data'), 'browser', 'hold'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] })
    await new Promise<void>((resolve) => holder.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve()))
    try {
      const busy = /^license-desk: The data folder is in use by License Desk process \d+ \(browser mode\): only one process at a time runs jobs and sends orders from it\. Do this there, or close it and try again\.\n$/
      const resume = cli('call', 'bulk.resume', JSON.stringify({ id: pausedJob }))
      expect(resume.code).toBe(2)
      expect(resume.stderr).toMatch(busy)
      const submit = cli('orders', 'submit', join(dir, 'no-such-order.xlsx'))
      expect(submit.code).toBe(2)
      expect(submit.stderr).toMatch(busy)
      const locks = cli('locks', 'disable', '-f', file('two.txt', '8100000001\n8100000002'), '--lang', 'zh-CN')
      expect(locks.code).toBe(2)
      expect(locks.stderr).toContain('数据文件夹正被 License Desk process')
      // Reading goes on: the jobs as the owner keeps them, the profiles.
      const list = cli('call', 'bulk.list', '--json')
      expect(list.code, list.stderr).toBe(0)
      expect(JSON.stringify(jsonLines(list.stdout)[0])).toContain(pausedJob)
      expect(cli('profiles', 'list').code).toBe(0)
    } finally {
      holder.kill('SIGTERM')
      await new Promise((resolve) => holder.on('exit', resolve))
    }
  })

  it('the bin says to build first when the build is missing', () => {
    const copy = join(dir, 'pkg', 'bin')
    mkdirSync(copy, { recursive: true })
    copyFileSync(join(root, 'bin', 'license-desk.mjs'), join(copy, 'license-desk.mjs'))
    const r = spawnSync(process.execPath, [join(copy, 'license-desk.mjs'), 'test'], { encoding: 'utf8' })
    expect(r.status).toBe(2)
    expect(r.stderr).toContain('npm run build')
  })
})
