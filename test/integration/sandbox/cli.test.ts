// The CLI as `npm run sandbox` runs it (scripts/sandbox.mjs: tsx's loader in one process): one line on stdout, a working server, a clean stop on SIGTERM
// and SIGINT with the data file written, help, and clear refusals of bad options.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { removeDir, tempDir } from '../../support/tmp'
import { appToken } from './helpers'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'

const root = fileURLToPath(new URL('../../..', import.meta.url))

interface Run {
  stdout: string
  stderr: string
  code: number | null
}

/** Starts the CLI; resolves once the first stdout line arrives (or the process ends). */
function start(args: string[]) {
  const child = spawn(process.execPath, ['scripts/sandbox.mjs', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const ended = new Promise<Run>((resolve) => child.on('exit', (code) => resolve({ stdout, stderr, code })))
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const nl = stdout.indexOf('\n')
      if (nl >= 0) resolve(stdout.slice(0, nl))
    })
    void ended.then((r) => reject(new Error(`exited ${r.code}: ${r.stderr}`)))
  })
  // Runs that are expected to fail never print a line: that rejection is theirs to ignore.
  firstLine.catch(() => undefined)
  return { child, firstLine, ended }
}

let dir: string
beforeEach(async () => {
  dir = await tempDir('ld-sandbox-cli-')
})
afterEach(() => removeDir(dir))

describe('sandbox CLI', () => {
  it('prints exactly one line, serves, and stops cleanly on SIGTERM with the data file written', async () => {
    const file = join(dir, 'cli.json')
    const run = start(['--port', '0', '--data', file])
    const line = await run.firstLine
    expect(line).toMatch(/^sandbox listening on http:\/\/127\.0\.0\.1:\d+$/)
    const url = line.replace('sandbox listening on ', '')
    expect(await appToken(url, SANDBOX_DEMO.orderApp)).toBeTruthy()
    run.child.kill('SIGTERM')
    const result = await run.ended
    expect(result.code).toBe(0)
    expect(result.stdout).toBe(`${line}\n`)
    expect(existsSync(file)).toBe(true)
  })

  it('stops on SIGINT too', async () => {
    const run = start(['--port', '0', '--quiet', '--seed', '5', '--fail-rate', '0.1', '--latency', '1'])
    await run.firstLine
    run.child.kill('SIGINT')
    expect((await run.ended).code).toBe(0)
  })

  it('--help lists the options and exits 0', async () => {
    const r = await start(['--help']).ended
    expect(r.code).toBe(0)
    for (const o of ['--port', '--host', '--data', '--scale', '--latency', '--fail-rate', '--drop-rate', '--drop-after-work-rate', '--seed']) expect(r.stdout).toContain(o)
  })

  it('refuses bad option values with a message and prints nothing on stdout', async () => {
    const cases: [string[], RegExp][] = [
      [['--fail-rate', '2'], /fail-rate/],
      [['--port', 'abc'], /port/],
      [['--scale', '0'], /scale/],
      [['--region', '7'], /region/],
    ]
    // In parallel: each run pays the tsx start-up.
    const runs = await Promise.all(cases.map(([args]) => start(args).ended))
    runs.forEach((r, i) => {
      expect(r.code).not.toBe(0)
      expect(r.stdout).toBe('')
      expect(r.stderr).toMatch((cases[i] as [string[], RegExp])[1])
    })
  })

  it('a data file that is not sandbox state stops it with the reason', async () => {
    const file = join(dir, 'bad.json')
    await import('node:fs/promises').then((fs) => fs.writeFile(file, 'nope'))
    const r = await start(['--port', '0', '--data', file]).ended
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('not valid JSON')
  })
})
