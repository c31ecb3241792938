/** The Locks screen's list check, off the page's thread (see lock-list.ts). */
import { checkListText } from './lock-list'

interface WorkerScope {
  onmessage: ((e: MessageEvent<{ id: number; text: string }>) => void) | null
  postMessage(message: unknown): void
}

const scope = self as unknown as WorkerScope
scope.onmessage = (e) => {
  scope.postMessage({ id: e.data.id, check: checkListText(e.data.text) })
}
