/** Words for the per-lock status of disable/enable (spec: lock operation result item), in both languages. */
import type { LockStatus } from '../api/models'
import type { Locale } from '../i18n/locale'

export const LOCK_STATUS_TEXT: Record<LockStatus, Record<Locale, string>> = {
  1: { en: 'Success', 'zh-CN': '成功' },
  2: { en: 'Lock does not exist', 'zh-CN': '锁不存在' },
  3: { en: 'Operation failed', 'zh-CN': '操作失败' },
  4: { en: 'Wrong lock type', 'zh-CN': '锁类型错误' },
}

/** The words of a lock status in a language. */
export function lockStatusText(status: LockStatus, locale: Locale): string {
  return LOCK_STATUS_TEXT[status][locale]
}
