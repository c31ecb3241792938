/**
 * Toasts and confirmations. ElMessage's style is imported in main.ts: functions do not bring their CSS along the
 * way auto-imported components do. The confirmation box (and its style) loads on the first question: the shell
 * uses toasts from its first screen, questions come later.
 */
import { ElMessage } from 'element-plus'

function loadMessageBox() {
  return Promise.all([
    import('element-plus/es/components/message-box/index.mjs'),
    import('element-plus/es/components/message-box/style/css'),
  ]).then(([m]) => m.ElMessageBox)
}

/** A short success note. */
export function notifySuccess(message: string): void {
  ElMessage({ type: 'success', message, showClose: true, grouping: true })
}

/** A short neutral note (something did not happen, and why). */
export function notifyInfo(message: string): void {
  ElMessage({ type: 'info', message, showClose: true, duration: 6000, grouping: true })
}

/** A short error note (errors also stay visible where they happened, this only draws the eye). */
export function notifyError(message: string): void {
  ElMessage({ type: 'error', message, showClose: true, duration: 6000, grouping: true })
}

/** Asks a yes/no question; resolves true only for an explicit confirm. */
export async function confirmAction(opts: {
  title: string
  message: string
  confirm: string
  cancel: string
  danger?: boolean
}): Promise<boolean> {
  const ElMessageBox = await loadMessageBox()
  try {
    await ElMessageBox.confirm(opts.message, opts.title, {
      confirmButtonText: opts.confirm,
      cancelButtonText: opts.cancel,
      type: 'warning',
      confirmButtonClass: opts.danger ? 'el-button--danger' : undefined,
      distinguishCancelAndClose: false,
      closeOnClickModal: false,
      autofocus: true,
    })
    return true
  } catch {
    return false
  }
}
