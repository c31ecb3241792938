/** The asset numbers table's model (src/shared/holdings/numbers.ts), kept raw by the store (never made reactive). */
import { markRaw } from 'vue'
import type { HoldingTable } from '@shared/ipc/channels/holdings'
import { buildNumbersModel as build, type NumbersModel } from '@shared/holdings/numbers'

export * from '@shared/holdings/numbers'

/** Builds the rows (one pass) and the counts per state, raw. */
export function buildNumbersModel(t: HoldingTable): NumbersModel {
  const m = build(t)
  return markRaw({ ...m, holders: markRaw(m.holders), rows: markRaw(m.rows), keys: markRaw(m.keys), holderKeys: markRaw(m.holderKeys) })
}
