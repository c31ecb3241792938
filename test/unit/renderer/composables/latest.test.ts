/** "Only the latest request counts": answers out of order, errors of older requests, the loading flag, a drop. */
import { describe, expect, it } from 'vitest'
import { ref } from 'vue'
import { useLatest } from '../../../../src/renderer/composables/latest'

/** A promise settled from outside, so the test decides the order of answers. */
function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('useLatest', () => {
  it('an older answer arriving after a newer one is dropped, and loading ends with the latest only', async () => {
    const loading = ref(false)
    const latest = useLatest(loading)
    const shown: string[] = []
    const a = deferred<string>()
    const b = deferred<string>()
    const first = latest.run(() => a.promise, { ok: (v) => shown.push(v) })
    const second = latest.run(() => b.promise, { ok: (v) => shown.push(v) })
    expect(loading.value).toBe(true)
    b.resolve('new')
    await second
    expect(loading.value).toBe(false)
    a.resolve('old')
    await first
    expect(shown).toEqual(['new'])
    expect(loading.value).toBe(false)
  })

  it('the error of an older request is not shown; the latest one is', async () => {
    const latest = useLatest()
    const errors: unknown[] = []
    const a = deferred<number>()
    const first = latest.run(() => a.promise, { ok: () => undefined, failed: (e) => errors.push(e) })
    const second = latest.run(() => Promise.reject(new Error('latest')), { ok: () => undefined, failed: (e) => errors.push(e) })
    await second
    a.reject(new Error('old'))
    await first
    expect(errors.map((e) => (e as Error).message)).toEqual(['latest'])
  })

  it('a quiet request leaves loading as it was; a drop makes every request out of date', async () => {
    const loading = ref(false)
    const latest = useLatest(loading)
    const a = deferred<number>()
    const quiet = latest.run(() => a.promise, { quiet: true, ok: () => undefined })
    expect(loading.value).toBe(false)
    a.resolve(1)
    await quiet

    const shown: number[] = []
    const b = deferred<number>()
    const pending = latest.run(() => b.promise, { ok: (v) => shown.push(v) })
    const step = latest.begin()
    expect(step()).toBe(true)
    latest.drop()
    expect(loading.value).toBe(false)
    expect(step()).toBe(false)
    b.resolve(2)
    await pending
    expect(shown).toEqual([])
  })
})
