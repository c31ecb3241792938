/** The history as a table (CSV, Excel): one row per order entry, headers in the user's language. */
import type { Locale } from '@shared/i18n/locale'
import { orderStateLabel } from '@shared/orders/outbox'
import type { StoredOrder } from './store'
import { localDateTime } from '@shared/time/dates'

const HEADERS: Record<string, Record<Locale, string>> = {
  channelOrderId: { en: 'Order number', 'zh-CN': '订单号' },
  state: { en: 'State', 'zh-CN': '状态' },
  submitted: { en: 'Submitted', 'zh-CN': '提交时间' },
  sent: { en: 'Sent', 'zh-CN': '发送时间' },
  finished: { en: 'Finished', 'zh-CN': '完成时间' },
  syncMode: { en: 'Mode', 'zh-CN': '模式' },
  sequence: { en: 'Sequence', 'zh-CN': '序号' },
  orderType: { en: 'Order type', 'zh-CN': '订单类型' },
  licenseType: { en: 'License type', 'zh-CN': '许可类型' },
  customerName: { en: 'Customer', 'zh-CN': '客户' },
  channelCustomerId: { en: 'Channel customer id', 'zh-CN': '渠道客户 ID' },
  enterpriseGlobalId: { en: 'Enterprise global id', 'zh-CN': '企业全局 ID' },
  assetNos: { en: 'Asset numbers', 'zh-CN': '资产编号' },
  licenseOrderId: { en: 'License order id', 'zh-CN': '许可订单 ID' },
  customerId: { en: 'Customer id', 'zh-CN': '客户 ID' },
  source: { en: 'Result from', 'zh-CN': '结果来源' },
  srcLicenseOrderId: { en: 'Source license order id', 'zh-CN': '源许可订单 ID' },
  draftName: { en: 'Draft', 'zh-CN': '草稿' },
}

const SOURCE: Record<string, Record<Locale, string>> = {
  answer: { en: 'answer', 'zh-CN': '服务应答' },
  readBack: { en: 'read back', 'zh-CN': '核对' },
  user: { en: 'your decision', 'zh-CN': '人工确认' },
}

const time = (ms: number | null): string | null => (ms === null ? null : localDateTime(ms))

/** Longest asset-number cell (an export cell holds at most 4,000 characters). */
const MAX_CELL = 3_900

export function ordersTable(orders: readonly StoredOrder[], locale: Locale): { columns: string[]; rows: (string | number | null)[][] } {
  const keys = Object.keys(HEADERS)
  const columns = keys.map((k) => HEADERS[k]![locale])
  const rows: (string | number | null)[][] = []
  for (const o of orders) {
    for (const e of o.body.orderList) {
      const r = o.detail.results.find((x) => x.sequence === e.sequence)
      let nos = e.assets.flatMap((a) => a.assetNos).join(' ')
      if (nos.length > MAX_CELL) nos = `${nos.slice(0, MAX_CELL)}…`
      rows.push([
        o.channelOrderId,
        orderStateLabel(o.state, locale),
        time(o.createdAt),
        time(o.sentAt),
        time(o.finishedAt),
        o.syncMode,
        e.sequence,
        e.orderType,
        e.licenseType,
        e.customerName,
        e.channelCustomerId,
        e.enterpriseGlobalId,
        nos,
        r?.licenseOrderId ?? null,
        r?.customerId ?? null,
        r ? SOURCE[r.source]![locale] : null,
        e.srcLicenseOrderId ?? null,
        o.draftName,
      ])
    }
  }
  return { columns, rows }
}
