/** The renewals list as a table (CSV, Excel): one row per thing that expires, headers and words in the user's language. */
import type { Locale } from '@shared/i18n/locale'
import type { ExpiringRow } from '@shared/renewals/expiry'
import { SERVICE_ZONE_LABEL, timeText } from '@shared/renewals/expiry'

const HEADERS: Record<string, Record<Locale, string>> = {
  customerName: { en: 'Customer', 'zh-CN': '客户' },
  enterpriseGlobalId: { en: 'Enterprise global id', 'zh-CN': '企业全局 ID' },
  assetNum: { en: 'Asset number', 'zh-CN': '资产编号' },
  licenseType: { en: 'License type', 'zh-CN': '许可类型' },
  kind: { en: 'What expires', 'zh-CN': '到期项' },
  productName: { en: 'Product', 'zh-CN': '产品' },
  productUri: { en: 'Product URI', 'zh-CN': '产品标识' },
  licenseOrderId: { en: 'License order id', 'zh-CN': '许可订单 ID' },
  limitConcurrent: { en: 'Nodes', 'zh-CN': '节点数' },
  endsAt: { en: `Ends (${SERVICE_ZONE_LABEL})`, 'zh-CN': `到期时间 (${SERVICE_ZONE_LABEL})` },
  readAt: { en: `Read at (${SERVICE_ZONE_LABEL})`, 'zh-CN': `读取时间 (${SERVICE_ZONE_LABEL})` },
}

const KIND: Record<ExpiringRow['kind'], Record<Locale, string>> = {
  asset: { en: 'Asset', 'zh-CN': '资产' },
  product: { en: 'Product', 'zh-CN': '产品' },
}

export function renewalsTable(rows: readonly ExpiringRow[], readAt: ReadonlyMap<string, number | null>, locale: Locale): { columns: string[]; rows: (string | number | null)[][] } {
  const columns = Object.keys(HEADERS).map((k) => HEADERS[k]![locale])
  const out = rows.map((r) => {
    const at = readAt.get(r.enterpriseGlobalId) ?? null
    return [
      r.customerName,
      r.enterpriseGlobalId,
      r.assetNum,
      r.licenseType,
      KIND[r.kind][locale],
      r.productName,
      r.productUri,
      r.licenseOrderId,
      r.limitConcurrent,
      timeText(r.endsAt),
      at === null ? null : timeText(at),
    ]
  })
  return { columns, rows: out }
}
