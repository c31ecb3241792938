/**
 * The revoke preview of the order open in the wizard: what its delete_asset / delete_product entries would remove,
 * read by the core (orders.revokePreview: member operation 7 and the service's rules). It belongs to the revoke
 * contents it was read for (`key`): any change to them makes it stale, and marking ready asks for a current one
 * (OrderWizard.vue: a revoke order is marked ready only after its preview was shown; a preview that could not be
 * read counts as shown, with its failure).
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { RevokePreview } from '@shared/ipc/channels/orders'
import { revokePreview } from '../api/orders'
import { errorData } from '../api/errors'
import { revokePreviewInput } from '../models/orders/revoke-preview'
import { useOrderWizardStore } from './order-wizard'
import { useProfilesStore } from './profiles'

export const useRevokePreviewStore = defineStore('revoke-preview', () => {
  const wizard = useOrderWizardStore()
  const profiles = useProfilesStore()
  const input = computed(() => revokePreviewInput(wizard.entries))
  const key = computed(() => (input.value.length ? `${profiles.activeId}|${wizard.draftId ?? ''}|${JSON.stringify(input.value)}` : ''))
  const hasRevokes = computed(() => input.value.length > 0)

  const result = shallowRef<RevokePreview | null>(null)
  const error = shallowRef<AppErrorData | null>(null)
  const readFor = ref('')
  const loading = ref(false)

  /** Read for the revoke contents as they are now (a read or a failure). */
  const current = computed(() => hasRevokes.value && readFor.value === key.value)
  const stale = computed(() => hasRevokes.value && readFor.value !== '' && readFor.value !== key.value)

  async function load(): Promise<void> {
    if (!hasRevokes.value) return
    const k = key.value
    loading.value = true
    try {
      const r = await revokePreview({ entries: input.value })
      result.value = r
      error.value = null
    } catch (err) {
      result.value = null
      error.value = errorData(err)
    } finally {
      readFor.value = k
      loading.value = false
    }
  }

  /** The preview of the entry at `index` (its place in the order), when one was read. */
  function forEntry(index: number) {
    return result.value?.entries.find((e) => e.sequence === index) ?? null
  }

  return { hasRevokes, current, stale, loading, error, result, load, forEntry }
})
