import { describe, expect, it } from 'vitest'
import { Slots } from '../../../../src/main/services/bulk/slots'

const turn = () => new Promise((r) => setImmediate(r))

describe('a run\'s places for requests in flight', () => {
  it('hands out at most `count` places, the freed ones to the waiters in turn', async () => {
    const slots = new Slots(2)
    const a = await slots.take()
    const b = await slots.take()
    const got: string[] = []
    void slots.take().then(() => got.push('c'))
    void slots.take().then(() => got.push('d'))
    await turn()
    expect(got).toEqual([])
    b.release()
    await turn()
    expect(got).toEqual(['c'])
    // Released twice (by the client, then by the run when the call ends): one place back, not two.
    b.release()
    await turn()
    expect(got).toEqual(['c'])
    a.release()
    await turn()
    expect(got).toEqual(['c', 'd'])
  })

  it('a call released early takes a place again for its retry, waiting for one if none is free', async () => {
    const slots = new Slots(1)
    const first = await slots.take()
    first.release()
    const other = await slots.take()
    let retried = false
    void first.acquire().then(() => (retried = true))
    await turn()
    expect(retried).toBe(false)
    other.release()
    await turn()
    expect(retried).toBe(true)
    // Held again: acquiring once more takes nothing, and one release frees the single place.
    await first.acquire()
    first.release()
    const next = await Promise.race([slots.take().then(() => 'free'), turn().then(() => 'none')])
    expect(next).toBe('free')
  })

  it('a count below one still lets one call go', async () => {
    const slots = new Slots(0)
    expect(await Promise.race([slots.take().then(() => 'free'), turn().then(() => 'none')])).toBe('free')
  })
})
