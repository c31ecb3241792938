/**
 * The Drafts area: the active connection's order drafts and templates (and the removed ones), searched, renamed,
 * duplicated, removed with undo, exported to a file and imported from one, and new orders started from templates.
 * Everything goes through the draft store's channels (api/drafts.ts); the list follows `drafts.changed`, so a save
 * in the wizard (or another tab, or the CLI) shows here at once.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import type { OrderSummary } from '@shared/ipc/channels/orders'
import { MAX_ORDER_PAGE } from '@shared/ipc/channels/orders'
import { orderDraftSchema, orderTemplateSchema } from '@shared/orders/draft'
import { proposeChannelOrderId } from '@shared/orders/order-number'
import { onMissedEvents } from '../api/connection'
import { errorData } from '../api/errors'
import {
  duplicateDraft,
  exportDrafts,
  getDraft,
  importDrafts,
  listDrafts,
  onDraftsChanged,
  removeDrafts,
  renameDraft,
  restoreDrafts,
  saveDraft,
} from '../api/drafts'
import {
  draftFileTooBig,
  ordersByDraft,
  ORDER_DRAFT_KIND,
  ORDER_TEMPLATE_KIND,
  tabQuery,
  type DraftTab,
} from '../models/drafts/drafts-list'
import { listOrders } from '../api/orders'
import { newOrder as emptyOrder, orderFromTemplate, orderTemplate } from '../models/orders/wizard'
import { useProfilesStore } from './profiles'
import { useLatest } from '../composables/latest'

/** Wait after a keystroke in the search box before asking. */
const SEARCH_DELAY_MS = 150
/** Longest search text (the channel's bound). */
export const DRAFT_QUERY_MAX = 200
/** Most drafts on one page of the list. */
const PAGE_SIZE = 200

