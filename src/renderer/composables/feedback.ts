/**
 * Toasts and confirmations, with Element Plus's message and message-box styles (functions are not auto-imported
 * with their CSS the way components are, so the styles are imported here once).
 */
import { ElMessage, ElMessageBox } from 'element-plus'
import 'element-plus/es/components/message/style/css'
import 'element-plus/es/components/message-box/style/css'

/** A short success note. */
export function notifySuccess(message: string): void {
  ElMessage({ type: 'success', message, showClose: true, grouping: true })
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
