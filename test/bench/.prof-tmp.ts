// scratch profiling driver (not committed)
import { mkdtempSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { DEFAULT_BULK } from '@shared/settings'
import { TOGGLEABLE_LOCK_TYPES } from '@shared/api/orders'
import { createApiClient } from '../../src/main/api/client'
import { BulkRunner } from '../../src/main/services/bulk'
import { Journal } from '../../src/main/services/journal'
import { startChildSandbox } from './child-sandbox'
import { bareAgent, bareLocks } from './bare-loop'
import { chunk } from '../../src/main/services/bulk'

const kind = process.argv[2] ?? 'members'
const reps = Number(process.argv[3] ?? 20)
const sb = await startChildSandbox(['--scale', '200', '--latency', '2'])
const url = sb.url
const secrets: Record<string, string> = { orderAppSecret: SANDBOX_DEMO.orderApp.clientSecret, memberAppSecret: SANDBOX_DEMO.memberApp.clientSecret, userPassword: SANDBOX_DEMO.user.password }
const config = { profileId: 'bench', baseUrl: url, tokenUrl: `${url}${SANDBOX_DEMO.tokenPath}`, orderAppKey: SANDBOX_DEMO.orderApp.clientId, memberAppKey: SANDBOX_DEMO.memberApp.clientId, userLogin: SANDBOX_DEMO.user.username, operatorIdentity: 'b', getSecret: async (n: string) => secrets[n] ?? null }
const dataDir = mkdtempSync(join(tmpdir(), 'ld-prof-'))
const journal = new Journal({ dataDir })
const client = createApiClient(config, { journal })
const runner = new BulkRunner({ dataDir, clientFor: async () => client, settings: async () => DEFAULT_BULK, activeProfileId: async () => 'bench', operatorIdentity: async () => 'b', onProgress: () => undefined })
const assets = await createApiClient(config).listVirtualAssets(SANDBOX_DEMO.enterpriseGlobalId)
const locks = assets.filter((a) => (TOGGLEABLE_LOCK_TYPES as readonly string[]).includes(a.licenseType) && !a.borrowedUsbKey && !/^80000/.test(a.assetNum)).map((a) => a.assetNum).slice(0, 10000)
const times: number[] = []
const bareAg = bareAgent()
let bareTok: { order: string; client: string; user: string } | undefined
const cpus: number[] = []
import { open as fsOpen } from 'node:fs/promises'
const probe = await fsOpen('/tmp/engprof/probe', 'w'); const FHproto = Object.getPrototypeOf(probe); await probe.close()
let syncs = 0; let writes = 0
const origSync = FHproto.datasync; FHproto.datasync = function (...a: unknown[]) { syncs++; return origSync.apply(this, a) }
const origWrite = FHproto.write; FHproto.write = function (...a: unknown[]) { writes++; return origWrite.apply(this, a) }
let firstSent = 0; let lastEnd = 0; const gaps: number[] = []
const origSent = Journal.prototype.sent; Journal.prototype.sent = function (this: Journal, id: string, at: number) { if (lastEnd) gaps.push(performance.now() - lastEnd); if (!firstSent) { firstSent = performance.now(); mark('firstsend') } return origSent.call(this, id, at) }
const origEnded = Journal.prototype.ended; Journal.prototype.ended = function (this: Journal, ...a: Parameters<Journal['ended']>) { lastEnd = performance.now(); return origEnded.apply(this, a) }
import { JobStore } from '../../src/main/services/bulk/job-store'
const marks: string[] = []; let T0 = 0
const mark = (m: string) => marks.push(`${m} ${(performance.now() - T0).toFixed(1)}`)
const oWJ = JobStore.prototype.writeJob; JobStore.prototype.writeJob = function (this: JobStore, f) { mark('writeJob>'); const p = oWJ.call(this, f); void p.then(() => mark('writeJob<')); return p }
const oSA = Journal.prototype.startedAll; Journal.prototype.startedAll = function (this: Journal, e) { mark('startedAll> ' + e.length); const p = oSA.call(this, e); void p.then(() => mark('startedAll<')); return p }
const oAp = JobStore.prototype.append; JobStore.prototype.append = function (this: JobStore, id, line, o) { if (line.e === 'send') { mark('sendline>'); const p = oAp.call(this, id, line, o); void p.then(() => mark('sendline<')); return p } return oAp.call(this, id, line, o) }
import { AppendLog } from '../../src/main/services/journal/append-log'
const byFile = new Map<string, number>()
const AP = AppendLog.prototype as unknown as { flush: () => Promise<void> }
const oFlush = AP.flush; AP.flush = function (this: { openPath: string }) { const k = this.openPath.includes('journal') ? 'journal' : this.openPath ? 'joblog' : 'new'; byFile.set(k, (byFile.get(k) ?? 0) + 1); return oFlush.call(this) }
import { BulkRunner as BR } from '../../src/main/services/bulk'
const oStart = BR.prototype.start; BR.prototype.start = function (this: BulkRunner, i) { mark('start>'); const p = oStart.call(this, i); void p.then(() => mark('start<')); return p }
const session = new Session(); session.connect()
const WARM = 5
for (let i = 0; i < reps + WARM; i++) {
  if (i === WARM && !process.env.NOPROF) { await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 100 }); await session.post('Profiler.start') }
  await new Promise((r) => setTimeout(r, 50))
  syncs = 0; writes = 0; firstSent = 0; byFile.clear()
  marks.length = 0; T0 = performance.now()
  const c0 = process.cpuUsage(); const t0 = performance.now()
  if (kind === 'bare') {
    const get = async (form: Record<string, string>) => ((await (await fetch(`${url}${SANDBOX_DEMO.tokenPath}`, { method: 'POST', body: new URLSearchParams(form) })).json()) as { access_token: string }).access_token
    bareTok ??= { order: await get({ grant_type: 'client_credentials', client_id: SANDBOX_DEMO.orderApp.clientId, client_secret: SANDBOX_DEMO.orderApp.clientSecret }), client: '', user: '' }
    T0 = performance.now()
    await bareLocks(bareAg, url, bareTok, chunk(locks, 100), 4, i % 2 === 0)
    if (i >= WARM) { times.push(performance.now() - t0); const c = process.cpuUsage(c0); cpus.push((c.user + c.system) / 1000) }
    continue
  }
  const s = kind === 'members'
    ? await runner.start({ kind: 'members.import', enterpriseGlobalId: SANDBOX_DEMO.enterpriseGlobalId, items: Array.from({ length: 5000 }, (_, k) => ({ userName: `p${Date.now().toString(36)}${i}n${k}`, password: `Bench${k}pw`, name: `B ${k}` })) })
    : await runner.start({ kind: i % 2 ? 'locks.enable' : 'locks.disable', items: locks })
  await runner.wait(s.id)
  if (i >= WARM) { console.log(marks.slice(0, 9).join(' | ')); gaps.sort((a, b) => a - b); console.log('gap p50', gaps[gaps.length >> 1]?.toFixed(3), 'p90', gaps[Math.floor(gaps.length * 0.9)]?.toFixed(3), 'n', gaps.length); gaps.length = 0; lastEnd = 0; console.log([...byFile].join(' ')); byFile.clear(); marks.length = 0; console.log('syncs', syncs, 'writes', writes, 'to first send', (firstSent - t0).toFixed(1), 'after last answer', (performance.now() - lastEnd).toFixed(1)); syncs = 0; writes = 0; times.push(performance.now() - t0); const c = process.cpuUsage(c0); cpus.push((c.user + c.system) / 1000) }
}
const { profile } = process.env.NOPROF ? { profile: {} } : await session.post('Profiler.stop')
writeFileSync(`/tmp/engprof/${kind}.cpuprofile`, JSON.stringify(profile))
times.sort((a, b) => a - b); cpus.sort((a, b) => a - b)
console.log(kind, 'min', times[0]!.toFixed(1), 'median', times[reps >> 1]!.toFixed(1), 'cpu median', cpus[reps >> 1]!.toFixed(1))
await runner.close(); await journal.close(); await client.close(); await sb.stop()
