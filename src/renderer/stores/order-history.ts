/**
 * The outbox and the history of the active connection: the orders not final yet (with the outbox's counts and
 * whether the service answered last time), every submitted order searchable and paged, the one open in the
 * drawer, and the actions on them (hold, release, withdraw, send now, decide, copy, refund, export). Follows
 * `orders.changed` (the sender, other tabs, the CLI) and `drafts.changed` is not needed: orders carry their draft.
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { ExportFormat } from '@shared/ipc/channels/imports'
import type { OrderRecord, OrderSummary, OutboxStatus } from '@shared/ipc/channels/orders'
import { OUTBOX_STATES } from '@shared/orders/outbox'
import { onMissedEvents } from '../api/connection'
import { errorData } from '../api/errors'
import {
  getOrder,
  holdOrder,
  listOrders,
  onOrdersChanged,
  orderToDraft,
  outboxStatus,
  releaseOrder,
  resolveOrder,
  sendOrderNow,
  withdrawOrder,
} from '../api/orders'
import { exportList } from '../composables/export'
import { EMPTY_HISTORY_FILTER, HISTORY_QUERY_MAX, historyQuery, type HistoryFilter } from '../models/orders/history'
import { useProfilesStore } from './profiles'
import { useLatest } from '../composables/latest'

/** Wait after a keystroke in the search box before asking. */
const SEARCH_DELAY_MS = 150
/** Wait after an `orders.changed` before reading again (the sender changes an order several times a second). */
const CHANGE_DELAY_MS = 150
/** Most orders the outbox shows at once (more would be a sign of something else). */
const OUTBOX_MAX = 500

export const useOrderHistoryStore = defineStore('order-history', () => {
  const profiles = useProfilesStore()
  const profileId = computed(() => profiles.activeId || undefined)
  const target = () => (profileId.value ? { profileId: profileId.value } : {})

  // ---- the outbox ------------------------------------------------------------------------------------------
  const status = shallowRef<OutboxStatus | null>(null)
  const outbox = shallowRef<OrderSummary[]>([])
  const outboxTotal = ref(0)

  // ---- the history -----------------------------------------------------------------------------------------
  const filter = reactive<HistoryFilter>({ ...EMPTY_HISTORY_FILTER, states: [] })
  const pageNum = ref(1)
  const pageSize = ref(50)
  const history = shallowRef<OrderSummary[]>([])
  const total = ref(0)
  const loading = ref(false)
  const loaded = ref(false)
  const error = shallowRef<AppErrorData | null>(null)
  const queryTooLong = computed(() => filter.query.length > HISTORY_QUERY_MAX)

  const latest = useLatest(loading)
  /** Reads the outbox, its counts and the history page on screen again. */
  function refresh(): Promise<void> {
    const read = () =>
      Promise.all([
        outboxStatus(profileId.value),
        listOrders({ ...target(), states: [...OUTBOX_STATES], limit: OUTBOX_MAX }),
        listOrders({ ...target(), ...historyQuery(filter), offset: (pageNum.value - 1) * pageSize.value, limit: pageSize.value }),
      ])
    return latest.run(read, {
      ok: ([st, ob, h]) => {
        status.value = st
        outbox.value = ob.orders
        outboxTotal.value = ob.total
        history.value = h.orders
        total.value = h.total
        error.value = null
        loaded.value = true
      },
      failed: (err) => (error.value = errorData(err)),
    })
  }

  let searchTimer: ReturnType<typeof setTimeout> | null = null
  watch(
    () => [filter.query, filter.states.join(','), filter.days?.join(',') ?? ''],
    () => {
      pageNum.value = 1
      if (searchTimer) clearTimeout(searchTimer)
      if (queryTooLong.value) return
      searchTimer = setTimeout(() => void refresh(), SEARCH_DELAY_MS)
    },
  )
  watch([pageNum, pageSize], () => void refresh())
  watch(
    () => profiles.activeId,
    () => {
      close()
      void refresh()
    },
  )

  // ---- the open order (drawer) ------------------------------------------------------------------------------
  const openId = ref<string | null>(null)
  const record = shallowRef<OrderRecord | null>(null)
  const recordLoading = ref(false)
  const recordError = shallowRef<AppErrorData | null>(null)

  const latestRecord = useLatest(recordLoading)
  async function readRecord(): Promise<void> {
    const id = openId.value
    if (!id) return
    await latestRecord.run(() => getOrder(id), {
      ok: (r) => {
        if (openId.value !== id) return
        record.value = r
        recordError.value = null
      },
      failed: (err) => (recordError.value = errorData(err)),
    })
  }

  function open(id: string): Promise<void> {
    if (openId.value !== id) record.value = null
    openId.value = id
    recordError.value = null
    return readRecord()
  }

  function close(): void {
    openId.value = null
    record.value = null
    recordError.value = null
  }

  // ---- following changes ------------------------------------------------------------------------------------
  let following = false
  /** Whether the screen is shown: the sender's changes are read only then (the next visit reads everything). */
  let visible = false
  let changeTimer: ReturnType<typeof setTimeout> | null = null
  let changedOpen = false
  async function load(): Promise<void> {
    visible = true
    if (!following) {
      following = true
      onOrdersChanged((p) => {
        if (!visible) return
        if (profiles.activeId && p.profileId !== profiles.activeId) return
        if (openId.value && p.ids.includes(openId.value)) changedOpen = true
        if (changeTimer) return
        changeTimer = setTimeout(() => {
          changeTimer = null
          void refresh()
          if (changedOpen) {
            changedOpen = false
            void readRecord()
          }
        }, CHANGE_DELAY_MS)
      })
      // Changes missed while the events' stream was cut (browser mode): the list, and the order open, read again.
      onMissedEvents(() => {
        if (!visible) return
        void refresh()
        if (openId.value) void readRecord()
      })
    }
    await refresh()
  }

  /** The screen is left. */
  function leave(): void {
    visible = false
    close()
  }

  // ---- actions ----------------------------------------------------------------------------------------------
  /** Which order an action is running for (its buttons show it). */
  const busy = ref<string | null>(null)

  async function act(id: string, call: () => Promise<OrderRecord>): Promise<OrderRecord> {
    busy.value = id
    try {
      const r = await call()
      if (openId.value === id) record.value = r
      await refresh()
      return r
    } finally {
      busy.value = null
    }
  }

  const hold = (id: string) => act(id, () => holdOrder(id))
  const release = (id: string) => act(id, () => releaseOrder(id))
  const withdraw = (id: string) => act(id, () => withdrawOrder(id))
  const sendNow = (id: string) => act(id, () => sendOrderNow(id))
  const resolve = (id: string, decision: 'done' | 'notDone') => act(id, () => resolveOrder(id, decision))

  /** A new draft from an order (a copy, or a refund of what it bought); returns the draft's id. */
  async function toDraft(id: string, mode: 'copy' | 'refund'): Promise<string> {
    busy.value = id
    try {
      return (await orderToDraft(id, mode)).id
    } finally {
      busy.value = null
    }
  }

  /** The history as filtered on screen, as CSV or Excel. */
  function exportFile(format: ExportFormat) {
    return exportList(format, { kind: 'orders', ...target(), ...historyQuery(filter) })
  }

  return {
    status,
    outbox,
    outboxTotal,
    filter,
    pageNum,
    pageSize,
    history,
    total,
    loading,
    loaded,
    error,
    queryTooLong,
    openId,
    record,
    recordLoading,
    recordError,
    busy,
    load,
    leave,
    refresh,
    open,
    close,
    hold,
    release,
    withdraw,
    sendNow,
    resolve,
    toDraft,
    exportFile,
  }
})
