/**
 * Child process of the kill test: saves drafts as fast as it can, a few drafts in turn with growing bodies, and
 * prints `saved <id> <revision>` after each save returns (the moment the screen would be told "saved").
 * Args: <dataDir> <round>
 */
import { MIGRATIONS, openDatabase } from '../../../src/main/services/db'
import { DraftStore } from '../../../src/main/services/drafts'
import { silentLogger } from '../../../src/main/services/log'

const [dataDir, round] = process.argv.slice(2) as [string, string]
const store = new DraftStore(openDatabase({ dataDir, migrations: MIGRATIONS, log: silentLogger }))
const ids = ['draft-a', 'draft-b', 'draft-c', `draft-round-${round}`]
const revisions = new Map<string, number>()
for (const id of ids) {
  try {
    revisions.set(id, store.get(id).revision)
  } catch {
    revisions.set(id, 0)
  }
}
let n = 0
for (;;) {
  const id = ids[n % ids.length]!
  const base = revisions.get(id)!
  // Bodies of varying size (up to ~400 KB), so kills land inside page writes too.
  const text = Array.from({ length: 1 + ((n * 7919) % 40_000) }, (_, i) => `81${String(i).padStart(8, '0')}`).join('\n')
  const meta = store.save({ id, kind: 'locks', name: `Round ${round}`, body: { text, operatorIdentity: `op ${n}`, action: 'disable' }, baseRevision: base })
  revisions.set(id, meta.revision)
  process.stdout.write(`saved ${id} ${meta.revision}\n`)
  n++
  if (n % 8 === 0) await new Promise((r) => setImmediate(r))
}
