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
const cpus: number[] = []
const session = new Session(); session.connect()
const WARM = 5
for (let i = 0; i < reps + WARM; i++) {
  if (i === WARM) { await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 100 }); await session.post('Profiler.start') }
  await new Promise((r) => setTimeout(r, 50))
  const c0 = process.cpuUsage(); const t0 = performance.now()
  const s = kind === 'members'
    ? await runner.start({ kind: 'members.import', enterpriseGlobalId: SANDBOX_DEMO.enterpriseGlobalId, items: Array.from({ length: 5000 }, (_, k) => ({ userName: `p${Date.now().toString(36)}${i}n${k}`, password: `Bench${k}pw`, name: `B ${k}` })) })
    : await runner.start({ kind: i % 2 ? 'locks.enable' : 'locks.disable', items: locks })
  await runner.wait(s.id)
  if (i >= WARM) { times.push(performance.now() - t0); const c = process.cpuUsage(c0); cpus.push((c.user + c.system) / 1000) }
}
const { profile } = await session.post('Profiler.stop')
writeFileSync(`/tmp/engprof/${kind}.cpuprofile`, JSON.stringify(profile))
times.sort((a, b) => a - b); cpus.sort((a, b) => a - b)
console.log(kind, 'min', times[0]!.toFixed(1), 'median', times[reps >> 1]!.toFixed(1), 'cpu median', cpus[reps >> 1]!.toFixed(1))
await runner.close(); await journal.close(); await client.close(); await sb.stop()
