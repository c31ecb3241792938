/**
 * The book's customers of one enterprise (the active connection's book), read again when the enterprise or the
 * book changes: for screens that show an enterprise's or an asset's customer by name (models/customers/customer-names.ts).
 */
import { onScopeDispose, shallowRef, watch, type ShallowRef } from 'vue'
import type { CustomerRecord } from '@shared/ipc/channels/customers'
import { onCustomersChanged, searchCustomers } from '../api/customers'
import { useProfilesStore } from '../stores/profiles'
import { useLatest } from './latest'

export function useEnterpriseCustomers(enterprise: () => string): ShallowRef<readonly CustomerRecord[]> {
  const customers = shallowRef<readonly CustomerRecord[]>([])
  const latest = useLatest()
  async function read(): Promise<void> {
    const id = enterprise().trim()
    const current = latest.begin()
    if (!id) {
      customers.value = []
      return
    }
    try {
      // The id is found in the enterprise field (and perhaps another): keep the enterprise's own.
      const r = await searchCustomers({ query: id, limit: 500 })
      if (current()) customers.value = r.customers.filter((c) => c.enterpriseGlobalId === id)
    } catch {
      // Names are a help: without the book the ids stay on screen.
    }
  }
  const profiles = useProfilesStore()
  watch([enterprise, () => profiles.activeId], () => void read(), { immediate: true })
  const off = onCustomersChanged(() => void read())
  onScopeDispose(off)
  return customers
}
