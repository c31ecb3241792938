/**
 * Employees named across screens: the asset list's "Assigned to", the lookup, the drawers. Asks the core's member
 * directory for the people behind global ids (the enterprise's list is read there in the background) and asks
 * again for what it did not know once the directory says it has read the list. The known people are kept in
 * plain maps (not reactive: a table of 200,000 assets may name tens of thousands); `version` changes when any
 * arrive, for what shows them.
 */
import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import type { Person } from '@shared/ipc/channels/members'
import { MAX_DIRECTORY_IDS } from '@shared/ipc/channels/members'
import { directoryPeople, onDirectoryChanged } from '../api/members'
import { useProfilesStore } from './profiles'

import { personLabel } from '@shared/holdings/numbers'

export { personLabel }

interface Known extends Person {
  label: string
}

export const useMemberDirectoryStore = defineStore('memberDirectory', () => {
  const profiles = useProfilesStore()
  /** Changes whenever people arrive: read it in what shows them. */
  const version = ref(0)
  /** Per enterprise: the people known. */
  const known = new Map<string, Map<string, Known>>()
  /** Per enterprise: ids asked for and not known yet (asked again when the directory has read the list). */
  const unknown = new Map<string, Set<string>>()
  const inFlight = new Map<string, Promise<void>>()
  /** Per enterprise: how many times the directory said it has read the list (an answer may cross that news). */
  const readings = new Map<string, number>()

  function peopleOf(enterprise: string): Map<string, Known> {
    let m = known.get(enterprise)
    if (!m) known.set(enterprise, (m = new Map()))
    return m
  }

  /** Asks for the people behind these ids (those not known yet), in the active connection. */
  async function request(enterprise: string, ids: readonly string[]): Promise<void> {
    if (!enterprise) return
    const have = peopleOf(enterprise)
    const want = [...new Set(ids.filter((id) => id && !have.has(id)))].slice(0, MAX_DIRECTORY_IDS)
    if (want.length === 0) return
    const key = `${enterprise}\u0000${want.length}\u0000${want[0]}`
    const running = inFlight.get(key)
    if (running) return running
    const p = (async () => {
      try {
        const readBefore = readings.get(enterprise) ?? 0
        const r = await directoryPeople({ enterpriseGlobalId: enterprise, globalIds: want })
        for (const person of r.people) have.set(person.globalId, { ...person, label: personLabel(person) })
        if (r.people.length > 0) version.value++
        const missing = want.filter((id) => !have.has(id))
        // Read whole and still unknown: not (or no longer) employees. Still reading: asked again once it is read,
        // or at once if the news that it is read came while this answer was on its way.
        if (missing.length === 0 || r.status.state === 'ready') return
        if ((readings.get(enterprise) ?? 0) !== readBefore) {
          inFlight.delete(key)
          await request(enterprise, missing)
          return
        }
        const later = unknown.get(enterprise) ?? new Set<string>()
        for (const id of missing) later.add(id)
        unknown.set(enterprise, later)
        askLater(enterprise)
      } catch {
        // Names are a help: without them the ids stay shown.
      } finally {
        inFlight.delete(key)
      }
    })()
    inFlight.set(key, p)
    return p
  }

  /**
   * Asks again a little later for what is still unknown while the list is being read: the news that it is read
   * can be missed (it may come before the page's event stream is connected, or before the profiles are known).
   */
  const askTimers = new Map<string, ReturnType<typeof setTimeout>>()
  function askLater(enterprise: string): void {
    if (askTimers.has(enterprise)) return
    askTimers.set(
      enterprise,
      setTimeout(() => {
        askTimers.delete(enterprise)
        const missing = unknown.get(enterprise)
        if (!missing || missing.size === 0) return
        unknown.set(enterprise, new Set())
        void request(enterprise, [...missing])
      }, 1500),
    )
  }

  /** A known person, or undefined. Reads `version`, so what shows it updates when people arrive. */
  function person(enterprise: string, globalId: string | null | undefined): Known | undefined {
    void version.value
    if (!globalId) return undefined
    return known.get(enterprise)?.get(globalId)
  }

  /** "name (account)" of an id, or undefined (no reactivity: for table cells that redraw on `version`). */
  function labelOf(enterprise: string, globalId: string): string | undefined {
    return known.get(enterprise)?.get(globalId)?.label
  }

  /**
   * labelOf for one enterprise as a plain function, for loops over tens of thousands of ids (each call of a store's
   * function goes through Pinia's action wrapper, which costs more than the lookup itself).
   */
  function labeller(enterprise: string): (globalId: string) => string | undefined {
    return (globalId) => known.get(enterprise)?.get(globalId)?.label
  }

  onDirectoryChanged((s) => {
    if (s.profileId !== profiles.activeId || s.state !== 'ready') return
    readings.set(s.enterpriseGlobalId, (readings.get(s.enterpriseGlobalId) ?? 0) + 1)
    const missing = unknown.get(s.enterpriseGlobalId)
    if (!missing || missing.size === 0) return
    unknown.set(s.enterpriseGlobalId, new Set())
    void request(s.enterpriseGlobalId, [...missing])
  })

  // Another connection may name other people with the same ids. (Not when the profiles first arrive: what was
  // asked before was asked of the active connection already.)
  watch(
    () => profiles.activeId,
    (_now, before) => {
      if (!before) return
      known.clear()
      unknown.clear()
      readings.clear()
      version.value++
    },
  )

  return {
    version,
    request,
    person,
    labelOf,
    labeller,
  }
})
