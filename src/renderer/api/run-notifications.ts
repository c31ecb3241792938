/**
 * Browser mode's notification when a long run ends while the tab is not in front: the web Notification API, asked
 * for only when the user starts a run, and used only if they allowed it (docs/decisions.md, "Notifications"). The
 * desktop build notifies from the main process (Electron's Notification), so nothing here runs there.
 */
import { RunEndWatch, runEndNotice, type Notice } from '@shared/notify/run-end'
import { outboxEndNotice } from '@shared/notify/outbox-end'
import type { Locale } from '@shared/i18n/locale'
import { bridgeShell } from '../bridge'
import { onBulkProgress } from './bulk'
import { onOutboxEnded } from './orders'

function webNotifications(): typeof Notification | null {
  return bridgeShell() === 'browser' && typeof Notification !== 'undefined' ? Notification : null
}

/** Called as the user starts a run: the browser asks once (a refusal is kept by the browser and never asked again). */
export function askToNotifyOnRunEnd(): void {
  const N = webNotifications()
  if (N && N.permission === 'default') void N.requestPermission().catch(() => undefined)
}

/** Shows a notice if the user allowed it and the page is not in front. */
function show(notice: Notice, tag: string): void {
  const N = webNotifications()
  if (!N || N.permission !== 'granted') return
  if (!document.hidden && document.hasFocus()) return
  const shown = new N(notice.title, { body: notice.body, tag })
  shown.onclick = () => window.focus()
}

/** Notifies of ended runs and outbox runs while the page is not in front; returns the unsubscribe. */
export function notifyRunEnds(locale: () => Locale): () => void {
  if (!webNotifications()) return () => {}
  const watch = new RunEndWatch()
  let outboxRuns = 0
  const offRuns = onBulkProgress((p) => {
    if (watch.ended(p)) show(runEndNotice(p, locale()), `run-${p.jobId}`)
  })
  const offOutbox = onOutboxEnded((end) => show(outboxEndNotice(end, locale()), `outbox-${++outboxRuns}`))
  return () => {
    offRuns()
    offOutbox()
  }
}

/** Starts a run the user asked for, asking (once) to notify when it ends. */
export function withRunNotice<T>(start: () => Promise<T>): Promise<T> {
  askToNotifyOnRunEnd()
  return start()
}
