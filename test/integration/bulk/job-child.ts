/**
 * Child process of the crash test: runs one employee import (or, with `locks`, a lock disable of <count> lock
 * numbers in chunks of 10) against a sandbox URL in a data folder, prints `job <id>` once started, and keeps
 * going until it ends (or is killed, which is the point).
 * Args: <sandboxUrl> <dataDir> <count> <prefix> [locks]
 * With LD_TEST_KEYCHAIN=<file> the passwords live in a keychain stand-in in that file (test/support/file-keytar.ts,
 * outside the data folder); without it, in this process's memory (no keychain: a kill loses them).
 * LD_TEST_CONCURRENCY: calls out at once (default 2).
 * LD_TEST_KILL_AT: the child kills itself (SIGKILL) at an event instead of waiting to be killed: `done:<n>` as
 * soon as a progress event counts n items done (their result line not yet on disk: it is written lazily), or
 * `sent:<k>` right after the k-th `sent` line is written (that call's request has not left yet).
 */
import { DEFAULT_BULK } from '@shared/settings'
import { createApiClient } from '../../../src/main/api/client'
import { BulkRunner } from '../../../src/main/services/bulk'
import { JobStore } from '../../../src/main/services/bulk/job-store'
import { Journal } from '../../../src/main/services/journal'
import { KeytarVault } from '../../../src/main/services/vault'
import { fileKeytar } from '../../support/file-keytar'
import { DEMO_EID, demoConfig } from '../api/support'

const [url, dataDir, count, prefix, kind] = process.argv.slice(2) as [string, string, string, string, string | undefined]
const [killOn, killAt] = (process.env.LD_TEST_KILL_AT ?? ':').split(':') as [string, string]
function die(): never {
  process.kill(process.pid, 'SIGKILL')
  throw new Error('killed')
}
if (killOn === 'sent') {
  // A hook on the store: the line is in the file (written synchronously) when the original returns.
  const markSent = JobStore.prototype.markSent
  let marks = 0
  JobStore.prototype.markSent = function (this: JobStore, ...args: Parameters<typeof markSent>) {
    const r = markSent.apply(this, args)
    if (++marks !== Number(killAt)) return r
    // Written now (null), or once the returned write is on disk: the runner sends only after either.
    if (r === null) die()
    return r.then(die)
  }
}
const journal = new Journal({ dataDir })
const client = createApiClient(demoConfig({ url }), { journal })
const runner = new BulkRunner({
  dataDir,
  clientFor: async () => client,
  settings: async () => ({ ...DEFAULT_BULK, concurrency: Number(process.env.LD_TEST_CONCURRENCY ?? 2) }),
  activeProfileId: async () => 'it-profile',
  operatorIdentity: async () => 'crash@example.com',
  onProgress: (p) => {
    if (killOn === 'done' && p.done >= Number(killAt)) die()
  },
  // Every progress event at once (no throttle), so `done:<n>` kills in the step that recorded the n-th result.
  progressIntervalMs: killOn === 'done' ? 0 : 100,
  ...(process.env.LD_TEST_KEYCHAIN ? { secrets: new KeytarVault(fileKeytar(process.env.LD_TEST_KEYCHAIN)).jobs } : {}),
})
const job =
  kind === 'locks'
    ? await runner.start({ kind: 'locks.disable', items: Array.from({ length: Number(count) }, (_, i) => `${prefix}${String(i).padStart(6, '0')}`), chunkSize: 10 })
    : await runner.start({
        kind: 'members.import',
        enterpriseGlobalId: DEMO_EID,
        items: Array.from({ length: Number(count) }, (_, i) => ({ userName: `${prefix}${i}`, password: `Crash${i}pw`, name: `Crash ${i}` })),
      })
process.stdout.write(`job ${job.id}\n`)
await runner.wait(job.id)
process.stdout.write('done\n')
