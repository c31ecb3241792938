/**
 * Opening an order draft in the wizard (route `orders-draft`), from Drafts and from the orders' history: one
 * place that knows the route, and says so in the user's language when it cannot.
 */
import { useRouter } from 'vue-router'
import { useI18n } from 'vue-i18n'
import { errorText } from '../i18n'
import { errorData } from '../api/errors'
import { notifyError } from './feedback'

/** The wizard's route of one draft. */
export const ORDER_DRAFT_ROUTE = 'orders-draft'

export function useOpenOrderDraft(): (id: string) => Promise<void> {
  const router = useRouter()
  const { t } = useI18n()
  return async (id: string) => {
    if (!router.hasRoute(ORDER_DRAFT_ROUTE)) {
      notifyError(t('drafts.noWizard'))
      return
    }
    try {
      await router.push({ name: ORDER_DRAFT_ROUTE, params: { id } })
    } catch (err) {
      notifyError(t('drafts.openFailed', { error: errorText(errorData(err)) }))
    }
  }
}
