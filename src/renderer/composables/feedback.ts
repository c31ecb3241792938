/**
 * Toasts and confirmations. Their styles are imported in main.ts: functions do not bring their CSS along the way
 * auto-imported components do.
 */
import { ElMessage, ElMessageBox } from 'element-plus'

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
