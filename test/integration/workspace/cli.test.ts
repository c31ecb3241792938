/**
 * The CLI and the workspace: `--workspace` syncs a command's changes with a workspace (the password from
 * LICENSE_DESK_WORKSPACE_PASSWORD, never on the command line), and `workspace status` says whether it answers and
 * what waits to sync, in both languages.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runCli } from '../../support/cli'
import { asAdmin, sharedCluster } from '../../support/pg'
import { removeDir, tempDir } from '../../support/tmp'
import { setupWorkspace, type TestWorkspace } from '../../support/workspace'

let dir: string
let ws: TestWorkspace
let release: () => Promise<void>
let env: NodeJS.ProcessEnv
let url: string

beforeAll(async () => {
  const cluster = await sharedCluster()
  release = cluster.release
  ws = await setupWorkspace(cluster.server, ['erin'])
  dir = await tempDir()
  const m = ws.members[0]!
  env = { ...process.env, LICENSE_DESK_DATA_DIR: join(dir, 'data'), LICENSE_DESK_VAULT: 'memory', LANG: 'en_US.UTF-8', LICENSE_DESK_WORKSPACE_PASSWORD: m.password }
  url = `postgres://${m.user}@${ws.server.host}:${ws.server.port}/${ws.database}?workstation=cli-desk`
})

afterAll(async () => {
  await ws?.drop()
  await release?.()
  await removeDir(dir)
})

it('a customer imported with --workspace reaches the workspace; workspace status tells it is reachable and nothing waits', async () => {
  const file = join(dir, 'book.csv')
  writeFileSync(file, 'Customer name\nTyped on the CLI\n')
  const saved = runCli(['--workspace', url, 'customers', 'import', '--file', file], { env })
  expect(saved.stderr).toBe('')
  expect(saved.code).toBe(0)
  const rows = await asAdmin(ws.server, (c) => c.query("SELECT body->>'customerName' AS name, updated_from FROM desk.records WHERE kind = 'customer'"), ws.database)
  expect(rows.rows).toEqual([{ name: 'Typed on the CLI', updated_from: 'cli-desk' }])

  const status = runCli(['--workspace', url, 'workspace', 'status'], { env })
  expect(status.code).toBe(0)
  expect(status.stdout).toContain('reachable')
  expect(status.stdout).toContain('Waiting to sync: 0 change(s)')
  const zh = runCli(['--workspace', url, '--lang', 'zh-CN', '--json', 'workspace', 'status'], { env })
  expect(JSON.parse(zh.stdout.trim().split('\n')[0]!)).toMatchObject({ type: 'result', workspace: { online: true, pending: 0, tls: false } })
})

it('a password in the address is refused; without a workspace, status says how to set one', () => {
  const bad = runCli(['--workspace', url.replace('@', ':secret@'), 'workspace', 'status'], { env })
  expect(bad.code).not.toBe(0)
  expect(bad.stderr).toContain('no password in the address')
  const none = runCli(['--lang', 'zh-CN', 'workspace', 'status'], { env })
  expect(none.code).toBe(0)
  expect(none.stdout).toContain('尚未设置团队工作区')
})
