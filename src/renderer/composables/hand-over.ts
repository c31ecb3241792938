/**
 * "Hand over for review" (team workspace, issue 36), the same from the Drafts list and the wizard: asked first
 * with what happens, then made on the server once for the team. The core tells every window (`drafts.changed`).
 */
import { useI18n } from 'vue-i18n'
import { errorData } from '../api/errors'
import { errorText } from '../i18n'
import { useDraftSharesStore } from '../stores/drafts-share'
import { confirmAction, notifyError, notifySuccess } from './feedback'

/** Returns the hand-over: `before` runs once confirmed (the wizard saves what was typed first); true when done. */
export function useHandOver(): (id: string, name: string, before?: () => Promise<void>) => Promise<boolean> {
  const { t } = useI18n()
  const team = useDraftSharesStore()
  return async (id, name, before) => {
    const ok = await confirmAction({
      title: t('workspaceDrafts.handOverTitle', { name }),
      message: t('workspaceDrafts.handOverBody'),
      confirm: t('workspaceDrafts.handOver'),
      cancel: t('common.cancel'),
    })
    if (!ok) return false
    try {
      await before?.()
      await team.handOver(id)
      notifySuccess(t('workspaceDrafts.handOverDone', { name }))
      return true
    } catch (err) {
      notifyError(errorText(errorData(err)))
      return false
    }
  }
}