export const useDraftsListStore = defineStore('drafts-list', () => {
  const profiles = useProfilesStore()

  const tab = ref<DraftTab>('orders')
  const query = ref('')
  const list = shallowRef<DraftMeta[]>([])
  const total = ref(0)
  /** How many each tab has (without the search), for the tab labels. */
  const counts = ref<Record<DraftTab, number | null>>({ orders: null, templates: null, removed: null })
  const loading = ref(false)
  const loaded = ref(false)
  const error = shallowRef<AppErrorData | null>(null)
  /** The drafts removed last, for Undo. */
  const removed = shallowRef<DraftMeta[]>([])
  /** The latest order of each draft that was submitted (refused ones show so in the list). */
  const orders = shallowRef<ReadonlyMap<string, OrderSummary>>(new Map())
  /** Ids ticked for export or removal. */
  const selected = shallowRef<string[]>([])

  const profileId = computed(() => profiles.activeId || undefined)
  const queryTooLong = computed(() => query.value.length > DRAFT_QUERY_MAX)

  const latest = useLatest(loading)
  function search(): Promise<void> {
    const base = { ...(profileId.value ? { profileId: profileId.value } : {}) }
    const q = query.value.trim().slice(0, DRAFT_QUERY_MAX)
    const read = () =>
      Promise.all([
        listDrafts({ ...base, ...tabQuery(tab.value), ...(q ? { query: q } : {}), limit: PAGE_SIZE }),
        // What became of submitted drafts; the list stands without it (it only adds a note).
        listOrders({ ...base, limit: MAX_ORDER_PAGE }).catch(() => null),
        ...(['orders', 'templates', 'removed'] as const).map((t) => listDrafts({ ...base, ...tabQuery(t), limit: 1 })),
      ])
    return latest.run(read, {
      ok: ([r, submitted, ...tabs]) => {
        if (submitted) orders.value = ordersByDraft(submitted.orders)
        list.value = r.drafts
        total.value = r.total
        counts.value = { orders: tabs[0]!.total, templates: tabs[1]!.total, removed: tabs[2]!.total }
        const ids = new Set(r.drafts.map((d) => d.id))
        selected.value = selected.value.filter((id) => ids.has(id))
        error.value = null
        loaded.value = true
      },
      failed: (err) => (error.value = errorData(err)),
    })
  }

  let timer: ReturnType<typeof setTimeout> | null = null
  watch(query, () => {
    if (timer) clearTimeout(timer)
    if (queryTooLong.value) return
    timer = setTimeout(() => void search(), SEARCH_DELAY_MS)
  })
  watch([tab, () => profiles.activeId], () => {
    selected.value = []
    void search()
  })

  let following = false
  /** Whether the Drafts screen is on screen: changes elsewhere (the wizard saves as the user types) are read only then. */
  let visible = false
  let changeTimer: ReturnType<typeof setTimeout> | null = null
  /** The screen shows: the list, and following changes made elsewhere while it is shown. */
  async function load(): Promise<void> {
    visible = true
    if (!following) {
      following = true
      onDraftsChanged(() => {
        if (!visible || changeTimer) return
        changeTimer = setTimeout(() => {
          changeTimer = null
          if (visible) void search()
        }, SEARCH_DELAY_MS)
      })
      // Changes missed while browser mode's event stream was cut.
      onMissedEvents(() => {
        if (visible) void search()
      })
    }
    await search()
  }

  /** The screen is left: stop reading changes (the next visit reads the list again). */
  function leave(): void {
    visible = false
  }

  async function rename(id: string, name: string): Promise<DraftMeta> {
    const meta = await renameDraft(id, name)
    await search()
    return meta
  }

  /** A copy of any draft or template, listed beside it. */
  async function duplicate(id: string, name?: string): Promise<DraftMeta> {
    const meta = await duplicateDraft(id, name)
    await search()
    return meta
  }

  async function remove(ids: string[]): Promise<void> {
    removed.value = await removeDrafts(ids)
    selected.value = selected.value.filter((id) => !ids.includes(id))
    await search()
  }

  async function undoRemove(): Promise<void> {
    if (removed.value.length === 0) return
    await restoreDrafts(removed.value.map((d) => d.id))
    removed.value = []
    await search()
  }

  /** Brings drafts back from the Removed tab. */
  async function restore(ids: string[]): Promise<void> {
    await restoreDrafts(ids)
    await search()
  }

  /** The drafts file of these drafts, for the page to save. */
  function exportFile(ids: string[]) {
    return exportDrafts(ids)
  }

  const importing = ref(false)
  /** Why the last file was refused (nothing was imported then). */
  const importError = shallowRef<(AppErrorData & { fileName: string }) | null>(null)
  /** What the last file brought in. */
  const imported = shallowRef<{ fileName: string; drafts: DraftMeta[] } | null>(null)

  /** Imports a drafts file: all its drafts, or none with the reason. */
  async function importFile(file: File): Promise<DraftMeta[] | null> {
    importError.value = null
    imported.value = null
    const tooBig = draftFileTooBig(file.size)
    if (tooBig) {
      importError.value = { ...tooBig, fileName: file.name }
      return null
    }
    importing.value = true
    try {
      const drafts = await importDrafts({
        content: await file.text(),
        fileName: file.name.slice(0, 300),
        ...(profileId.value ? { profileId: profileId.value } : {}),
      })
      imported.value = { fileName: file.name, drafts }
      // Show where they went: templates in their tab, orders in theirs.
      if (drafts.length > 0 && drafts.every((d) => d.kind === ORDER_TEMPLATE_KIND)) tab.value = 'templates'
      else if (drafts.some((d) => d.kind === ORDER_DRAFT_KIND)) tab.value = 'orders'
      await search()
      return drafts
    } catch (err) {
      importError.value = { ...errorData(err), fileName: file.name }
      return null
    } finally {
      importing.value = false
    }
  }

  /** A new order draft from a template (fresh keys, a new customer order number); returns its id. */
  async function startFromTemplate(templateId: string, name: string): Promise<string> {
    const t = await getDraft(templateId)
    const template = orderTemplateSchema.parse(t.body)
    const meta = await saveDraft({
      kind: ORDER_DRAFT_KIND,
      ...(profileId.value ? { profileId: profileId.value } : {}),
      name: name.slice(0, 200),
      body: orderFromTemplate(template, proposeChannelOrderId()),
      baseRevision: 0,
    })
    return meta.id
  }

  /** A new, empty order draft (one new purchase entry, a proposed customer order number); returns its id. */
  async function newOrder(name: (channelOrderId: string) => string): Promise<string> {
    const number = proposeChannelOrderId()
    const body = emptyOrder(number)
    const meta = await saveDraft({
      kind: ORDER_DRAFT_KIND,
      ...(profileId.value ? { profileId: profileId.value } : {}),
      name: name(number).slice(0, 200),
      body,
      baseRevision: 0,
    })
    return meta.id
  }

  /** A template of a whole order draft ("Annual refillable lock with product X"). */
  async function saveAsTemplate(orderId: string, name: string): Promise<DraftMeta> {
    const d = await getDraft(orderId)
    const meta = await saveDraft({
      kind: ORDER_TEMPLATE_KIND,
      ...(profileId.value ? { profileId: profileId.value } : {}),
      name: name.slice(0, 200),
      body: orderTemplate(orderDraftSchema.parse(d.body)),
      baseRevision: 0,
    })
    await search()
    return meta
  }

  return {
    tab,
    query,
    queryTooLong,
    list,
    total,
    counts,
    loading,
    loaded,
    error,
    removed,
    orders,
    selected,
    importing,
    importError,
    imported,
    load,
    leave,
    search,
    rename,
    duplicate,
    remove,
    undoRemove,
    restore,
    exportFile,
    importFile,
    startFromTemplate,
    newOrder,
    saveAsTemplate,
  }
})
