/** A small seeded pseudo-random generator (mulberry32): the same seed gives the same demo data and faults. */
export class Rng {
  private s: number

  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9
  }

  /** A float in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0
    let t = this.s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1)
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)]
    if (item === undefined) throw new Error('pick from an empty list')
    return item
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  /** Hex digits, for salts and ids that must be stable per seed. */
  hex(length: number): string {
    let out = ''
    while (out.length < length) out += this.int(0x10000).toString(16).padStart(4, '0')
    return out.slice(0, length)
  }
}
