/** The lookup store: the number asked for, what the sources said about it, and the holder's name (asked after). */
import { defineStore } from 'pinia'
import { ref, shallowRef, watch } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { AssetLookup, LookupMember } from '@shared/ipc/channels/lookup'
import { readOneAssetNumber, type AssetNumberProblem } from '@shared/lists/asset-numbers'
import { lookupAsset, lookupMember } from '../api/lookup'
import { errorData } from '../api/errors'
import { useProfilesStore } from './profiles'
import { useLatest } from '../composables/latest'

export const useLookupStore = defineStore('lookup', () => {
  const profiles = useProfilesStore()
  const query = ref('')
  /** The enterprise asked about; empty: the connection's. */
  const enterprise = ref('')
  /** The number and enterprise last looked up (the address is followed only when it names others). */
  const searched = ref({ num: '', enterprise: '' })
  const result = shallowRef<AssetLookup | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  const holder = shallowRef<LookupMember | null>(null)
  const holderLoading = ref(false)
  const holderError = ref<AppErrorData | null>(null)
  /** Why the number typed cannot be an asset number (said at the field; nothing is sent). */
  const problem = ref<AssetNumberProblem | null>(null)

  /**
   * Reads a number as typed through the one asset-number reader (full-width digits folded, quotes and spaces
   * around dropped): the number to look up, or null with `problem` set when it cannot be one.
   */
  function read(raw: string): string | null {
    const r = readOneAssetNumber(raw)
    problem.value = r.problem
    return r.value === '' || r.problem ? null : r.value
  }

  const latest = useLatest()
  /** Looks an asset number up (as `read` gives it); the holder's name follows when the sources name a holder. */
  async function search(assetNum: string): Promise<void> {
    const num = read(assetNum)
    if (num === null) return
    const current = latest.begin()
    query.value = num
    searched.value = { num, enterprise: enterprise.value.trim() }
    loading.value = true
    error.value = null
    result.value = null
    holder.value = null
    holderError.value = null
    try {
      const r = await lookupAsset(num, enterprise.value.trim() || undefined)
      if (!current()) return
      result.value = r
      loading.value = false
      if (r.holderGlobalId) await findHolder(current, r.holderGlobalId, r.enterpriseGlobalId)
    } catch (err) {
      if (current()) error.value = errorData(err)
    } finally {
      if (current()) loading.value = false
    }
  }

  async function findHolder(current: () => boolean, memberGlobalId: string, enterpriseGlobalId: string): Promise<void> {
    holderLoading.value = true
    try {
      const m = await lookupMember(memberGlobalId, enterpriseGlobalId)
      if (current()) holder.value = m
    } catch (err) {
      if (current()) holderError.value = errorData(err)
    } finally {
      if (current()) holderLoading.value = false
    }
  }

  /** Asks for the holder's name again (after a failure). */
  function retryHolder(): void {
    const r = result.value
    if (r?.holderGlobalId) void findHolder(latest.begin(), r.holderGlobalId, r.enterpriseGlobalId)
  }

  watch(
    () => profiles.activeId,
    (now, before) => {
      if (before && now !== before) {
        latest.drop()
        result.value = null
        holder.value = null
        error.value = null
        loading.value = false
      }
    },
  )

  return { query, enterprise, searched, result, loading, error, holder, holderLoading, holderError, problem, read, search, retryHolder }
})
