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
 * For each key, the index of its first occurrence when it repeats an earlier key, else -1; null when no key
 * repeats (the usual case). One pass over an open-addressing table of indexes (FNV-1a hashes, linear probing):
 * about a third of the time of sorting ten thousand fresh strings, and less than hashing them into a Map.
 */
function firstOccurrences(keys: readonly string[]): Int32Array | null {
  const n = keys.length
  let size = 16
  while (size < n * 2) size *= 2
  const mask = size - 1
  // Per slot: 1 + the index of the first key that took it (0: empty).
  const table = new Int32Array(size)
  let of: Int32Array | null = null
  for (let i = 0; i < n; i++) {
    const k = keys[i]!
    let h = 0x811c9dc5
    for (let j = 0; j < k.length; j++) h = Math.imul(h ^ k.charCodeAt(j), 0x01000193)
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const t = table[slot]!
      if (t === 0) {
        table[slot] = i + 1
        break
      }
      if (keys[t - 1] === k) {
        ;(of ??= new Int32Array(n).fill(-1))[i] = t - 1
        break
      }
    }
  }
  return of
}

/** The first occurrence of each key (`keys[i]` of `items[i]`), and where the repeats are. */
export function dedupeKeys<T>(items: readonly T[], keys: readonly string[]): Deduped<T> {
  const of = firstOccurrences(keys)
  if (!of) return { unique: items.slice(), duplicates: [] }
  const unique: T[] = []
  const positions: number[] = []
  const duplicates: { index: number; of: number }[] = []
  for (let index = 0; index < items.length; index++) {
    const first = of[index]!
    if (first >= 0) {
      duplicates.push({ index, of: first })
      continue
    }
    unique.push(items[index]!)
    positions.push(index)
  }
  return { unique, positions, duplicates }
}
