/**
 * `license-desk assets plan FILE [--apply]` as a real process on the Sandbox profile: the dry run says the diff in
 * words (a move said as one), the counts and the refused cells, and sends nothing; `--apply` sends it (here in
 * Chinese) and the enterprise then holds the numbers as planned.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../support/cli'
import { removeDir, tempDir } from '../../support/tmp'

let dir: string
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  dir = await tempDir('ld-cli-plan-')
  env = { ...process.env, LICENSE_DESK_DATA_DIR: join(dir, 'data'), LICENSE_DESK_VAULT: 'memory', TSX_TSCONFIG_PATH: 'tsconfig.node.json', LANG: 'en_US.UTF-8' }
})
afterAll(() => removeDir(dir))

const cli = (args: string[]) => runCli(args, { env })

describe('license-desk assets plan', () => {
  it('dry run by default; --apply sends the changes', () => {
    const f = join(dir, 'plan.csv')
    // 8100000041 is held by zhangsan: giving it to lisi is a move.
    writeFileSync(f, ['employee,asset,action', 'wangwu,8100000002,assign', 'lisi,8100000041,assign', 'wangwu,8199999999,assign'].join('\n'))
    // A held number ticked for two people: both ticks are refused, said at their lines, and it stays with its holder.
    const twice = join(dir, 'twice.csv')
    writeFileSync(twice, ['employee,asset', 'lisi,8100000041', 'wangwu,8100000041'].join('\n'))
    const refused = cli(['assets', 'plan', twice])
    expect(refused.code, refused.stderr).toBe(1)
    expect(refused.stderr).toMatch(/line 2: Not sent: 8100000041 is given to two people in this file \(also line 3\)/)
    expect(refused.stdout).toContain('2 with problems (not sent). 0 configure calls for 0 employees.')
    const dry = cli(['assets', 'plan', f])
    expect(dry.code, dry.stderr).toBe(1)
    expect(dry.stdout).toContain('王五 (wangwu) gets 8100000002; 8100000041 moves from 张三 (zhangsan) to 李四 (lisi)')
    expect(dry.stdout).toContain('1 to give, 0 to take back, 1 to move; 0 already as planned, 1 with problems (not sent). 3 configure calls for 3 employees.')
    expect(dry.stderr).toMatch(/line 4: Not sent: 8199999999 is not an asset number of this enterprise/)
    expect(dry.stdout).toContain('Dry run: nothing was sent')

    const applied = cli(['assets', 'plan', f, '--apply', '--lang', 'zh-CN'])
    expect(applied.code, applied.stderr).toBe(1)
    expect(applied.stdout).toMatch(/计划 \S+：共 4 项，已完成 3，原已符合 0，未完成 1。/)

    // Applied: the same plan now has nothing left to do.
    const again = cli(['assets', 'plan', f])
    expect(again.stdout).toContain('Nothing to change')
  })
})
