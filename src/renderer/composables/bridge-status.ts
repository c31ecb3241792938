/** The link to the core as a reactive value, for the full-page "not connected" screen and the "core down" banner. */
import { onScopeDispose, ref, type Ref } from 'vue'
import { bridgeStatus, onBridgeStatus, type BridgeStatus } from '../bridge'

/** A ref following the bridge's status for the lifetime of the calling component. */
export function useBridgeStatus(): Ref<BridgeStatus> {
  const status = ref<BridgeStatus>(bridgeStatus())
  const off = onBridgeStatus((s) => {
    status.value = s
  })
  onScopeDispose(off)
  return status
}
