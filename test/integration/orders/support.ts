/** Shared by the orders tests: a core over a temp folder, a profile on a sandbox, and ready order drafts. */
import type { BatchOrderBody } from '@shared/api/orders'
import type { IpcResult } from '@shared/ipc/channel'
import type { ChannelName, ChannelOutput } from '@shared/ipc/contract'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { draftFromBody } from '@shared/orders/refund'
import type { Core } from '../../../src/main/core'

const ctx = { transport: 'test' } as const

export async function call<C extends ChannelName>(core: Core, channel: C, input: unknown): Promise<ChannelOutput<C>> {
  const r = (await core.registry.invoke(channel, input, ctx)) as IpcResult<ChannelOutput<C>>
  if (!r.ok) throw new Error(`${channel} failed: ${JSON.stringify(r.error)}`)
  return r.value
}

export async function callError(core: Core, channel: ChannelName, input: unknown) {
  const r = await core.registry.invoke(channel, input, ctx)
  if (r.ok) throw new Error(`${channel} succeeded unexpectedly`)
  return r.error
}

let seq = 0
/** A fresh 10-character asset number nobody used (region 8, then time and a counter). */
export function freshAssetNo(): string {
  seq = (seq + 1) % 10_000
  return `87${String(Date.now()).slice(-4)}${String(seq).padStart(4, '0')}`
}

/** A new_buy entry for the demo enterprise's default customer. */
export function newBuyEntry(customerId: string, assetNos: string[], sequence = 1): BatchOrderBody['orderList'][number] {
  return {
    sequence, customerId, crmCustomerId: 'CRM-DEMO-0001', customerName: '演示科技有限公司', channelCustomerId: 'DEMO-0001',
    adminName: '管理员', adminAccount: 'demoadmin', adminEmail: 'admin@example.com', adminCellNumber: '13800138000',
    passwordMobile: '13800138000', address: '北京', customerType: 'company', branchCode: 'BJ', branchName: '北京分公司',
    enterpriseGlobalId: SANDBOX_DEMO.enterpriseGlobalId, licenseType: 'normal_recover_usbkey', orderType: 'new_buy',
    assets: [{ assetNos, products: [{ crmProductId: `P-${assetNos[0]}-${sequence}`, parentCrmProductId: '', productUri: 'GMS-1001', productName: '计价软件', productType: 'tool', limitConcurrent: 1, limitTimeDuration: 0, strictMatchWhenDelete: false, trial: 0, trialEndDate: 0, timeUnit: 'year', timeUnitQuantity: 1, timeDurationExpression: '1-0-0', productFeatures: [] }] }],
  }
}

export function orderBody(channelOrderId: string, entries: BatchOrderBody['orderList'], syncMode: 'sync' | 'async' = 'sync'): BatchOrderBody {
  return { channelCode: SANDBOX_DEMO.channelCode, channelOrderId, syncMode, orderList: entries }
}

/** Saves a ready order draft of a body for a profile; returns its id and revision. */
export async function saveDraft(core: Core, profileId: string, body: BatchOrderBody, name = body.channelOrderId): Promise<{ id: string; revision: number }> {
  const draft = { ...draftFromBody(body, body.channelOrderId), ready: true }
  const meta = await call(core, 'drafts.save', { kind: 'orders.order', profileId, name, body: draft, baseRevision: 0 })
  return { id: meta.id, revision: meta.revision }
}

/** A profile of the demo identities on a sandbox address (running or not). */
export function profileInput(url: string, name: string) {
  return {
    fields: {
      name,
      baseUrl: url,
      orderAppKey: SANDBOX_DEMO.orderApp.clientId,
      memberAppKey: SANDBOX_DEMO.memberApp.clientId,
      userLogin: SANDBOX_DEMO.user.username,
      operatorIdentity: 'ops@example.com',
      channelCode: SANDBOX_DEMO.channelCode,
    },
    secrets: { orderAppSecret: SANDBOX_DEMO.orderApp.clientSecret, memberAppSecret: SANDBOX_DEMO.memberApp.clientSecret, userPassword: SANDBOX_DEMO.user.password },
  }
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function until<T>(what: string, fn: () => Promise<T> | T, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (ok(v)) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 500)}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
