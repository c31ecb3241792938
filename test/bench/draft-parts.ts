/**
 * Bench: the core's side of typing in a big order. The order of test/bench/order-check.ts (100 entries, 100,000
 * asset numbers, 1,000 products, about 2 MB) is saved, then one entry is saved 20 times as the wizard sends it
 * (`saveParts`), from the body the store holds; then, for comparison, the whole body as `save` did it per key.
 * Prints one JSON line (scenario "draft-parts"). Run alone: `npx tsx --tsconfig tsconfig.node.json test/bench/draft-parts.ts`.
 */
import { fileURLToPath } from 'node:url'
import { MIGRATIONS, openDatabase } from '../../src/main/services/db'
import { DraftStore } from '../../src/main/services/drafts'
import { silentLogger } from '../../src/main/services/log'
import { removeDir, tempDir } from '../support/tmp'
import { bigOrder } from './order-check'

const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! * 10) / 10

export async function runDraftPartsBench(): Promise<Record<string, unknown>> {
  const dir = await tempDir('ld-bench-parts-')
  const db = openDatabase({ dataDir: dir, migrations: MIGRATIONS, log: silentLogger })
  try {
    const store = new DraftStore(db, {})
    const order = bigOrder()
    let meta = store.save({ kind: 'orders.order', body: order, baseRevision: 0 })
    const parts: number[] = []
    const whole: number[] = []
    for (let i = 0; i < 20; i++) {
      const e = { ...order.entries[50]!, customerName: `Edited ${i}` }
      const t = performance.now()
      meta = store.saveParts({ id: meta.id, kind: 'orders.order', parts: [{ field: 'entries', index: 50, value: e }], baseRevision: meta.revision })
      parts.push(performance.now() - t)
    }
    for (let i = 0; i < 10; i++) {
      const body = { ...order, note: `whole ${i}` }
      const t = performance.now()
      meta = store.save({ id: meta.id, kind: 'orders.order', body, baseRevision: meta.revision })
      whole.push(performance.now() - t)
    }
    return { scenario: 'draft-parts', bytes: JSON.stringify(order).length, partSaveMedianMs: median(parts), wholeSaveMedianMs: median(whole) }
  } finally {
    db.close()
    await removeDir(dir)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runDraftPartsBench().then((line) => process.stdout.write(JSON.stringify(line) + '\n'))
}
