/**
 * The member directory: who an employee global id is (name and account), for every screen that shows one (the
 * asset list's "Assigned to", the lookup, the import's existing accounts, a pasted list of accounts). Member
 * operation 5 cannot filter by id, so the enterprise's whole employee list is read in the background, a few
 * pages at a time, and kept per (profile, enterprise); it is read again when older than `maxAgeMs` (the old
 * answers are served meanwhile). What the app itself adds, edits or deletes is applied at once, and every page
 * the Members screen reads is learnt too.
 */
import { AppError, toAppErrorData, type AppErrorData } from '@shared/errors/app-error'
import type { ListedMember } from '@shared/api/models'
import type { Department, DirectoryStatus, Person } from '@shared/ipc/channels/members'
import type { ApiClient } from '../../api/client'

export interface DirectoryDeps {
  clientFor(profileId: string): Promise<ApiClient>
  /** Employees per page read (the configured largest page size). */
  pageSize(): Promise<number>
  /** Told when a reading starts, ends or fails (the `members.directory` event). */
  onStatus?(status: DirectoryStatus): void
  now?: () => number
  /** Age after which the list is read again (default 5 minutes). */
  maxAgeMs?: number
  /** Pages asked at once (default 3). */
  concurrency?: number
  /** Enterprises kept (default 4; the least recently used goes). */
  maxEntries?: number
  /** After a failed reading, how long before a question starts another by itself (default 30 s; refresh() at once). */
  retryAfterMs?: number
}

/** What the directory keeps of an employee. */
export interface KnownMember extends Person {
  departmentId: number | null
  departmentName: string | null
}

interface People {
  byId: Map<string, KnownMember>
  /** By lower-case account, and by the part before an appended enterprise suffix (`name@code`). */
  byAccount: Map<string, KnownMember>
}

interface Entry {
  profileId: string
  enterpriseGlobalId: string
  people: People
  state: DirectoryStatus['state']
  loaded: number
  total: number | null
  readAt: number | null
  error: AppErrorData | undefined
  failedAt: number
  /** Changed elsewhere while a reading went on (a bulk job ended): read again after it. */
  changedWhileReading: boolean
  /** The reading under way, if any. */
  reading: Promise<void> | null
  /** Bumped by each new reading and by clear(): a reading that is no longer current drops its result. */
  generation: number
  usedAt: number
}

function emptyPeople(): People {
  return { byId: new Map(), byAccount: new Map() }
}

/** The account's part before a suffix the service may append (`zhangsan@demo0001` → `zhangsan`). */
function baseAccount(lower: string): string | null {
  const cut = lower.search(/[@._-]/)
  return cut > 0 ? lower.slice(0, cut) : null
}

function put(p: People, m: KnownMember): void {
  const before = p.byId.get(m.globalId)
  if (before) drop(p, before.globalId)
  p.byId.set(m.globalId, m)
  const lower = m.userName.toLowerCase()
  p.byAccount.set(lower, m)
  const base = baseAccount(lower)
  if (base && !p.byAccount.has(base)) p.byAccount.set(base, m)
}

function drop(p: People, globalId: string): void {
  const m = p.byId.get(globalId)
  if (!m) return
  p.byId.delete(globalId)
  const lower = m.userName.toLowerCase()
  if (p.byAccount.get(lower) === m) p.byAccount.delete(lower)
  const base = baseAccount(lower)
  if (base && p.byAccount.get(base) === m) p.byAccount.delete(base)
}

/** A listed employee as the directory keeps it. */
export function knownMember(m: ListedMember): KnownMember {
  return {
    globalId: m.globalId,
    userName: m.userName,
    name: m.name ?? '',
    departmentId: m.departmentId ?? null,
    departmentName: m.departmentName ?? null,
  }
}

export class MemberDirectory {
  private readonly entries = new Map<string, Entry>()
  private readonly now: () => number

  constructor(private readonly deps: DirectoryDeps) {
    this.now = deps.now ?? Date.now
  }

  private key(profileId: string, enterpriseGlobalId: string): string {
    return `${profileId}\u0000${enterpriseGlobalId}`
  }

