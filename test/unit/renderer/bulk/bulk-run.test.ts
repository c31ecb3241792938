import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import { createPinia, setActivePinia } from 'pinia'
import { defineComponent, h } from 'vue'
import type { BulkProgress, JobCounts, JobItem, JobSummary } from '@shared/ipc/channels/bulk'
import { installBridge } from '../../../../src/renderer/bridge'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'
import BulkRunPanel from '../../../../src/renderer/components/bulk/BulkRunPanel.vue'
import BulkRunList from '../../../../src/renderer/components/bulk/BulkRunList.vue'
import { useBulkStore } from '../../../../src/renderer/stores/bulk'
import { lockRowFormat } from '../../../../src/renderer/models/locks/lock-results'
import { memberRowFormat } from '../../../../src/renderer/models/members/member-results'
import { fakeCore, tick } from '../support/fake-core'
import { waitFor } from '../../../support/wait'

const counts = (c: Partial<JobCounts>): JobCounts => ({ total: 0, ok: 0, failed: 0, unknown: 0, cancelled: 0, duplicate: 0, pending: 0, inFlight: 0, retryable: 0, ...c })
const job = (c: Partial<JobCounts>, status: JobSummary['status'] = 'completed', updatedAt = 1): JobSummary => ({
  id: 'j1',
  kind: 'locks.disable',
  profileId: 'sandbox',
  status,
  createdAt: 1,
  updatedAt,
  target: 'ops',
  counts: counts(c),
})
const items: JobItem[] = [
  { index: 0, key: '8100000001', result: { state: 'ok', status: 1 }, tries: 1, retryable: false },
  { index: 1, key: '8000000003', result: { state: 'failed', status: 3 }, tries: 1, retryable: true },
  { index: 2, key: '8199999999', result: { state: 'failed', status: 2 }, tries: 1, retryable: false },
]

beforeEach(() => {
  setActivePinia(createPinia())
  applyLocale('en')
})
afterEach(() => {
  installBridge(null)
  document.body.innerHTML = ''
})

/** The Locks screen's two readers of a job: its run panel and the list of runs. */
const Screen = defineComponent({
  setup() {
    const bulk = useBulkStore()
    return () =>
      h('div', [
        h(BulkRunPanel, { jobId: 'j1', format: lockRowFormat('disable') }),
        h(BulkRunList, { jobs: bulk.jobs, kindLabel: () => 'Disable locks', targetLabel: 'Operator' }),
      ])
  },
})

