import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import type { DraftShare } from '@shared/ipc/channels/workspace-drafts'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'
import DraftsTable from '../../../../src/renderer/views/drafts/DraftsTable.vue'

const draft = (id: string, name: string): DraftMeta =>
  ({ id, name, kind: 'orders.order', profileId: 'sandbox', revision: 1, createdAt: 1, updatedAt: 1, summary: { customer: '', entries: 1, orderType: 'new_buy', issues: 0, ready: false } }) as unknown as DraftMeta
const settle = async () => {
  for (let i = 0; i < 3; i++) await nextTick()
  await new Promise((r) => setTimeout(r, 0))
}

beforeEach(() => applyLocale('en'))

describe('the drafts table', () => {
  it('keeps a ticked row ticked when the list is read again, and unticks one that left it', async () => {
    const w = mount(DraftsTable, {
      props: { rows: [draft('a', 'Alpha'), draft('b', 'Beta')], tab: 'orders', loading: false, emptyText: '', orders: new Map() },
      global: { plugins: [ElementPlus, i18n] },
      attachTo: document.body,
    })
    await settle()
    const selected = () => (w.emitted('select') ?? []).at(-1)?.[0] as string[] | undefined
    await w.findAll('.el-table__body .el-checkbox')[1]!.trigger('click')
    await settle()
    expect(selected()).toEqual(['b'])
    // Read again (a change elsewhere): new objects, same drafts.
    await w.setProps({ rows: [draft('a', 'Alpha'), draft('b', 'Beta'), draft('c', 'Gamma')] })
    await settle()
    expect(selected()).toEqual(['b'])
    expect(w.findAll('.el-table__body .el-checkbox.is-checked')).toHaveLength(1)
    // Beta removed: no longer ticked, and not ticked when it comes back.
    await w.setProps({ rows: [draft('a', 'Alpha'), draft('c', 'Gamma')] })
    await settle()
    expect(selected()).toEqual([])
    await w.setProps({ rows: [draft('a', 'Alpha'), draft('b', 'Beta'), draft('c', 'Gamma')] })
    await settle()
    expect(w.findAll('.el-table__body .el-checkbox.is-checked')).toHaveLength(0)
    w.unmount()
  })
})

describe('the drafts table with a team workspace', () => {
  const alice = { user: 'alice', workstation: 'front-desk' }
  const preparing: DraftShare = { state: 'preparing', owner: 'alice', ownerFrom: 'front-desk', by: 'alice', from: 'front-desk', at: 1 }
  const submitted: DraftShare = { ...preparing, state: 'submitted', by: 'bob', from: 'back-office', channelOrderId: 'LD-1' }

  it('shows each shared draft’s owner and team state; nothing of it without a workspace', async () => {
    const rows = [draft('a', 'Alpha'), draft('b', 'Beta')]
    const w = mount(DraftsTable, {
      props: { rows, tab: 'orders', loading: false, emptyText: '', orders: new Map() },
      global: { plugins: [ElementPlus, i18n] },
      attachTo: document.body,
    })
    await settle()
    expect(w.findAll('[data-testid="draft-owner"]')).toHaveLength(0)
    expect(w.findAll('[data-testid="draft-share"]')).toHaveLength(0)
    await w.setProps({ me: alice, shares: new Map<string, DraftShare>([['a', preparing], ['b', submitted]]) })
    await settle()
    expect(w.findAll('[data-testid="draft-owner"]').map((e) => e.text())).toEqual(['Prepared by alice on front-desk', 'Prepared by alice on front-desk'])
    const pills = w.findAll('[data-testid="draft-share"]')
    expect(pills.map((e) => e.text())).toEqual(['Being prepared', 'Submitted by bob from back-office'])
    expect(pills[1]!.classes()).toContain('status-pill--success')
    applyLocale('zh-CN')
    await settle()
    expect(w.findAll('[data-testid="draft-share"]').map((e) => e.text())).toEqual(['准备中', '已由 bob 在 back-office 提交'])
    w.unmount()
  })
})