  private entry(profileId: string, enterpriseGlobalId: string): Entry {
    const k = this.key(profileId, enterpriseGlobalId)
    let e = this.entries.get(k)
    if (!e) {
      e = {
        profileId,
        enterpriseGlobalId,
        people: emptyPeople(),
        state: 'loading',
        loaded: 0,
        total: null,
        readAt: null,
        error: undefined,
        failedAt: 0,
        changedWhileReading: false,
        reading: null,
        generation: 0,
        usedAt: this.now(),
      }
      this.entries.set(k, e)
      const max = this.deps.maxEntries ?? 4
      if (this.entries.size > max) {
        const oldest = [...this.entries.entries()].filter(([key]) => key !== k).sort((a, b) => a[1].usedAt - b[1].usedAt)[0]
        if (oldest) {
          oldest[1].generation++
          this.entries.delete(oldest[0])
        }
      }
    }
    e.usedAt = this.now()
    return e
  }

  private statusOf(e: Entry): DirectoryStatus {
    const s: DirectoryStatus = {
      profileId: e.profileId,
      enterpriseGlobalId: e.enterpriseGlobalId,
      state: e.state,
      loaded: e.loaded,
      total: e.total,
      readAt: e.readAt,
    }
    if (e.error) s.error = e.error
    return s
  }

  /** The entry, with a reading started when it was never read or is older than allowed (not at once after a failure). */
  private ensure(profileId: string, enterpriseGlobalId: string): Entry {
    const e = this.entry(profileId, enterpriseGlobalId)
    const stale = e.readAt === null || this.now() - e.readAt > (this.deps.maxAgeMs ?? 5 * 60_000)
    const mayRetry = e.state !== 'error' || this.now() - e.failedAt >= (this.deps.retryAfterMs ?? 30_000)
    if (!e.reading && stale && mayRetry) this.read(e)
    return e
  }

  /** Where the reading of an enterprise stands (starts one if needed). */
  status(profileId: string, enterpriseGlobalId: string): DirectoryStatus {
    return this.statusOf(this.ensure(profileId, enterpriseGlobalId))
  }

  /** Reads the list again now, whatever its age (the answers known stay until the new reading is done). */
  refresh(profileId: string, enterpriseGlobalId: string): DirectoryStatus {
    const e = this.entry(profileId, enterpriseGlobalId)
    this.read(e)
    return this.statusOf(e)
  }

  /** The people among `globalIds` known now. */
  people(profileId: string, enterpriseGlobalId: string, globalIds: readonly string[]): { status: DirectoryStatus; people: Person[] } {
    const e = this.ensure(profileId, enterpriseGlobalId)
    const people: Person[] = []
    const seen = new Set<string>()
    for (const id of globalIds) {
      if (seen.has(id)) continue
      seen.add(id)
      const m = e.people.byId.get(id)
      if (m) people.push({ globalId: m.globalId, userName: m.userName, name: m.name })
    }
    return { status: this.statusOf(e), people }
  }

  /** Waits until the list is read and fresh (a reading under way, or one started now); throws when it failed with nothing known. */
  async whenRead(profileId: string, enterpriseGlobalId: string): Promise<DirectoryStatus> {
    let e = this.ensure(profileId, enterpriseGlobalId)
    while (e.reading) {
      await e.reading
      e = this.ensure(profileId, enterpriseGlobalId)
    }
    if (e.state === 'error' && e.readAt === null && e.error) throw AppError.fromData(e.error)
    return this.statusOf(e)
  }

  /**
   * The lists may have changed in ways the directory did not see (a bulk job added or deleted employees): every
   * enterprise is read again at its next question (what is known is served meanwhile; `accounts` waits).
   */
  stale(): void {
    for (const e of this.entries.values()) {
      if (e.readAt !== null) e.readAt = 0
      if (e.reading) e.changedWhileReading = true
    }
  }

  /**
   * Which of these accounts the enterprise has (after the whole list is read): the account asked for (as given)
   * with the person, matched ignoring case, also when the service shows the account with an enterprise suffix.
   */
  async accounts(profileId: string, enterpriseGlobalId: string, userNames: readonly string[]): Promise<{ status: DirectoryStatus; found: (Person & { asked: string })[] }> {
    const status = await this.whenRead(profileId, enterpriseGlobalId)
    const e = this.entry(profileId, enterpriseGlobalId)
    const found: (Person & { asked: string })[] = []
    for (const asked of userNames) {
      const m = e.people.byAccount.get(asked.toLowerCase())
      if (m) found.push({ asked, globalId: m.globalId, userName: m.userName, name: m.name })
    }
    return { status, found }
  }