describe('the bulk run panel', () => {
  it('shows the engine’s figures, filter counts from the same snapshot, and retries through bulk.retryFailed', async () => {
    let summary = job({ total: 3, ok: 1, failed: 2, retryable: 1 })
    const core = fakeCore({
      'bulk.get': () => ({ job: summary, items, matching: items.length }),
      'bulk.list': () => ({ jobs: [summary] }),
      'bulk.retryFailed': () => (summary = job({ total: 3, ok: 1, failed: 1, pending: 1 }, 'running', 2)),
    })
    installBridge(core)
    const w = mount(Screen, { global: { plugins: [ElementPlus, i18n] }, attachTo: document.body })
    await useBulkStore().loadList()
    await flushPromises()
    const text = () => w.text()
    expect(w.find('[data-testid="run-done"]').text()).toBe('3 / 3')
    expect(w.find('[data-testid="run-ok"]').text()).toBe('1')
    expect(w.find('[data-testid="run-failed"]').text()).toBe('2')
    expect(w.find('[data-testid="run-filter-all"]').text()).toBe('All (3)')
    expect(w.find('[data-testid="run-filter-failed"]').text()).toBe('Operation failed (1)')
    expect(w.find('[data-testid="run-filter-notFound"]').text()).toBe('Lock does not exist (1)')
    expect(text()).toContain('3 items: 1 done, 2 failed')

    await w.find('[data-testid="run-retry"]').trigger('click')
    await flushPromises()
    // The engine decides what is sent again, in the same job: the screen never starts a job of its own.
    expect(core.calls.map((c) => c.channel)).toContain('bulk.retryFailed')
    expect(core.calls.find((c) => c.channel === 'bulk.retryFailed')!.input).toEqual({ id: 'j1' })
    expect(core.calls.map((c) => c.channel)).not.toContain('bulk.start')
    expect(w.find('[data-testid="bulk-run"]').attributes('data-status')).toBe('running')
    w.unmount()
  })

  it('offers a retry only when the engine counts something a retry would send', async () => {
    // Failed, but only as "lock does not exist": final answers, nothing a retry would change.
    const summary = job({ total: 2, ok: 1, failed: 1, retryable: 0 })
    const core = fakeCore({
      'bulk.get': () => ({ job: summary, items: [items[0]!, items[2]!], matching: 2 }),
      'bulk.list': () => ({ jobs: [summary] }),
    })
    installBridge(core)
    const w = mount(Screen, { global: { plugins: [ElementPlus, i18n] }, attachTo: document.body })
    await useBulkStore().loadList()
    await flushPromises()
    expect(w.find('[data-testid="run-failed"]').text()).toBe('1')
    expect(w.find('[data-testid="run-retry"]').attributes('disabled')).toBeDefined()
    expect(w.text()).toContain('are facts about the lock')
    // The bar tells how far the run went, not how it went: a finished run with failures is not painted a warning.
    expect(w.find('[data-testid="run-progress"]').classes()).not.toContain('is-warning')
    w.unmount()
  })

  it('an import offers a retry only for outcomes not known, and says how to import the refused ones again', async () => {
    const people: JobItem[] = [
      { index: 0, key: 'zhang.san', label: '张三', result: { state: 'ok', memberGlobalId: 'G1' }, tries: 1, retryable: false },
      { index: 1, key: 'li.si', label: '李四', result: { state: 'failed', message: 'exists' }, tries: 1, retryable: false },
    ]
    let summary: JobSummary = { ...job({ total: 2, ok: 1, failed: 1, retryable: 0 }), kind: 'members.import', target: 'E1' }
    const core = fakeCore({
      'bulk.get': () => ({ job: summary, items: people, matching: people.length }),
      'bulk.list': () => ({ jobs: [summary] }),
      // Read back meanwhile: nothing left to send.
      'bulk.retryFailed': () => summary,
    })
    installBridge(core)
    const mount1 = async () => {
      const w = mount(BulkRunPanel, { props: { jobId: 'j1', format: memberRowFormat('members.import') }, global: { plugins: [ElementPlus, i18n] }, attachTo: document.body })
      await flushPromises()
      return w
    }
    // Refused: a retry would not send it again (its password is gone), so none is offered.
    let w = await mount1()
    expect(w.find('[data-testid="run-retry"]').attributes('disabled')).toBeDefined()
    w.unmount()

    // An outcome not known: offered; when the engine finds nothing to send after all, the screen says what to do.
    summary = { ...summary, counts: counts({ total: 2, ok: 1, unknown: 1, retryable: 1 }) }
    for (const [locale, words] of [['en', 'Export the rows not imported'], ['zh-CN', '请导出未导入的行']] as const) {
      applyLocale(locale)
      w = await mount1()
      await w.find('[data-testid="run-retry"]').trigger('click')
      await flushPromises()
      expect(document.body.textContent).toContain(words)
      w.unmount()
      document.body.innerHTML = ''
    }
    expect(core.calls.filter((c) => c.channel === 'bulk.retryFailed')).toHaveLength(2)
  })

  it('a pause shows the same state and counts in the panel and in the list of runs', async () => {
    let summary = job({ total: 9781, ok: 0, pending: 9781 }, 'running')
    const core = fakeCore({
      'bulk.get': () => ({ job: summary, items: [], matching: 0 }),
      'bulk.list': () => ({ jobs: [summary] }),
    })
    installBridge(core)
    const w = mount(Screen, { global: { plugins: [ElementPlus, i18n] }, attachTo: document.body })
    await useBulkStore().loadList()
    await flushPromises()
    const progress = (p: Partial<BulkProgress>): BulkProgress => ({ jobId: 'j1', kind: 'locks.disable', status: 'running', counts: summary.counts, done: 0, remaining: 0, rate: 50, etaSeconds: 10, ...p })
    core.emit('bulk.progress', progress({ counts: counts({ total: 9781, ok: 1200, failed: 3, pending: 8578 }) }))
    await tick()
    expect(w.find('[data-testid="run-done"]').text()).toBe('1,203 / 9,781')
    expect(w.find('[data-testid="bulk-run-list-status"]').text()).toBe('Running')
    expect(w.find('[data-testid="bulk-run-list-counts"]').text()).toBe('9,781 items: 1,200 done, 3 failed, 8,578 not done yet')

    // Paused: the calls in flight answer after the pause; the engine's last counts are shown everywhere.
    summary = job({ total: 9781, ok: 1600, failed: 3, pending: 8178 }, 'paused', 5)
    core.emit('bulk.progress', progress({ status: 'paused', counts: summary.counts }))
    await waitFor(() => expect(w.find('[data-testid="run-status"]').text()).toBe('Paused'))
    await flushPromises()
    expect(w.find('[data-testid="run-done"]').text()).toBe('1,603 / 9,781')
    expect(w.find('[data-testid="bulk-run-list-status"]').text()).toBe('Paused')
    expect(w.find('[data-testid="bulk-run-list-counts"]').text()).toBe('9,781 items: 1,600 done, 3 failed, 8,178 not done yet')
    w.unmount()
  })

  it('a short run whose every event comes while its first read is out ends as the engine says, not as that read', async () => {
    // The run starts elsewhere (an import's own start call): the store learns of it by its first event, and reads
    // its summary. The run finishes while that read is out; the read answers with the state it saw at first.
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    let reads = 0
    const running = job({ total: 240, pending: 240 }, 'running', 1)
    const done = job({ total: 240, ok: 240 }, 'completed', 2)
    const core = fakeCore({
      'bulk.get': async () => {
        reads++
        if (reads === 1) {
          await held
          return { job: running, items: [], matching: 0 }
        }
        return { job: done, items: [], matching: 0 }
      },
    })
    installBridge(core)
    const bulk = useBulkStore()
    bulk.follow()
    const progress = (p: Partial<BulkProgress>): BulkProgress => ({ jobId: 'j1', kind: 'locks.disable', status: 'running', counts: running.counts, done: 0, remaining: 240, rate: 0, etaSeconds: null, ...p })
    core.emit('bulk.progress', progress({}))
    core.emit('bulk.progress', progress({ counts: counts({ total: 240, ok: 100, pending: 140 }) }))
    core.emit('bulk.progress', progress({ status: 'completed', counts: done.counts }))
    release()
    await waitFor(() => expect(bulk.job('j1')?.status).toBe('completed'))
    expect(bulk.job('j1')?.counts.ok).toBe(240)
    expect(reads).toBe(2)
  })

  it('a stopped run can be deleted from the list after confirming (a running one cannot)', async () => {
    const done = { ...job({ total: 3, ok: 1, failed: 2 }, 'completed'), id: 'j2' }
    const running = job({ total: 10, pending: 10 }, 'running')
    const core = fakeCore({ 'bulk.list': () => ({ jobs: [running, done], total: 2 }), 'bulk.delete': () => null })
    installBridge(core)
    const bulk = useBulkStore()
    const w = mount(defineComponent({ setup: () => () => h(BulkRunList, { jobs: bulk.jobs, kindLabel: () => 'Disable locks', targetLabel: 'Operator' }) }), {
      global: { plugins: [ElementPlus, i18n] },
      attachTo: document.body,
    })
    await bulk.loadList()
    await flushPromises()
    await waitFor(() => expect(w.findAll('[data-testid="bulk-run-list-delete"]')).toHaveLength(2))
    const buttons = w.findAll('[data-testid="bulk-run-list-delete"]')
    // Newest first: the running job (createdAt equal, id j1 after j2) cannot be deleted.
    const runningRow = buttons.find((b) => b.attributes('disabled') !== undefined)
    expect(runningRow).toBeDefined()
    await buttons.find((b) => b.attributes('disabled') === undefined)!.trigger('click')
    await waitFor(() => expect(document.querySelector('.el-message-box')).not.toBeNull())
    expect(document.querySelector('.el-message-box')!.textContent).toContain('This cannot be undone')
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('.el-message-box button')].find((b) => b.textContent?.trim() === 'Delete')!
    confirm.click()
    await waitFor(() => expect(core.calls.find((c) => c.channel === 'bulk.delete')?.input).toEqual({ id: 'j2' }))
    await flushPromises()
    expect(bulk.job('j2')).toBeUndefined()
    await waitFor(() => expect(w.findAll('[data-testid="bulk-run-list-delete"]')).toHaveLength(1))
    w.unmount()
  })
})
