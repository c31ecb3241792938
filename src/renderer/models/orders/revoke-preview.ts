/**
 * The revoke preview on screen (pure): the channel input from the wizard's revoke entries, and the preview of one
 * entry as lines (message key and parameters) in the order the user reads them: products removed from another
 * order than the source first (or from any order when there is none), then per asset what goes and what stays,
 * and "matches nothing" said plainly (the service refuses the whole order then: docs/decisions.md).
 */
import type { ChannelInput } from '@shared/ipc/contract'
import type { RevokePreview } from '@shared/ipc/channels/orders'
import type { OrderEntryDraft } from '@shared/orders/draft'
import { auditTime } from '@shared/holdings/audit'

export type RevokePreviewInput = ChannelInput<'orders.revokePreview'>['entries']
type EntryPreview = RevokePreview['entries'][number]
type ImpactProduct = EntryPreview['groups'][number][number]['removed'][number]

export const isRevoke = (e: OrderEntryDraft): boolean => e.orderType === 'delete_asset' || e.orderType === 'delete_product'

/** The revoke entries as the channel takes them; `sequence` is the entry's place in the order (0-based). */
export function revokePreviewInput(entries: readonly OrderEntryDraft[]): RevokePreviewInput {
  const out: RevokePreviewInput = []
  entries.forEach((e, i) => {
    if (e.orderType !== 'delete_asset' && e.orderType !== 'delete_product') return
    out.push({
      sequence: i,
      orderType: e.orderType,
      enterpriseGlobalId: e.enterpriseGlobalId.trim(),
      srcLicenseOrderId: e.srcLicenseOrderId.trim() || null,
      assets: e.assets.map((g) => ({
        assetNos: g.assetNos.map((n) => n.trim()).filter((n) => n !== ''),
        products:
          e.orderType === 'delete_asset'
            ? []
            : g.products.map((p) => ({
                productUri: p.productUri.trim(),
                limitStartDate: p.limitStartDate,
                limitEndDate: p.limitEndDate,
                limitConcurrent: p.limitConcurrent ?? 0,
                strictMatchWhenDelete: p.strictMatchWhenDelete,
              })),
      })),
    })
  })
  return out
}

export interface Line {
  key: string
  params: Record<string, string | number>
}
export interface PreviewLines {
  warnings: Line[]
  assets: { assetNum: string; lines: Line[] }[]
}

/** `limits` needs its own words (the caller fills `{limits}` with `limitsLine`). */
export interface LimitsWords {
  limits: (n: number | string, from: string, to: string) => string
  open: string
  noOrder: string
}

function limitsOf(p: ImpactProduct, w: LimitsWords): string {
  const day = (ms: number | null) => (ms === null ? w.open : auditTime(ms).slice(0, 10))
  return w.limits(p.limitConcurrent ?? '—', day(p.limitStartTime), day(p.limitEndTime))
}

function productWords(p: ImpactProduct): string {
  return p.productName && p.productName !== p.productUri ? `${p.productName} (${p.productUri})` : p.productUri
}

/** One entry's preview as lines; `uris` are the entry's products per asset group (for "matches nothing"). */
export function previewLines(e: EntryPreview, uris: readonly (readonly string[])[], w: LimitsWords, errorWords: (err: NonNullable<EntryPreview['groups'][number][number]['error']>) => string): PreviewLines {
  const warnings: Line[] = []
  const assets: PreviewLines['assets'] = []
  e.groups.forEach((group, gi) => {
    for (const a of group) {
      const lines: Line[] = []
      const order = (p: ImpactProduct) => p.licenseOrderId ?? w.noOrder
      if (!a.read) {
        lines.push({ key: 'revokePreview.notRead', params: { asset: a.assetNum, error: a.error ? errorWords(a.error) : w.noOrder } })
      } else if (a.nothingFromSource) {
        lines.push({ key: 'revokePreview.nothingFromSource', params: { asset: a.assetNum, src: e.srcLicenseOrderId ?? '' } })
      } else {
        for (const i of a.unmatched) lines.push({ key: 'revokePreview.matchesNothing', params: { asset: a.assetNum, product: uris[gi]?.[i] ?? '' } })
        if (!a.refused) {
          for (const p of a.removed) {
            if (p.otherOrder) {
              warnings.push(
                e.srcLicenseOrderId === null
                  ? { key: 'revokePreview.warnAll', params: { asset: a.assetNum, product: productWords(p), order: order(p) } }
                  : { key: 'revokePreview.warnOther', params: { asset: a.assetNum, product: productWords(p), order: order(p), src: e.srcLicenseOrderId } },
              )
            }
          }
        }
        for (const p of a.refused ? [] : a.removed) {
          const params = { product: productWords(p), limits: limitsOf(p, w), order: order(p) }
          lines.push(p.packages.length ? { key: 'revokePreview.removesIn', params: { ...params, pkg: p.packages.join(' › ') } } : { key: 'revokePreview.removes', params })
        }
        for (const m of a.refused ? [] : a.removedPackages) lines.push({ key: 'revokePreview.removesPackage', params: { name: m.name, order: m.licenseOrderId ?? w.noOrder } })
        for (const p of a.refused ? [] : a.kept) lines.push({ key: 'revokePreview.keeps', params: { product: productWords(p), limits: limitsOf(p, w), order: order(p) } })
        if (a.removed.length === 0 && a.kept.length === 0 && a.unmatched.length === 0) lines.push({ key: 'revokePreview.holdsNothing', params: { asset: a.assetNum } })
      }
      assets.push({ assetNum: a.assetNum, lines })
    }
  })
  return { warnings, assets }
}
