/**
 * Child process of the offboarding kill test: starts an offboarding (kind members.offboard, then delete) of the
 * people in a JSON file against a sandbox URL in a data folder, prints `job <id>`, and kills itself with SIGKILL
 * (no chance to clean up) once two people are done: the point is the resume by another process.
 * Args: <sandboxUrl> <dataDir> <peopleJsonFile>
 */
import { readFileSync } from 'node:fs'
import { DEFAULT_BULK } from '@shared/settings'
import type { OffboardPerson } from '@shared/members/offboard'
import { createApiClient } from '../../../src/main/api/client'
import { BulkRunner } from '../../../src/main/services/bulk'
import { Journal } from '../../../src/main/services/journal'
import { DEMO_EID, demoConfig } from '../api/support'

const [url, dataDir, file] = process.argv.slice(2) as [string, string, string]
const items = JSON.parse(readFileSync(file, 'utf8')) as OffboardPerson[]
const journal = new Journal({ dataDir })
const client = createApiClient(demoConfig({ url }), { journal })
const runner = new BulkRunner({
  dataDir,
  clientFor: async () => client,
  settings: async () => ({ ...DEFAULT_BULK, concurrency: 2 }),
  activeProfileId: async () => 'it-profile',
  operatorIdentity: async () => 'offboard@example.com',
  onProgress: (p) => {
    if (p.done >= 2) process.kill(process.pid, 'SIGKILL')
  },
})
const job = await runner.start({ kind: 'members.offboard', enterpriseGlobalId: DEMO_EID, then: 'delete', confirmCount: items.length, items })
process.stdout.write(`job ${job.id}\n`)
await runner.wait(job.id)
process.stdout.write('done\n')
