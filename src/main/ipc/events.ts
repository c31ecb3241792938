/**
 * The core's event bus: typed from `src/shared/ipc/events.ts`. Both transports subscribe with `onAny` and
 * forward every event to the renderer (Electron IPC, or server-sent events in browser mode).
 */
import { eventSchemas, type EventName, type EventPayload } from '@shared/ipc/events'
import type { Logger } from '../services/log'

export type AnyEventListener = (name: EventName, payload: unknown) => void

/** Typed publish/subscribe for core events. Listener failures are logged, never propagated to the emitter. */
export class EventBus {
  private readonly any = new Set<AnyEventListener>()
  private readonly byName = new Map<EventName, Set<(payload: unknown) => void>>()

  constructor(private readonly log?: Logger) {}

  /** Publishes an event; the payload is checked against its schema so a bad payload fails where it is made. */
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    const checked = eventSchemas[name].parse(payload)
    for (const fn of this.byName.get(name) ?? []) this.safely(name, () => fn(checked))
    for (const fn of this.any) this.safely(name, () => fn(name, checked))
  }

  /** Subscribes to one event; returns the unsubscribe function. */
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    let set = this.byName.get(name)
    if (!set) this.byName.set(name, (set = new Set()))
    const fn = listener as (payload: unknown) => void
    set.add(fn)
    return () => set.delete(fn)
  }

  /** Subscribes to every event (the transports); returns the unsubscribe function. */
  onAny(listener: AnyEventListener): () => void {
    this.any.add(listener)
    return () => this.any.delete(listener)
  }

  private safely(name: string, fn: () => void): void {
    try {
      fn()
    } catch (err) {
      this.log?.error('event listener failed', { event: name, error: err })
    }
  }
}
