/**
 * The revoke preview: for each delete_asset / delete_product entry, each asset's product tree read through the
 * lookup (member operation 7, by the asset id the lookup's sources name) and matched with the service's rules
 * (src/shared/orders/revoke-impact.ts, the same code the sandbox removes with). Reads only.
 */
import { toAppErrorData } from '@shared/errors/app-error'
import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract'
import { assetImpact } from '@shared/orders/revoke-impact'
import type { ApiClient } from '../../api/client'
import type { LookupService } from '../lookup'

type Input = ChannelInput<'orders.revokePreview'>
type Output = ChannelOutput<'orders.revokePreview'>
type AssetOut = Output['entries'][number]['groups'][number][number]

export interface RevokePreviewDeps {
  target(where: { profileId?: string | undefined; enterpriseGlobalId?: string | undefined }): Promise<{ profileId: string; enterpriseGlobalId: string }>
  client(profileId: string): Promise<ApiClient>
  lookup: Pick<LookupService, 'asset'>
}

export async function revokePreview(deps: RevokePreviewDeps, input: Input): Promise<Output> {
  const entries: Output['entries'] = []
  for (const e of input.entries) {
    const target = await deps.target({ profileId: input.profileId, enterpriseGlobalId: e.enterpriseGlobalId })
    const client = await deps.client(target.profileId)
    const groups: AssetOut[][] = []
    for (const g of e.assets) {
      const out: AssetOut[] = []
      for (const raw of g.assetNos) {
        const assetNum = raw.trim()
        if (assetNum === '') continue
        let read = false
        let error: AssetOut['error'] = null
        let tree = null
        try {
          const found = await deps.lookup.asset(client, { ...target, assetNum })
          if (found.products.source.status === 'error') error = found.products.source.error
          else if (found.products.data) {
            read = true
            tree = found.products.data
          }
        } catch (err) {
          error = toAppErrorData(err)
        }
        const impact = assetImpact({ orderType: e.orderType, srcLicenseOrderId: e.srcLicenseOrderId, assetNum, products: g.products, tree })
        out.push({ ...impact, read, error, refused: impact.refused || !read })
      }
      groups.push(out)
    }
    entries.push({ sequence: e.sequence, orderType: e.orderType, srcLicenseOrderId: e.srcLicenseOrderId?.trim() || null, groups })
  }
  return { entries }
}
