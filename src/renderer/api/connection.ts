/**
 * The page's link to the core: set up once at start (browser mode takes its access key from the address), its
 * status (connected, access key refused, core gone), and which shell the page runs in.
 */
import { bridgeShell, bridgeStatus, initBridge, onBridgeStatus, type BridgeStatus } from '../bridge'

export type ConnectionStatus = BridgeStatus

/** Connects to the core. Call once, before the router reads the address. */
export function connect(): void {
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

/** `electron` or `browser`. */
export function shellKind(): 'electron' | 'browser' {
  return bridgeShell()
}
