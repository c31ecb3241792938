/**
 * The page's link to the core: set up once at start (browser mode takes its access key from the address), its
 * status (connected, access key refused, core gone), and which shell the page runs in.
 */
import { bridgeShell, bridgeStatus, initBridge, onBridgeStatus, onEventsResumed, type BridgeStatus } from '../bridge'
import { redeemOpenCode } from '../bridge/token'

export type ConnectionStatus = BridgeStatus

/**
 * Connects to the core. Call once, before the router reads the address: in browser mode a one-time `#code=` of an
 * address the core opened is exchanged for the token first, then the transport is picked.
 */
export async function connect(): Promise<void> {
  await redeemOpenCode({ location: window.location, history: window.history, storage: window.sessionStorage })
  initBridge()
}

/** The link as the page sees it now. */
export function connectionStatus(): ConnectionStatus {
  return bridgeStatus()
}

/** Follows the link's status. Returns unsubscribe. */
export function onConnectionStatus(listener: (s: ConnectionStatus) => void): () => void {
  return onBridgeStatus(listener)
}

/** Told when the core's events come again after their stream was cut: read again what is followed. */
export function onMissedEvents(listener: () => void): () => void {
  return onEventsResumed(listener)
}

/** `electron` or `browser`. */
export function shellKind(): 'electron' | 'browser' {
  return bridgeShell()
}
