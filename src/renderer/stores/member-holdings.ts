/**
 * One employee's asset numbers (the drawer's "Asset numbers" section): what they hold, each with its products on
 * demand; the free numbers picked to give them and the held ones ticked to take back, sent as ONE configure call;
 * the service's refusals kept at the number (or the employee) they are about. The picks are kept in the draft
 * store as they change, for one employee at a time: picks kept for another employee are offered back (open them,
 * or discard them) before any can be made here, so none are lost.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { AssetProducts } from '@shared/api/models'
import { HOLDING_DRAFT_IDS, type ConfigureProblem, type MemberHoldings } from '@shared/ipc/channels/holdings'
import { assetNumberKey } from '@shared/lists/asset-numbers'
import { errorData } from '../api/errors'
import { assetProducts, configureHoldings, memberHoldings } from '../api/holdings'
import { useDraftSync } from '../composables/draft-sync'
import { useHoldingsStore } from './holdings'
import { useLatest } from '../composables/latest'

export interface ProductsState {
  loading: boolean
  data: AssetProducts | null
  error: AppErrorData | null
}

export const useMemberHoldingsStore = defineStore('memberHoldings', () => {
  const holdings = useHoldingsStore()

  const memberGlobalId = ref<string | null>(null)
  const current = shallowRef<MemberHoldings | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  /** Free numbers picked to give, and held ones ticked to take back: the picks of `pickedFor` (the draft). */
  const add = ref<string[]>([])
  const del = ref<string[]>([])
  const pickedFor = ref('')
  const pickedIn = ref('')
  /** Refusals of the last call: by number (lower case), and one about the employee. */
  const problems = shallowRef<Map<string, ConfigureProblem>>(new Map())
  const memberProblem = shallowRef<ConfigureProblem | null>(null)
  /** The refusal's error (its code and the service's words) and any other failure of the call. */
  const failure = ref<AppErrorData | null>(null)
  const applying = ref(false)
  const products = ref<Record<string, ProductsState>>({})
  const draft = useDraftSync({ id: HOLDING_DRAFT_IDS.assign, kind: 'holdings.assign', fields: { enterpriseGlobalId: pickedIn, memberGlobalId: pickedFor, add, del } })

  /** Picks kept for another employee than the one open: offered back; none can be made here meanwhile. */
  const keptOther = computed(() =>
    memberGlobalId.value && pickedFor.value && pickedFor.value !== memberGlobalId.value && add.value.length + del.value.length > 0
      ? { memberGlobalId: pickedFor.value, add: add.value, del: del.value }
      : null,
  )

  /** Whether the picks are this employee's (none are kept for someone else). */
  const picksHere = computed(() => pickedFor.value === memberGlobalId.value)
  const pending = computed(() => (picksHere.value ? add.value.length + del.value.length : 0))

  function clearProblems(): void {
    problems.value = new Map()
    memberProblem.value = null
    failure.value = null
  }

  /** Opens an employee: their numbers, and the picks kept for them (or a note of picks kept for someone else). */
  async function open(globalId: string): Promise<void> {
    if (memberGlobalId.value === globalId && current.value) return
    memberGlobalId.value = globalId
    current.value = null
    products.value = {}
    clearProblems()
    await draft.load()
    if (add.value.length + del.value.length === 0) {
      pickedFor.value = globalId
      pickedIn.value = holdings.enterprise
    }
    await reload()
  }

  const latest = useLatest()
  async function reload(refresh = false): Promise<void> {
    const id = memberGlobalId.value
    if (!id) return
    const isLatest = latest.begin()
    loading.value = true
    try {
      const h = await memberHoldings({ ...holdings.target(), memberGlobalId: id, ...(refresh ? { refresh: true } : {}) })
      if (!isLatest()) return
      current.value = h
      error.value = null
      // A number ticked to take back that they no longer hold, or picked that they hold now: nothing to do.
      if (pickedFor.value === id) {
        const held = new Set(h.numbers.map((n) => assetNumberKey(n.assetNum)))
        const d = del.value.filter((n) => held.has(assetNumberKey(n)))
        const a = add.value.filter((n) => !held.has(assetNumberKey(n)))
        if (d.length !== del.value.length) del.value = d
        if (a.length !== add.value.length) add.value = a
      }
    } catch (err) {
      if (isLatest()) error.value = errorData(err)
    } finally {
      if (isLatest()) loading.value = false
    }
  }

  function toggleWithdraw(assetNum: string, on: boolean): void {
    if (!picksHere.value) return
    const k = assetNumberKey(assetNum)
    const rest = del.value.filter((n) => assetNumberKey(n) !== k)
    del.value = on ? [...rest, assetNum] : rest
  }

  function removeAdd(assetNum: string): void {
    add.value = add.value.filter((n) => n !== assetNum)
  }

  /** Drops the picks (the draft keeps nothing then). */
  function discard(): void {
    add.value = []
    del.value = []
    clearProblems()
  }

  /** Drops picks kept for another employee: picks can be made for the one open. */
  function discardOther(): void {
    add.value = []
    del.value = []
    if (memberGlobalId.value) pickedFor.value = memberGlobalId.value
    pickedIn.value = holdings.enterprise
  }

  /**
   * Sends the picks in one configure call. Done: the picks go, the numbers are read again. Refused: nothing was
   * changed; the problems are shown at their numbers. Returns whether it was done.
   */
  async function apply(): Promise<boolean> {
    const id = memberGlobalId.value
    if (!id || !picksHere.value || pending.value === 0) return false
    applying.value = true
    clearProblems()
    try {
      const r = await configureHoldings({ ...holdings.target(), memberGlobalId: id, add: [...add.value], del: [...del.value] })
      if (!r.done) {
        const byNum = new Map<string, ConfigureProblem>()
        for (const p of r.problems) {
          if (p.assetNum) byNum.set(assetNumberKey(p.assetNum), p)
          else memberProblem.value = p
        }
        problems.value = byNum
        failure.value = r.error ?? null
        return false
      }
      add.value = []
      del.value = []
      holdings.changed()
      await reload()
      return true
    } catch (err) {
      failure.value = errorData(err)
      return false
    } finally {
      applying.value = false
    }
  }

  /** The problem of a number from the last call, if any. */
  function problemOf(assetNum: string): ConfigureProblem | undefined {
    return problems.value.get(assetNumberKey(assetNum))
  }

  /** Reads an asset's products (once; again on retry). */
  async function loadProducts(assetId: string, again = false): Promise<void> {
    const s = products.value[assetId]
    if (s && (s.loading || (s.data && !again))) return
    products.value = { ...products.value, [assetId]: { loading: true, data: null, error: null } }
    try {
      const data = await assetProducts({ ...holdings.target(), assetId })
      products.value = { ...products.value, [assetId]: { loading: false, data, error: null } }
    } catch (err) {
      products.value = { ...products.value, [assetId]: { loading: false, data: null, error: errorData(err) } }
    }
  }

  // Someone else changed holders (a move, a bulk run): read again when open.
  watch(
    () => holdings.changes,
    () => {
      if (memberGlobalId.value && !applying.value) void reload()
    },
  )

  return {
    memberGlobalId,
    current,
    loading,
    error,
    add,
    del,
    pending,
    picksHere,
    problems,
    memberProblem,
    failure,
    applying,
    products,
    keptOther,
    draftError: draft.saveError,
    open,
    reload,
    toggleWithdraw,
    removeAdd,
    discard,
    discardOther,
    apply,
    problemOf,
    loadProducts,
  }
})
