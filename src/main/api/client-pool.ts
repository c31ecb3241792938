/**
 * One API client per profile for the whole core, every one writing to the operation journal: screens and the
 * bulk runner get their clients here, so no write can skip the journal. Clients are rebuilt when profiles
 * change (an address or a secret may have changed) or when settings change.
 */
import type { Locale } from '@shared/i18n/locale'
import { resolveLocale } from '@shared/i18n/locale'
import type { Settings } from '@shared/settings'
import { createApiClient, type ApiClient, type ApiLogger } from './client'
import type { ConnectionConfig } from './connection'
import type { JournalSink } from './journal-sink'

/** What the pool needs from the core (the core's Services satisfies it). */
export interface ClientPoolHost {
  /** The operation journal every client writes to. */
  journal: JournalSink
  profiles: { connectionFor(profileId: string): Promise<ConnectionConfig> }
  settings: { get(): Promise<Settings> }
  events: { on(name: 'profiles.changed', listener: (payload: { activeId: string }) => void): () => void }
  info: { systemLocale: string }
  log?: ApiLogger
}

/** The core's API clients, one per profile (built once, in createCore). */
export class ClientPool {
  private readonly clients = new Map<string, Promise<ApiClient>>()
  private readonly retired = new Set<ApiClient>()
  /** How long a dropped client stays open for the calls still using it. */
  static readonly RETIRE_AFTER_MS = 5 * 60_000

  constructor(private readonly host: ClientPoolHost) {
    host.events.on('profiles.changed', () => this.invalidate())
  }

  /** The client of a profile (built on first use). */
  get(profileId: string): Promise<ApiClient> {
    let c = this.clients.get(profileId)
    if (!c) {
      c = this.build(profileId)
      c.catch(() => this.clients.delete(profileId))
      this.clients.set(profileId, c)
    }
    return c
  }

  /** The language the service is asked to answer in. */
  async locale(): Promise<Locale> {
    const s = await this.host.settings.get()
    return resolveLocale(s.locale, this.host.info.systemLocale)
  }

  /**
   * Drops every client so the next call builds a fresh one. Dropped clients are not closed: calls in flight
   * (a bulk job's) finish on them, and their idle sockets close after the keep-alive timeout.
   */
  invalidate(): void {
    for (const c of this.clients.values()) {
      c.then((x) => {
        this.retired.add(x)
        const t = setTimeout(() => {
          this.retired.delete(x)
          void x.close()
        }, ClientPool.RETIRE_AFTER_MS)
        t.unref()
      }).catch(() => undefined)
    }
    this.clients.clear()
  }

  /** Closes every client (the core is stopping). */
  async close(): Promise<void> {
    const all = await Promise.allSettled([...this.clients.values()])
    this.clients.clear()
    const open = [...this.retired, ...all.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))]
    this.retired.clear()
    await Promise.allSettled(open.map((c) => c.close()))
  }

  private async build(profileId: string): Promise<ApiClient> {
    const [config, settings] = await Promise.all([this.host.profiles.connectionFor(profileId), this.host.settings.get()])
    const options: Parameters<typeof createApiClient>[1] = {
      settings: settings.bulk,
      journal: this.host.journal,
      locale: resolveLocale(settings.locale, this.host.info.systemLocale),
    }
    if (this.host.log) options.logger = this.host.log
    return createApiClient(config, options)
  }
}
