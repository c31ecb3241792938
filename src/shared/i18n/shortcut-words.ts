/**
 * What each keyboard shortcut does, in both languages: one table for the Electron menu (built in main, where the
 * renderer's messages are not loaded) and the renderer's "Keyboard shortcuts" dialog and tooltips.
 */
import type { ShortcutId } from '../shortcuts'
import type { Locale } from './locale'

export const SHORTCUT_WORDS: Record<ShortcutId, Record<Locale, string>> = {
  newOrder: { en: 'New order', 'zh-CN': '新建订单' },
  submit: { en: 'Submit the order', 'zh-CN': '提交订单' },
  search: { en: 'Search this screen', 'zh-CN': '搜索本页' },
  help: { en: 'Keyboard shortcuts', 'zh-CN': '键盘快捷键' },
  'go.orders': { en: 'Go to Orders', 'zh-CN': '转到订单' },
  'go.drafts': { en: 'Go to Drafts', 'zh-CN': '转到草稿' },
  'go.customers': { en: 'Go to Customers', 'zh-CN': '转到客户' },
  'go.locks': { en: 'Go to Locks', 'zh-CN': '转到加密锁' },
  'go.assets': { en: 'Go to Assets', 'zh-CN': '转到资产' },
  'go.members': { en: 'Go to Members', 'zh-CN': '转到成员' },
  'go.journal': { en: 'Go to Journal', 'zh-CN': '转到操作日志' },
  'go.settings': { en: 'Go to Settings', 'zh-CN': '转到设置' },
}

/** The menus' own names. */
export const SHORTCUT_MENU_WORDS: Record<'go' | 'order' | 'help', Record<Locale, string>> = {
  go: { en: 'Go', 'zh-CN': '转到' },
  order: { en: 'Order', 'zh-CN': '订单' },
  help: { en: 'Help', 'zh-CN': '帮助' },
}
