/**
 * The Members screen's list at 50,000 employees: the round trip of `members.list` (a page of 100 with a keyword)
 * through the core as the screen calls it (the registry's input and output checks, the API client, the sandbox
 * over HTTP in a child process at scale 2000, the records normalised). Target: under 100 ms.
 *
 * Two figures: a new keyword each time (as typed: the service filters 50,000 employees anew), and paging
 * through one keyword's results (next page, a jump, the last page). One JSON line on stdout:
 * `{ scenario: 'members.list', employees, pageSize, keyword: {medianMs, p95Ms, maxMs, n}, paging: {…}, targetMs }`.
 *
 * Run alone: `npx tsx --tsconfig tsconfig.node.json test/bench/member-list.ts`; `npm run bench` runs it too.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import type { MemberPageView } from '@shared/ipc/channels/members'
import { createCore, type Core } from '../../src/main/core'
import { silentLogger } from '../../src/main/services/log'
import { MemoryVault } from '../../src/main/services/vault'
import { startChildSandbox } from './child-sandbox'

const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`)
const SCALE = 2000
const PAGE = 100

function stats(ms: number[]): { medianMs: number; p95Ms: number; maxMs: number; n: number } {
  const s = [...ms].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!
  const r = (n: number) => Math.round(n * 10) / 10
  return { medianMs: r(at(0.5)), p95Ms: r(at(0.95)), maxMs: r(s[s.length - 1]!), n: s.length }
}

async function list(core: Core, input: Record<string, unknown>): Promise<{ ms: number; page: MemberPageView }> {
  const t0 = performance.now()
  const r = await core.registry.invoke('members.list', input, { transport: 'test' })
  const ms = performance.now() - t0
  if (!r.ok) throw new Error(`members.list: ${JSON.stringify(r.error)}`)
  return { ms, page: r.value as MemberPageView }
}

export async function runMemberListBench(): Promise<Record<string, unknown>> {
  log(`member list: starting the sandbox at scale ${SCALE} (50,000 employees) in a child process`)
  const sb = await startChildSandbox(['--scale', String(SCALE)])
  const dir = mkdtempSync(join(tmpdir(), 'ld-bench-members-'))
  const core = await createCore({ dataDir: dir, shell: 'browser', version: 'bench', log: silentLogger, vault: new MemoryVault('bench'), startSandbox: null, followActiveProfile: false })
  try {
    const created = await core.registry.invoke(
      'profiles.create',
      {
        fields: {
          name: 'Bench',
          baseUrl: sb.url,
          orderAppKey: SANDBOX_DEMO.orderApp.clientId,
          memberAppKey: SANDBOX_DEMO.memberApp.clientId,
          userLogin: SANDBOX_DEMO.user.username,
          enterpriseGlobalId: SANDBOX_DEMO.enterpriseGlobalId,
        },
        secrets: { orderAppSecret: SANDBOX_DEMO.orderApp.clientSecret, memberAppSecret: SANDBOX_DEMO.memberApp.clientSecret, userPassword: SANDBOX_DEMO.user.password },
      },
      { transport: 'test' },
    )
    if (!created.ok) throw new Error(JSON.stringify(created.error))
    const profileId = (created.value as { id: string }).id
    const base = { profileId, pageSize: PAGE }

    // Warm up (tokens, connections, the JIT) on pages without a keyword; also the keywords to type.
    const first = await list(core, { ...base, pageNum: 1, pageSize: 500 })
    const total = first.page.total
    for (let i = 0; i < 20; i++) await list(core, { ...base, pageNum: 1 + i * 7 })
    const words = new Set<string>()
    for (const m of first.page.list) {
      const letters = m.userName.replace(/\d+$/, '')
      for (const n of [2, 3, 4]) if (letters.length >= n) words.add(letters.slice(0, n))
      if (m.name) words.add(m.name.slice(0, 1))
    }
    const keywords = [...words].slice(0, 60)

    // A new keyword each time: the service filters every employee for it.
    const keywordMs: number[] = []
    const hits: { keyword: string; pages: number }[] = []
    for (const keyword of keywords) {
      const r = await list(core, { ...base, keyword, pageNum: 1 })
      keywordMs.push(r.ms)
      hits.push({ keyword, pages: r.page.pages })
    }
    // Paging through the results of the broadest keywords: next, a jump, the last page.
    const pagingMs: number[] = []
    for (const h of hits.sort((a, b) => b.pages - a.pages).slice(0, 6)) {
      for (const pageNum of [2, 3, 4, Math.ceil(h.pages / 2), h.pages]) {
        if (pageNum < 1 || pageNum > h.pages) continue
        pagingMs.push((await list(core, { ...base, keyword: h.keyword, pageNum })).ms)
      }
    }
    const line = { scenario: 'members.list', employees: total, pageSize: PAGE, keyword: stats(keywordMs), paging: stats(pagingMs), targetMs: 100 }
    log(`member list: ${JSON.stringify(line)}`)
    return line
  } finally {
    await core.dispose()
    await sb.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  runMemberListBench()
    .then((line) => process.stdout.write(JSON.stringify(line) + '\n'))
    .catch((err: unknown) => {
      process.stderr.write(`[bench] member list failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
      process.exit(1)
    })
}
