/** The link to the core as a reactive value, for the full-page "not connected" screen and the "core down" banner. */
import { onScopeDispose, ref, type Ref } from 'vue'
import { connectionStatus, onConnectionStatus, type ConnectionStatus } from '../api/connection'

/** A ref following the link's status for the lifetime of the calling component. */
export function useBridgeStatus(): Ref<ConnectionStatus> {
  const status = ref<ConnectionStatus>(connectionStatus())
  const off = onConnectionStatus((s) => {
    status.value = s
  })
  onScopeDispose(off)
  return status
}
