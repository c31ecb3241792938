/** The desktop menu's shortcut items, as events from the core. Only api/ modules call the bridge. */
import type { EventPayload } from '@shared/ipc/events'
import { onEvent } from '../bridge'

/** Follows the shortcuts chosen in the menu; returns unsubscribe. */
export function onMenuShortcut(handler: (payload: EventPayload<'app.shortcut'>) => void): () => void {
  return onEvent('app.shortcut', handler)
}
