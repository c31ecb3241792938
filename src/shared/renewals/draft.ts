/**
 * "Renew": an order draft that renews exactly the picked products on their asset numbers (docs/decisions.md,
 * "Renewals"). The spec has three order types and none called renew; a `new_buy` on an asset number that exists
 * (same enterprise and license type) adds the products to it, so a renewal is a `new_buy` entry per customer and
 * license type, an asset group per asset number, and per product the same product (URI, name, type, ids, node
 * count) starting when the old one ends, for the same length (its `timeDurationExpression`, one year when it has
 * none), the end date from the duration helper. An asset's own end date (a key-account lock) moves with the
 * asset group's dates. The customer fields come from the book. The draft is an ordinary `orders.order` draft, not
 * ready: the wizard checks it like any order.
 */
import { LICENSE_TYPES, type LicenseType } from '../api/orders'
import { ENTRY_CUSTOMER_FIELDS, emptyAssetGroup, emptyEntry, emptyOrderDraft, emptyProduct, type OrderDraft, type OrderEntryDraft, type ProductDraft } from '../orders/draft'
import { addYmd, applyDurationChange, parseExpression } from '../orders/duration'
import type { ExpiringRow, RenewalProduct } from './expiry'

/** The customer fields of a book record (null: unknown), by the entry's field names. */
export type RenewalBookCustomer = { id: string; customerType: 'personal' | 'company' | null } & Partial<
  Record<(typeof ENTRY_CUSTOMER_FIELDS)[number], string | null>
>

export interface RenewalDraftInput {
  rows: readonly ExpiringRow[]
  /** The product instances of the rows (by `assetId` and `id`): what the new products repeat. */
  products: readonly RenewalProduct[]
  /** The book's customers the rows name (by `customerRef`). */
  customers: readonly RenewalBookCustomer[]
  channelOrderId: string
  newInstanceId: () => string
}

const DEFAULT_EXPRESSION = '1-0-0'

function renewedProduct(row: ExpiringRow, p: RenewalProduct | undefined, newId: () => string): ProductDraft {
  const expr = p?.timeDurationExpression && parseExpression(p.timeDurationExpression) ? p.timeDurationExpression : DEFAULT_EXPRESSION
  const start: ProductDraft = {
    ...emptyProduct(),
    crmProductId: newId(),
    productUri: row.productUri ?? '',
    productName: row.productName ?? '',
    productType: p?.productType ?? '',
    gmsPid: p?.gmsPid ?? '',
    appKey: p?.appKey ?? '',
    limitConcurrent: row.limitConcurrent ?? 1,
    limitStartDate: row.endsAt,
  }
  return applyDurationChange(start, { field: 'timeDurationExpression', value: expr }, row.endsAt)
}

/** The renewal order of the rows (see the module comment). Rows keep their order within a group. */
export function renewalDraft(input: RenewalDraftInput): OrderDraft {
  const draft = emptyOrderDraft(input.channelOrderId)
  const products = new Map(input.products.map((p) => [`${p.assetId}\u0000${p.id}`, p]))
  const customers = new Map(input.customers.map((c) => [c.id, c]))
  const entries = new Map<string, OrderEntryDraft>()
  for (const row of input.rows) {
    const entryKey = `${row.enterpriseGlobalId}\u0000${row.customerId ?? ''}\u0000${row.licenseType}`
    let entry = entries.get(entryKey)
    if (!entry) {
      entry = { ...emptyEntry('new_buy'), assets: [] }
      entry.licenseType = (LICENSE_TYPES as readonly string[]).includes(row.licenseType) ? (row.licenseType as LicenseType) : ''
      const c = row.customerRef ? customers.get(row.customerRef) : undefined
      if (c) {
        entry.customerRef = c.id
        for (const k of ENTRY_CUSTOMER_FIELDS) {
          const v = c[k]
          if (v) entry[k] = v
        }
        if (c.customerType) entry.customerType = c.customerType
      }
      entry.enterpriseGlobalId = row.enterpriseGlobalId
      if (row.customerId) entry.customerId = row.customerId
      entries.set(entryKey, entry)
    }
    let group = entry.assets.find((g) => g.assetNos[0] === row.assetNum)
    if (!group) {
      group = { ...emptyAssetGroup(), assetNos: [row.assetNum] }
      entry.assets.push(group)
    }
    if (row.kind === 'asset') {
      group.limitStartDate = row.endsAt
      group.limitEndDate = addYmd(row.endsAt, parseExpression(DEFAULT_EXPRESSION)!)
    } else {
      group.products.push(renewedProduct(row, products.get(`${row.assetId}\u0000${row.instanceId ?? ''}`), input.newInstanceId))
    }
  }
  draft.entries = [...entries.values()]
  return draft
}
