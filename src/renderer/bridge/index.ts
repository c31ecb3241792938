/**
 * The one bridge between the renderer and the core, and the only module that knows which shell it runs in:
 * Electron's preload global when present, else the browser-mode HTTP transport. Everything else calls `invoke`
 * and `onEvent`, typed from the shared contract.
 */
import type { ChannelInput, ChannelName, ChannelOutput } from '@shared/ipc/contract'
import type { EventName, EventPayload } from '@shared/ipc/events'
import { BRIDGE_GLOBAL, type RawBridge } from '@shared/ipc/bridge'
import { appErrorDataSchema } from '@shared/errors/app-error'
import { BridgeError, bridgeError, errorData } from './errors'
import { createHttpBridge, type BridgeStatus, type HttpBridge } from './http-bridge'
import { takeToken, watchForNewToken } from './token'
import { channelSpec, loadedEventSchemas, loadEventSchemas, type EventSchemas } from './schemas'

export { BridgeError, errorData } from './errors'
export type { BridgeStatus } from './http-bridge'

let raw: RawBridge | null = null
/** The browser-mode transport when that is the one in use (it can also send as the page goes away). */
let http: HttpBridge | null = null
let status: BridgeStatus = 'ok'
const statusListeners = new Set<(s: BridgeStatus) => void>()
const resumedListeners = new Set<() => void>()

function setStatus(next: BridgeStatus): void {
  status = next
  for (const l of [...statusListeners]) l(next)
}

function isRawBridge(v: unknown): v is RawBridge {
  return typeof v === 'object' && v !== null && typeof (v as RawBridge).invoke === 'function' && typeof (v as RawBridge).onEvent === 'function'
}

/**
 * Picks the transport. Call once at start-up, before the router reads the address: in browser mode it takes the
 * token out of `location.hash`.
 */
export function initBridge(): RawBridge {
  if (raw) return raw
  const fromPreload: unknown = (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL]
  if (isRawBridge(fromPreload)) {
    raw = fromPreload
  } else {
    const env = { location: window.location, history: window.history, storage: window.sessionStorage }
    const token = takeToken(env)
    raw = http = createHttpBridge({ token, onStatus: setStatus, onEventsResumed: () => resumedListeners.forEach((l) => l()) })
    if (!token) setStatus('unauthorized')
    // A new address pasted into this tab: start again with its token (every store reloads with it).
    watchForNewToken({ ...env, addEventListener: (type, l) => window.addEventListener(type, l) }, () => window.location.reload())
  }
  return raw
}

/** Replaces the transport (tests, and nothing else). */
export function installBridge(bridge: RawBridge | null): void {
  raw = bridge
  http = null
  status = 'ok'
}

/** Which shell the renderer runs in. */
export function bridgeShell(): RawBridge['shell'] {
  return initBridge().shell
}

/** Calls a core channel; resolves with its validated output or throws a BridgeError. */
export async function invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  // The channel's schemas load (the first call of its area) while the call is under way.
  const spec = channelSpec(channel)
  spec.catch(() => undefined)
  let result
  try {
    result = await initBridge().invoke(channel, input ?? {})
  } catch (err) {
    // The Electron preload rejects only when IPC itself breaks.
    throw new BridgeError(errorData(err))
  }
  if (!result.ok) {
    const parsed = appErrorDataSchema.safeParse(result.error)
    throw parsed.success ? new BridgeError(parsed.data) : bridgeError('app.internal', {}, { operation: channel })
  }
  let schemas
  try {
    schemas = await spec
  } catch (err) {
    throw new BridgeError(errorData(err))
  }
  const output = schemas.output.safeParse(result.value)
  if (!output.success) {
    throw bridgeError('app.badResponse', { detail: `${channel}: ${output.error.issues[0]?.message ?? 'invalid'}` }, { operation: channel })
  }
  return output.data as ChannelOutput<C>
}

/**
 * Sends a call as the page goes away (reload, close, navigation): in browser mode as a request the browser
 * finishes after the page is gone (fetch keepalive, for bodies up to its 64 KB), in Electron over IPC, which
 * leaves at once. Nobody waits for the answer.
 */
export function invokeOnExit<C extends ChannelName>(channel: C, input: ChannelInput<C>): void {
  const bridge = initBridge()
  if (http && bridge === http) http.sendOnExit(channel, input ?? {})
  else void bridge.invoke(channel, input ?? {}).catch(() => undefined)
}

/** Subscribes to one core event; payloads that do not match the event's schema are dropped. Returns unsubscribe. */
export function onEvent<E extends EventName>(name: E, handler: (payload: EventPayload<E>) => void): () => void {
  let live = true
  const deliver = (schemas: EventSchemas, payload: unknown) => {
    if (!live) return
    const parsed = schemas[name].safeParse(payload)
    if (!parsed.success) {
      console.warn(`[bridge] event ${name} with an invalid payload; dropped`)
      return
    }
    handler(parsed.data as EventPayload<E>)
  }
  const off = initBridge().onEvent((eventName, payload) => {
    if (eventName !== name) return
    const loaded = loadedEventSchemas()
    if (loaded) deliver(loaded, payload)
    // The first events wait for the schemas' module, in the order they came (one promise, FIFO).
    else loadEventSchemas().then((s) => deliver(s, payload), (err: unknown) => console.error('[bridge] event schemas could not be loaded', err))
  })
  return () => {
    live = false
    off()
  }
}

/**
 * Told when the core's events come again after their stream was cut (browser mode): events may have been missed
 * meanwhile, so a store following some state reads it again. Returns unsubscribe.
 */
export function onEventsResumed(listener: () => void): () => void {
  resumedListeners.add(listener)
  return () => resumedListeners.delete(listener)
}

/** The link to the core as the page sees it, now. */
export function bridgeStatus(): BridgeStatus {
  return status
}

/** Follows the link's status (browser mode: token refused, core gone, back). Returns unsubscribe. */
export function onBridgeStatus(listener: (s: BridgeStatus) => void): () => void {
  statusListeners.add(listener)
  return () => statusListeners.delete(listener)
}
