/** The asset numbers store: batches issued on this computer (kept by the core), and issuing new ones. */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { ShellBatch } from '@shared/ipc/channels/shellnums'
import { forgetShellnums, issueShellnums, shellnumHistory } from '../api/shellnums'
import { errorData } from '../api/errors'

export const useShellnumsStore = defineStore('shellnums', () => {
  const batches = shallowRef<ShellBatch[]>([])
  const loaded = ref(false)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  const issuing = ref(false)
  /** Id of the batch shown. */
  const selectedId = ref<string | null>(null)

  async function load(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      batches.value = await shellnumHistory()
      loaded.value = true
      if (!selectedId.value || !batches.value.some((b) => b.id === selectedId.value)) selectedId.value = batches.value[0]?.id ?? null
    } catch (err) {
      error.value = errorData(err)
    } finally {
      loading.value = false
    }
  }

  /** Issues `size` numbers; the new batch goes on top and is shown. Throws BridgeError. */
  async function issue(size: number): Promise<ShellBatch> {
    issuing.value = true
    try {
      const batch = await issueShellnums(size)
      batches.value = [batch, ...batches.value.filter((b) => b.id !== batch.id)]
      selectedId.value = batch.id
      return batch
    } finally {
      issuing.value = false
    }
  }

  /** Forgets a batch locally (the journal keeps the call). */
  async function forget(id: string): Promise<void> {
    batches.value = await forgetShellnums(id)
    if (selectedId.value === id) selectedId.value = batches.value[0]?.id ?? null
  }

  return { batches, loaded, loading, error, issuing, selectedId, load, issue, forget }
})
