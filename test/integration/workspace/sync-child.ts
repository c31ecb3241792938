/**
 * Child process of the kill test: a core joins a workspace, queues `count` edits of the customer book at once (100
 * customers, then changes to them in turn), prints `queued`, and syncs until it is killed.
 * Args: <dataDir> <json: { host, port, database, user, password, count }>
 */
import { createCore } from '../../../src/main/core'
import { silentLogger } from '../../../src/main/services/log'
import { SANDBOX_PROFILE_ID } from '../../../src/main/services/profiles'
import { MemoryVault } from '../../../src/main/services/vault'

const [dataDir, json] = process.argv.slice(2) as [string, string]
const o = JSON.parse(json) as { host: string; port: number; database: string; user: string; password: string; count: number }
const core = await createCore({ dataDir, shell: 'browser', version: '0.0.0-test', log: silentLogger, vault: new MemoryVault('test'), startSandbox: null })
await core.services.workspace.set({ host: o.host, port: o.port, database: o.database, user: o.user, profileId: SANDBOX_PROFILE_ID, workstation: 'child' }, o.password)
const book = core.services.customers.book
// Edits are made before the sync can run (one synchronous loop, one commit: the test is about the sync, not the
// disk), so every one is in the outbox when it starts; each is still its own change.
const ids: string[] = []
core.services.db.tx(() => {
  for (let i = 0; i < o.count; i++) {
    if (i < 100) ids.push(book.save(SANDBOX_PROFILE_ID, undefined, { customerName: `c${i} v0` }).id)
    else book.save(SANDBOX_PROFILE_ID, ids[i % 100], { customerName: `c${i % 100} v${Math.floor(i / 100)}` })
  }
})
process.stdout.write('queued\n')
// Like the app's window or HTTP server: the process stays up (syncing) until it is killed.
setInterval(() => undefined, 60_000)
