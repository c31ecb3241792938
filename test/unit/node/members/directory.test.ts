import { describe, expect, it } from 'vitest'
import type { ListedMember } from '@shared/api/models'
import { AppError } from '@shared/errors/app-error'
import type { DirectoryStatus } from '@shared/ipc/channels/members'
import type { ApiClient } from '../../../../src/main/api/client'
import { MemberDirectory } from '../../../../src/main/services/members'

/** A client whose employee list is `people` (paged as the service pages it), counting the pages asked. */
function fakeClient(people: ListedMember[], opts: { failWith?: AppError } = {}): ApiClient & { pagesAsked: number } {
  const c = {
    pagesAsked: 0,
    async listMembers(_e: string, q: { pageNum: number; pageSize: number }) {
      c.pagesAsked++
      if (opts.failWith) throw opts.failWith
      const list = people.slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize)
      return { pageNum: q.pageNum, pageSize: q.pageSize, size: list.length, total: people.length, pages: Math.ceil(people.length / q.pageSize), list }
    },
  }
  return c as unknown as ApiClient & { pagesAsked: number }
}
const person = (i: number, userName = `user${i}`): ListedMember => ({ id: String(i), globalId: `M${i}`, userName, name: `名${i}`, departmentId: i % 3, departmentName: `部${i % 3}` })

describe('the member directory', () => {
  it('reads the whole list in pages, names people, finds accounts ignoring case and an appended suffix', async () => {
    const people = [...Array.from({ length: 23 }, (_, i) => person(i + 1)), person(99, 'zhangsan@demo0001')]
    const client = fakeClient(people)
    const statuses: DirectoryStatus[] = []
    const dir = new MemberDirectory({ clientFor: async () => client, pageSize: async () => 5, onStatus: (s) => statuses.push(s) })
    expect(dir.people('p', 'E1', ['M1']).status.state).toBe('loading')
    const done = await dir.whenRead('p', 'E1')
    expect(done).toMatchObject({ state: 'ready', loaded: 24, total: 24 })
    expect(client.pagesAsked).toBe(5)
    expect(dir.people('p', 'E1', ['M3', 'M3', 'Mx']).people).toEqual([{ globalId: 'M3', userName: 'user3', name: '名3' }])
    const acc = await dir.accounts('p', 'E1', ['USER7', 'ZhangSan', 'nobody'])
    expect(acc.found.map((f) => [f.asked, f.globalId])).toEqual([
      ['USER7', 'M7'],
      ['ZhangSan', 'M99'],
    ])
    expect(dir.departments('p', 'E1').departments.reduce((n, d) => n + d.count, 0)).toBe(24)
    expect(statuses.map((s) => s.state)).toEqual(['loading', 'ready'])
  })

  it('applies what the app adds and deletes at once, and reads again after a bulk job (stale)', async () => {
    const people = [person(1), person(2)]
    const client = fakeClient(people)
    const dir = new MemberDirectory({ clientFor: async () => client, pageSize: async () => 10 })
    await dir.whenRead('p', 'E1')
    dir.learn('p', 'E1', [{ globalId: 'M5', userName: 'new5', name: '新', departmentId: null, departmentName: null }])
    dir.forget('p', 'E1', 'M1')
    expect(dir.people('p', 'E1', ['M1', 'M5']).people.map((p) => p.globalId)).toEqual(['M5'])
    // Meanwhile a bulk job added someone the directory did not see.
    people.push(person(7))
    expect((await dir.accounts('p', 'E1', ['user7'])).found).toHaveLength(0)
    dir.stale()
    expect((await dir.accounts('p', 'E1', ['user7'])).found).toHaveLength(1)
  })

  it('after a failed reading, waits before reading again by itself; refresh reads at once', async () => {
    let now = 1000
    const client = fakeClient([person(1)], { failWith: AppError.api('60005') })
    const dir = new MemberDirectory({ clientFor: async () => client, pageSize: async () => 10, now: () => now })
    await expect(dir.whenRead('p', 'E1')).rejects.toMatchObject({ code: '60005' })
    const asked = client.pagesAsked
    expect(dir.status('p', 'E1').state).toBe('error')
    await expect(dir.whenRead('p', 'E1')).rejects.toMatchObject({ code: '60005' })
    expect(client.pagesAsked).toBe(asked)
    now += 31_000
    await expect(dir.whenRead('p', 'E1')).rejects.toMatchObject({ code: '60005' })
    expect(client.pagesAsked).toBe(asked + 1)
    dir.refresh('p', 'E1')
    await expect(dir.whenRead('p', 'E1')).rejects.toMatchObject({ code: '60005' })
    expect(client.pagesAsked).toBe(asked + 2)
  })
})
