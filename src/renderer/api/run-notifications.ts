/**
 * Browser mode's notification when a long run ends while the tab is not in front: the web Notification API, asked
 * for only when the user starts a run, and used only if they allowed it (docs/decisions.md, "Notifications"). The
 * desktop build notifies from the main process (Electron's Notification), so nothing here runs there.
 */
import { RunEndWatch, runEndNotice } from '@shared/notify/run-end'
import type { Locale } from '@shared/i18n/locale'
import { bridgeShell } from '../bridge'
import { onBulkProgress } from './bulk'

function webNotifications(): typeof Notification | null {
  return bridgeShell() === 'browser' && typeof Notification !== 'undefined' ? Notification : null
}

/** Called as the user starts a run: the browser asks once (a refusal is kept by the browser and never asked again). */
export function askToNotifyOnRunEnd(): void {
  const N = webNotifications()
  if (N && N.permission === 'default') void N.requestPermission().catch(() => undefined)
}

/** Notifies of ended runs while the page is not in front; returns the unsubscribe. */
export function notifyRunEnds(locale: () => Locale): () => void {
  if (!webNotifications()) return () => {}
  const watch = new RunEndWatch()
  return onBulkProgress((p) => {
    const N = webNotifications()
    if (!watch.ended(p) || !N || N.permission !== 'granted') return
    if (!document.hidden && document.hasFocus()) return
    const notice = runEndNotice(p, locale())
    const shown = new N(notice.title, { body: notice.body, tag: `run-${p.jobId}` })
    shown.onclick = () => window.focus()
  })
}

/** Starts a run the user asked for, asking (once) to notify when it ends. */
export function withRunNotice<T>(start: () => Promise<T>): Promise<T> {
  askToNotifyOnRunEnd()
  return start()
}
