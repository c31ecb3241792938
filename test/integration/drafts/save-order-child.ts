/**
 * Child process of the order-draft kill test: saves 'orders.order' drafts as fast as it can, a few drafts in turn,
 * each an order of realistic size (1 to 100 entries, each with asset numbers, products and a two-level package),
 * and prints `saved <id> <revision>` after each save returns (the moment the wizard would show "saved").
 * Args: <dataDir> <round>
 */
import { MIGRATIONS, openDatabase } from '../../../src/main/services/db'
import { DraftStore } from '../../../src/main/services/drafts'
import { silentLogger } from '../../../src/main/services/log'
import { emptyEntry, emptyMerchandise, emptyProduct, orderDraftSchema, type OrderDraft } from '../../../src/shared/orders/draft'

const [dataDir, round] = process.argv.slice(2) as [string, string]
const store = new DraftStore(openDatabase({ dataDir, migrations: MIGRATIONS, log: silentLogger }))
const ids = ['order-a', 'order-b', 'order-c', `order-round-${round}`]
const revisions = new Map<string, number>()
for (const id of ids) {
  try {
    revisions.set(id, store.get(id).revision)
  } catch {
    revisions.set(id, 0)
  }
}

/** An order of `entries` new purchases for different customers, as the wizard keeps it while it is typed. */
function order(n: number, entries: number): OrderDraft {
  const list = Array.from({ length: entries }, (_, i) => {
    const e = emptyEntry(i % 7 === 6 ? 'delete_asset' : 'new_buy')
    Object.assign(e, {
      licenseType: 'normal_recover_usbkey',
      customerName: `Customer ${i} of round ${round}`,
      channelCustomerId: `CC-${i}`,
      enterpriseGlobalId: `E${String(i).padStart(15, '0')}`,
      adminName: 'Admin',
      adminAccount: `admin${i}`,
      adminEmail: `admin${i}@example.cn`,
      adminCellNumber: '13912345678',
      branchCode: 'SH',
      branchName: 'Shanghai',
    })
    const g = e.assets[0]!
    g.assetNos = Array.from({ length: 1 + ((n + i) % 10) }, (_, k) => `81${String(n * 1000 + i * 10 + k).padStart(8, '0')}`)
    g.products = [0, 1, 2].map((k) => {
      const p = emptyProduct()
      Object.assign(p, { crmProductId: `P-${n}-${i}-${k}`, productUri: `gms:${100 + k}`, productName: `Product ${k}`, productType: 'normal', limitConcurrent: 1 + k })
      return p
    })
    const pkg = emptyMerchandise()
    Object.assign(pkg, { crmProductId: `M-${n}-${i}`, merchandiseNum: 'M-1', merchandiseName: 'Suite' })
    const child = emptyMerchandise()
    Object.assign(child, { crmProductId: `M-${n}-${i}-c`, parentCrmProductId: pkg.crmProductId, merchandiseNum: 'M-2', merchandiseName: 'Add-on', parentMerchandiseNum: 'M-1' })
    child.products = [emptyProduct()]
    pkg.children = [child]
    pkg.products = [emptyProduct()]
    g.merchandises = [pkg]
    return e
  })
  return orderDraftSchema.parse({ channelOrderId: `LD-KILL-${round}-${n}`, entries: list, note: `save ${n}` })
}

let n = 0
for (;;) {
  const id = ids[n % ids.length]!
  const base = revisions.get(id)!
  const meta = store.save({ id, kind: 'orders.order', name: `Order round ${round}`, body: order(n, 1 + ((n * 37) % 100)), baseRevision: base })
  revisions.set(id, meta.revision)
  process.stdout.write(`saved ${id} ${meta.revision}\n`)
  n++
  if (n % 4 === 0) await new Promise((r) => setImmediate(r))
}
