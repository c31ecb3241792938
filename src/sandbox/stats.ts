/**
 * Counters tests read to prove what reached the server, e.g. "no employee create was received twice".
 * `received` counts requests that reached an operation's handler (authenticated, fresh g_nonce), whatever the
 * outcome; `applied` counts creates that changed state.
 */
import type { OperationId } from '@shared/api/operations'

/** Operations whose every call creates something, keyed per created thing. */
export type CreateOperation = 'bindEnterprise' | 'createEnterprise' | 'batchOrder' | 'addMembers' | 'getShellNums' | 'lendAssets'

export interface SandboxStats {
  /** Every HTTP request, including the token endpoint and unknown paths. */
  requests: number
  /** Requests whose handling has ended (answered, refused, dropped, or their client gone): `requests - settled` are still being handled. */
  settled: number
  /** Requests per operation, counted on arrival (before faults, authentication and validation). */
  byOperation: Record<string, number>
  /** Business codes answered, per code ('0' for success). */
  byCode: Record<string, number>
  tokenRequests: number
  faults: { failed500: number; dropped: number; droppedAfterWork: number }
  /**
   * Creates per key: addMembers by `userName`, batchOrder by `channelCode/channelOrderId`, bindEnterprise by
   * `channelCode/channelCustomerId`, createEnterprise by `crmCustomerId`, lendAssets by `memberGlobalId/lock`,
   * getShellNums by `size`.
   */
  creates: {
    received: Partial<Record<CreateOperation, Record<string, number>>>
    applied: Partial<Record<CreateOperation, Record<string, number>>>
  }
  /** Disable and enable requests received per lock number (valid requests, whatever each lock's status). */
  toggles: Record<string, number>
}

function bump(map: Record<string, number>, key: string, by = 1): void {
  map[key] = (map[key] ?? 0) + by
}

export class StatsRecorder {
  private s: SandboxStats = StatsRecorder.empty()

  static empty(): SandboxStats {
    return {
      requests: 0,
      settled: 0,
      byOperation: {},
      byCode: {},
      tokenRequests: 0,
      faults: { failed500: 0, dropped: 0, droppedAfterWork: 0 },
      creates: { received: {}, applied: {} },
      toggles: {},
    }
  }

  request(): void {
    this.s.requests++
  }

  settled(): void {
    this.s.settled++
  }

  token(): void {
    this.s.tokenRequests++
  }

  operation(id: OperationId): void {
    bump(this.s.byOperation, id)
  }

  code(code: string | number): void {
    bump(this.s.byCode, String(code))
  }

  fault(kind: 'failed500' | 'dropped' | 'droppedAfterWork'): void {
    this.s.faults[kind]++
  }

  received(op: CreateOperation, key: string): void {
    bump((this.s.creates.received[op] ??= {}), key)
  }

  toggled(lockNumbers: readonly string[]): void {
    for (const n of lockNumbers) bump(this.s.toggles, n)
  }

  applied(op: CreateOperation, key: string): void {
    bump((this.s.creates.applied[op] ??= {}), key)
  }

  /** A deep copy, safe to keep while the server runs on. */
  snapshot(): SandboxStats {
    return structuredClone(this.s)
  }

  reset(): void {
    this.s = StatsRecorder.empty()
  }
}
