/**
 * Fault injection, for clients' retry and reconciliation tests: added latency, error 500 answered without
 * touching state, connections dropped before the work, and connections dropped after the work is done (the
 * case where a client cannot know the outcome). Random faults draw from a seeded generator; queued faults
 * hit the next matching requests, for tests that need a fault exactly where they want it.
 */
import type { OperationId } from '@shared/api/operations'
import { Rng } from './rng'

export interface FaultSettings {
  /** Added before every operation is handled, in ms. */
  latencyMs: number
  /** 0..1: answer error 500 (HTTP 299) without touching state. */
  failureRate: number
  /** 0..1: destroy the connection without answering, before any work. */
  dropRate: number
  /** 0..1: do the work (state changes), then destroy the connection without answering. */
  dropAfterWorkRate: number
}

export type FaultKind = 'fail500' | 'drop' | 'dropAfterWork'

/** A one-shot fault for the next request(s) of an operation (or of any operation). */
export interface QueuedFault {
  kind: FaultKind
  /** Only requests of this operation; any operation when absent. */
  operation?: OperationId
  /** How many matching requests it hits (default 1). */
  times?: number
}

export const NO_FAULTS: FaultSettings = { latencyMs: 0, failureRate: 0, dropRate: 0, dropAfterWorkRate: 0 }

function rate(v: number | undefined, name: string): number | undefined {
  if (v === undefined) return undefined
  if (!Number.isFinite(v) || v < 0 || v > 1) throw new RangeError(`${name} must be between 0 and 1, got ${v}`)
  return v
}

export class FaultInjector {
  private settings: FaultSettings = { ...NO_FAULTS }
  private readonly queue: { kind: FaultKind; operation: OperationId | undefined; left: number }[] = []
  private readonly rng: Rng

  constructor(seed: number, initial: Partial<FaultSettings> = {}) {
    // A stream of its own, so fault decisions do not shift the demo data and vice versa.
    this.rng = new Rng((seed ^ 0x5eed_fa17) >>> 0)
    this.set(initial)
  }

  /** Changes some settings; the others keep their values. */
  set(patch: Partial<FaultSettings>): void {
    const latency = patch.latencyMs
    if (latency !== undefined && (!Number.isFinite(latency) || latency < 0)) {
      throw new RangeError(`latencyMs must be 0 or more, got ${latency}`)
    }
    const next: FaultSettings = { ...this.settings }
    if (latency !== undefined) next.latencyMs = latency
    const f = rate(patch.failureRate, 'failureRate')
    if (f !== undefined) next.failureRate = f
    const d = rate(patch.dropRate, 'dropRate')
    if (d !== undefined) next.dropRate = d
    const a = rate(patch.dropAfterWorkRate, 'dropAfterWorkRate')
    if (a !== undefined) next.dropAfterWorkRate = a
    this.settings = next
  }

  get current(): FaultSettings {
    return { ...this.settings }
  }

  enqueue(fault: QueuedFault): void {
    this.queue.push({ kind: fault.kind, operation: fault.operation, left: Math.max(1, fault.times ?? 1) })
  }

  clearQueue(): void {
    this.queue.length = 0
  }

  /** The fault for one request of an operation, or null. */
  decide(operation: OperationId): FaultKind | null {
    for (let i = 0; i < this.queue.length; i++) {
      const q = this.queue[i]
      if (!q || (q.operation !== undefined && q.operation !== operation)) continue
      q.left--
      if (q.left <= 0) this.queue.splice(i, 1)
      return q.kind
    }
    const s = this.settings
    if (s.dropRate > 0 && this.rng.next() < s.dropRate) return 'drop'
    if (s.failureRate > 0 && this.rng.next() < s.failureRate) return 'fail500'
    if (s.dropAfterWorkRate > 0 && this.rng.next() < s.dropAfterWorkRate) return 'dropAfterWork'
    return null
  }
}
