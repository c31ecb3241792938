/**
 * Child process of the kill test: a core over <dataDir> with a profile on <sandboxUrl>, submits <n> orders, and
 * prints `sending <orderId>` the moment one of them is on its way (its request journaled ahead and claimed), so
 * the parent can kill it (SIGKILL) with the request in flight. Prints `profile <id>` first.
 * Args: <dataDir> <sandboxUrl> <customerId> <n>
 */
import { createCore } from '../../../src/main/core'
import { silentLogger } from '../../../src/main/services/log'
import { MemoryVault } from '../../../src/main/services/vault'
import { call, freshAssetNo, newBuyEntry, orderBody, profileInput, saveDraft } from './support'

const [dataDir, url, customerId, n] = process.argv.slice(2) as [string, string, string, string]
const core = await createCore({ dataDir, shell: 'browser', version: '0.0.0-test', log: silentLogger, vault: new MemoryVault('child'), startSandbox: null })
const profile = await call(core, 'profiles.create', profileInput(url, 'Kill'))
await call(core, 'profiles.activate', { id: profile.id })
process.stdout.write(`profile ${profile.id}\n`)
for (let i = 0; i < Number(n); i++) {
  const body = orderBody(`KILL-${i}-${freshAssetNo()}`, [newBuyEntry(customerId, [freshAssetNo()])])
  const d = await saveDraft(core, profile.id, body)
  await call(core, 'orders.submit', { draftId: d.id, baseRevision: d.revision })
}
for (;;) {
  const sending = core.services.orders.store.list({ profileId: profile.id, query: '', states: ['sending'], offset: 0, limit: 10 }).orders
  for (const s of sending) {
    const o = core.services.orders.store.get(s.id)
    if (o.detail.attemptList.at(-1)?.journalId) {
      process.stdout.write(`sending ${o.id}\n`)
      await new Promise((r) => setTimeout(r, 60_000))
    }
  }
  await new Promise((r) => setTimeout(r, 2))
}
