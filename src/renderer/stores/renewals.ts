/**
 * Renewals: the list of what expires in the chosen window (from the core's last reading, shown with its time, so
 * it works offline), the background reading's progress (a bulk job: refresh, pause, resume), the filters, the ticked rows,
 * renew and export. The rule and the counts: @shared/renewals/expiry; the narrowing: renewals-model.ts.
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { ExportFormat } from '@shared/ipc/channels/imports'
import type { RenewalList, RenewalStatus } from '@shared/ipc/channels/renewals'
import { errorData } from '../api/errors'
import { listRenewals, onRenewalsProgress, pauseRenewals, refreshRenewals, renewRows, resumeRenewals } from '../api/renewals'
import { EMPTY_FILTER, chartBars, customerGroups, filterRows, windowOf, type RenewalFilter, type WindowChoice } from '../models/renewals/renewals-model'
import { useProfilesStore } from './profiles'
import { exportList } from '../composables/export'
import { useLatest } from '../composables/latest'

const ACTIVE: ReadonlySet<RenewalStatus['state']> = new Set(['running', 'cancelling'])
const UNFINISHED: ReadonlySet<RenewalStatus['state']> = new Set(['running', 'cancelling', 'paused', 'interrupted'])

export const useRenewalsStore = defineStore('renewals', () => {
  const profiles = useProfilesStore()
  const choice = ref<WindowChoice>(60)
  const dates = ref<[string, string] | null>(null)
  const filter = reactive<RenewalFilter>({ ...EMPTY_FILTER })
  const list = shallowRef<RenewalList | null>(null)
  const status = shallowRef<RenewalStatus | null>(null)
  const loading = ref(false)
  const error = shallowRef<AppErrorData | null>(null)
  const selected = ref<string[]>([])
  const latest = useLatest()
  let off: (() => void) | null = null

  const window = computed(() => windowOf(choice.value, dates.value))
  const rows = computed(() => list.value?.rows ?? [])
  /** Rows of the chosen customer and words (the chart counts these), then of the chosen bar (the table). */
  const beforeBar = computed(() => filterRows(rows.value, { ...filter, bucket: '' }))
  const shown = computed(() => (filter.bucket ? filterRows(beforeBar.value, { ...EMPTY_FILTER, size: filter.size, bucket: filter.bucket }) : beforeBar.value))
  const groups = computed(() => customerGroups(filterRows(rows.value, { ...filter, customer: '', bucket: '' })))
  const bars = computed(() => (list.value ? chartBars(beforeBar.value, filter.size, list.value.range) : []))
  /** A reading not over: going on, or waiting to be resumed (paused, or interrupted when the app stopped). */
  const reading = computed(() => status.value !== null && UNFINISHED.has(status.value.state))

  async function load(): Promise<void> {
    const w = window.value
    if (!w) return
    const current = latest.begin()
    loading.value = true
    try {
      const r = await listRenewals(w)
      if (!current()) return
      list.value = r
      if (!reading.value || UNFINISHED.has(r.status.state)) status.value = r.status
      error.value = null
      const keys = new Set(r.rows.map((x) => x.key))
      selected.value = selected.value.filter((k) => keys.has(k))
    } catch (err) {
      if (current()) error.value = errorData(err)
    } finally {
      if (current()) loading.value = false
    }
  }

  /** Starts following the reading's progress (once) and lists. */
  function open(): Promise<void> {
    off ??= onRenewalsProgress((s) => {
      if (s.profileId !== profiles.activeId) return
      // The last events of a reading replaced by a newer one say nothing of the newer one.
      if (reading.value && status.value?.jobId && s.jobId !== status.value.jobId) return
      status.value = s
      // Stopped (finished, paused, cancelled): what it read is in the list now.
      if (!ACTIVE.has(s.state)) void load()
    })
    return load()
  }

  async function refresh(): Promise<void> {
    status.value = await refreshRenewals()
  }
  async function pause(): Promise<void> {
    status.value = await pauseRenewals()
  }
  async function resume(): Promise<void> {
    status.value = await resumeRenewals()
  }

  /** A draft renewing the ticked rows (or those given); returns its id. */
  async function renew(keys: string[] = selected.value): Promise<string> {
    const meta = await renewRows(keys)
    return meta.id
  }

  function exportFile(format: ExportFormat) {
    const w = window.value
    if (!w) throw new Error('no window')
    return exportList(format, { kind: 'renewals', window: w })
  }

  watch(window, () => void load())
  watch(
    () => profiles.activeId,
    () => {
      list.value = null
      status.value = null
      selected.value = []
      void load()
    },
  )

  return { choice, dates, filter, list, status, loading, error, selected, rows, shown, groups, bars, reading, open, load, refresh, pause, resume, renew, exportFile }
})
