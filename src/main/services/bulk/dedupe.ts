/** Chunks and repeats of a job's input items. */

/** Splits a list into consecutive chunks of at most `size`. */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

export interface Deduped<T> {
  unique: T[]
  /** Input position of each unique item: only when there are repeats (without, the positions are the indexes). */
  positions?: number[]
  duplicates: { index: number; of: number }[]
}

/** The first occurrence of each key, and where the repeats are. */
export function dedupe<T>(items: readonly T[], key: (t: T) => string): Deduped<T> {
  return dedupeKeys(items, items.map(key))
}

/**
 * The first occurrence of each key (`keys[i]` of `items[i]`), and where the repeats are. The keys are sorted
 * first (much cheaper than hashing ten thousand fresh strings into a Map): repeats sit side by side, and a list
 * without any, the usual case, is done there. Only keys that repeat are then followed through a Map.
 */
export function dedupeKeys<T>(items: readonly T[], keys: readonly string[]): Deduped<T> {
  const sorted = keys.slice().sort()
  let repeated: Set<string> | null = null
  for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) (repeated ??= new Set()).add(sorted[i]!)
  if (!repeated) return { unique: items.slice(), duplicates: [] }
  const first = new Map<string, number>()
  const unique: T[] = []
  const positions: number[] = []
  const duplicates: { index: number; of: number }[] = []
  for (let index = 0; index < items.length; index++) {
    const k = keys[index]!
    if (repeated.has(k)) {
      const of = first.get(k)
      if (of !== undefined) {
        duplicates.push({ index, of })
        continue
      }
      first.set(k, index)
    }
    unique.push(items[index]!)
    positions.push(index)
  }
  return { unique, positions, duplicates }
}
