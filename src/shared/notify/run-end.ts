/**
 * A system notification when a long run ends while the window is not in front (docs/decisions.md, "Notifications"):
 * which progress events end a run, and what the notification says, in both languages. Pure: the desktop build
 * shows it with Electron's Notification (main process), browser mode with the web Notification API when the user
 * allowed it (asked when they start a run).
 */
import { fillTemplate } from '../errors/catalog'
import type { JobStatus } from '../bulk/states'
import type { BulkKind, BulkProgress } from '../ipc/channels/bulk'
import type { Locale } from '../i18n/locale'

/** The statuses a run ends in (paused is the user's own doing, in front of the window). */
const ENDED: readonly JobStatus[] = ['completed', 'cancelled', 'interrupted']

const KIND_WORDS: Record<BulkKind, Record<Locale, string>> = {
  'locks.disable': { en: 'Disabling locks', 'zh-CN': '禁用加密锁' },
  'locks.enable': { en: 'Enabling locks', 'zh-CN': '启用加密锁' },
  'members.import': { en: 'The employee import', 'zh-CN': '员工导入' },
  'members.delete': { en: 'Deleting employees', 'zh-CN': '删除员工' },
  'members.resetPassword': { en: 'Resetting passwords', 'zh-CN': '重置密码' },
  'holdings.configure': { en: 'Assigning asset numbers', 'zh-CN': '分配资产编号' },
  'members.offboard': { en: 'Offboarding', 'zh-CN': '员工离职处理' },
  'renewals.read': { en: 'Reading renewals', 'zh-CN': '读取续费到期' },
}

const WORDS = {
  completed: { en: '{kind} has finished', 'zh-CN': '{kind}已完成' },
  cancelled: { en: '{kind} was cancelled', 'zh-CN': '{kind}已取消' },
  interrupted: { en: '{kind} stopped', 'zh-CN': '{kind}已中断' },
  counts: { en: '{ok} done, {failed} failed, {unknown} unknown, of {total}.', 'zh-CN': '共 {total} 项：{ok} 项完成，{failed} 项失败，{unknown} 项结果未知。' },
} satisfies Record<string, Record<Locale, string>>

export interface Notice {
  title: string
  body: string
}

/**
 * Follows the runs' progress and says when one has just ended: once per run, and only for a run seen running
 * here (a finished run listed again, or a restart's first report of an old run, is no news).
 */
export class RunEndWatch {
  private readonly running = new Set<string>()

  /** True exactly when this event ends a run that was running. */
  ended(p: Pick<BulkProgress, 'jobId' | 'status'>): boolean {
    if (p.status === 'running' || p.status === 'cancelling') {
      this.running.add(p.jobId)
      return false
    }
    const was = this.running.delete(p.jobId)
    return was && ENDED.includes(p.status)
  }
}

/** What the notification of an ended run says. */
export function runEndNotice(p: Pick<BulkProgress, 'kind' | 'status' | 'counts'>, locale: Locale): Notice {
  const status = p.status === 'cancelled' || p.status === 'interrupted' ? p.status : 'completed'
  const kind = KIND_WORDS[p.kind][locale]
  const { total, ok, failed, unknown } = p.counts
  return {
    title: fillTemplate(WORDS[status][locale], { kind }),
    body: fillTemplate(WORDS.counts[locale], { total, ok, failed, unknown }),
  }
}
