import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import ElementPlus from 'element-plus'
import type { OrderRecord } from '@shared/ipc/channels/orders'
import { installBridge } from '../../../../src/renderer/bridge'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'
import { useOrderHistoryStore } from '../../../../src/renderer/stores/order-history'
import OrderDetailDrawer from '../../../../src/renderer/views/orders/history/OrderDetailDrawer.vue'

function record(over: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id: 'o1', profileId: 'sandbox', channelOrderId: 'LD-1', syncMode: 'sync', state: 'needsDecision', customer: 'ACME', entries: 1, assetNumbers: 1,
    type: 'new_buy', licenseOrderIds: [], draftId: 'd1', draftName: 'ACME order', createdAt: 1, updatedAt: 2, sentAt: 1, finishedAt: null, nextTryAt: null,
    attempts: 1, lastError: null,
    body: { channelCode: 'DEMO', channelOrderId: 'LD-1', syncMode: 'sync', orderList: [] },
    results: [],
    attemptList: [{ at: 1, endedAt: 2, nonce: 'n1', journalId: 'j1', outcome: 'unknown', error: null }],
    readBacks: [{ at: 3, verdict: 'cannotTell', error: null, entries: [{ sequence: 1, verdict: 'cannotTell', reason: 'assetsExistedBefore', assetNos: ['8100000007'] }] }],
    refusal: null, decision: null, asyncCheck: null,
    ...over,
  }
}

const calls: { channel: string; input: unknown }[] = []
beforeEach(() => {
  setActivePinia(createPinia())
  applyLocale('en')
  calls.length = 0
})
afterEach(() => {
  installBridge(null)
  document.body.innerHTML = ''
})

function bridge(rec: OrderRecord): void {
  installBridge({
    shell: 'browser',
    invoke: async (channel, input) => {
      calls.push({ channel, input })
      if (channel === 'orders.get') return { ok: true, value: rec }
      if (channel === 'orders.resolve') return { ok: true, value: { ...rec, state: 'done', decision: { at: 4, decision: (input as { decision: 'done' }).decision } } }
      if (channel === 'orders.list') return { ok: true, value: { orders: [], total: 0 } }
      if (channel === 'orders.status') return { ok: true, value: { online: true, queued: 0, held: 0, sending: 0, waiting: 0, unknown: 0, needsDecision: 1, accepted: 0, lastError: null } }
      return { ok: false, error: { code: 'app.notFound', messageKey: 'app.notFound', params: { what: channel }, details: {} } }
    },
    onEvent: () => () => {},
  })
}

describe('an order the app cannot tell about', () => {
  it('shows what reading back found and what to check, and the two answers; only "not done" would send it again', async () => {
    bridge(record())
    const store = useOrderHistoryStore()
    const w = mount(OrderDetailDrawer, { global: { plugins: [ElementPlus, i18n] }, attachTo: document.body })
    await store.open('o1')
    await flushPromises()
    const text = document.body.textContent ?? ''
    expect(text).toContain('Did the service do it?')
    expect(text).toContain('Only “not done” sends the order again')
    expect(text).toContain('Entry 1 — cannot tell: Its assets exist, some were there before sending')
    expect(text).toContain('8100000007')
    const done = document.body.querySelector<HTMLButtonElement>('[data-testid=od-decide-done]')!
    done.click()
    expect(w.emitted('act')?.[0]?.[0]).toBe('done')
    // The store sends the answer as given.
    await store.resolve('o1', 'done')
    expect(calls.find((c) => c.channel === 'orders.resolve')?.input).toEqual({ id: 'o1', decision: 'done' })
    expect(store.record?.state).toBe('done')
    w.unmount()
  })

  it('a refused order says where, in Chinese too, and offers its draft', async () => {
    applyLocale('zh-CN')
    bridge(
      record({
        state: 'refused',
        readBacks: [],
        refusal: { error: { code: '13004', messageKey: '13004', params: {}, details: { serverMessage: 'orderList[0].customerId does not exist' } }, field: 'orderList[0].customerId', sequence: 1 },
      }),
    )
    const store = useOrderHistoryStore()
    const w = mount(OrderDetailDrawer, { global: { plugins: [ElementPlus, i18n] }, attachTo: document.body })
    await store.open('o1')
    await flushPromises()
    const place = document.body.querySelector('[data-testid=od-refusal-place]')?.textContent ?? ''
    expect(place).toContain('条目 1 › 客户 ID')
    expect(document.body.querySelector('[data-testid=od-open-draft]')).not.toBeNull()
    expect(document.body.querySelector('[data-testid=od-decide]')).toBeNull()
    w.unmount()
  })
})

describe('an order submitted through the team workspace', () => {
  const open = async (rec: OrderRecord): Promise<{ text: string; unmount: () => void }> => {
    bridge(rec)
    const store = useOrderHistoryStore()
    const w = mount(OrderDetailDrawer, { global: { plugins: [ElementPlus, i18n] }, attachTo: document.body })
    await store.open('o1')
    await flushPromises()
    return { text: document.body.querySelector('[data-testid=od-submitted-by]')?.textContent ?? '', unmount: () => w.unmount() }
  }

  it('says who submitted it from which workstation, in English and in Chinese; nothing without a workspace', async () => {
    const team = record({ state: 'done', readBacks: [], submittedBy: { user: 'alice', workstation: 'Front desk 2', at: 5 } })
    let shown = await open(team)
    expect(shown.text).toBe('Submitted by alice from Front desk 2')
    shown.unmount()
    applyLocale('zh-CN')
    shown = await open(team)
    expect(shown.text).toBe('由 alice 在 Front desk 2 提交')
    shown.unmount()
    shown = await open(record({ state: 'done', readBacks: [] }))
    expect(document.body.querySelector('[data-testid=od-submitted-by]')).toBeNull()
    shown.unmount()
  })
})