  /** Departments seen in the list (by id, with their name and how many employees are in each), by name. */
  departments(profileId: string, enterpriseGlobalId: string): { status: DirectoryStatus; departments: Department[] } {
    const e = this.ensure(profileId, enterpriseGlobalId)
    const byId = new Map<number, Department>()
    for (const m of e.people.byId.values()) {
      if (m.departmentId === null) continue
      const d = byId.get(m.departmentId)
      if (d) {
        d.count++
        if (!d.name && m.departmentName) d.name = m.departmentName
      } else byId.set(m.departmentId, { id: m.departmentId, name: m.departmentName ?? '', count: 1 })
    }
    return { status: this.statusOf(e), departments: [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id) }
  }

  /** Employees seen elsewhere (a page of the list, an employee added or edited by the app). */
  learn(profileId: string, enterpriseGlobalId: string, members: readonly KnownMember[]): void {
    const e = this.entries.get(this.key(profileId, enterpriseGlobalId))
    if (!e) return
    for (const m of members) put(e.people, m)
    this.pendingChanges.get(e)?.push({ learn: members })
  }

  /** An employee the app deleted. */
  forget(profileId: string, enterpriseGlobalId: string, globalId: string): void {
    const e = this.entries.get(this.key(profileId, enterpriseGlobalId))
    if (!e) return
    drop(e.people, globalId)
    this.pendingChanges.get(e)?.push({ forget: globalId })
  }

  /** Forgets everything (profiles changed: an address or an enterprise may now mean other people). */
  clear(): void {
    for (const e of this.entries.values()) e.generation++
    this.entries.clear()
  }

  /** Changes learnt while a re-reading builds its own copy, applied to it when it is done. */
  private readonly pendingChanges = new Map<Entry, ({ learn: readonly KnownMember[] } | { forget: string })[]>()

  private read(e: Entry): void {
    const generation = ++e.generation
    // The first reading fills the entry as pages come (screens name people early); a re-reading builds a copy
    // and swaps it in at the end, so people deleted meanwhile go away.
    const first = e.readAt === null
    const people = first ? e.people : emptyPeople()
    if (!first) this.pendingChanges.set(e, [])
    e.state = 'loading'
    e.changedWhileReading = false
    e.error = undefined
    e.loaded = first ? e.people.byId.size : e.loaded
    const current = () => e.generation === generation && this.entries.get(this.key(e.profileId, e.enterpriseGlobalId)) === e
    const reading = this.readAll(e, people, current)
      .then(() => {
        if (!current()) return
        if (!first) {
          for (const c of this.pendingChanges.get(e) ?? []) {
            if ('learn' in c) for (const m of c.learn) put(people, m)
            else drop(people, c.forget)
          }
          e.people = people
        }
        e.state = 'ready'
        // Changed meanwhile by a bulk job: what was read may miss it, so the next question reads again.
        e.readAt = e.changedWhileReading ? 0 : this.now()
        e.loaded = e.people.byId.size
      })
      .catch((err: unknown) => {
        if (!current()) return
        e.state = 'error'
        e.error = toAppErrorData(err)
        e.failedAt = this.now()
      })
      .finally(() => {
        if (e.generation === generation) {
          e.reading = null
          this.pendingChanges.delete(e)
          this.deps.onStatus?.(this.statusOf(e))
        }
      })
    e.reading = reading
    this.deps.onStatus?.(this.statusOf(e))
  }

  private async readAll(e: Entry, people: People, current: () => boolean): Promise<void> {
    const client = await this.deps.clientFor(e.profileId)
    const pageSize = await this.deps.pageSize()
    const take = (list: readonly ListedMember[]) => {
      for (const m of list) if (!m.deleted) put(people, knownMember(m))
      if (people === e.people) e.loaded = people.byId.size
    }
    const firstPage = await client.listMembers(e.enterpriseGlobalId, { pageNum: 1, pageSize })
    if (!current()) return
    take(firstPage.list)
    e.total = firstPage.total
    const pages = Math.max(firstPage.pages, Math.ceil(firstPage.total / pageSize))
    let next = 2
    const worker = async (): Promise<void> => {
      while (next <= pages && current()) {
        const pageNum = next++
        const page = await client.listMembers(e.enterpriseGlobalId, { pageNum, pageSize })
        if (!current()) return
        take(page.list)
        e.total = page.total
      }
    }
    await Promise.all(Array.from({ length: this.deps.concurrency ?? 3 }, worker))
  }
}
