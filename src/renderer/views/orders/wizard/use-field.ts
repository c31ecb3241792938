/**
 * What every section of the wizard needs for its fields: the anchor id of a field's input (to show its issues
 * there and to jump to it from the issues list) and the issues' sentences in the user's language.
 */
import { useI18n } from 'vue-i18n'
import type { Locale } from '@shared/i18n/locale'
import type { Say } from '../../../models/words'
import { anchorId, fieldDomId, issueMessage, orderFieldLabel } from '../../../models/orders/fields'
import { useOrderWizardStore } from '../../../stores/order-wizard'

export function useField(entry: () => number | null) {
  const store = useOrderWizardStore()
  const { t, locale } = useI18n()
  const loc = (): Locale => locale.value as Locale
  const say = (): Say => ({ t, locale: loc() })
  return {
    /** The input id of a draft path (`orderList[0].customerName` → `of-entry-customerName`). */
    id: (path: string): string => fieldDomId(path),
    /** The issues of a field, as one line ('' when none): the service's refusal there first. */
    err: (path: string): string => {
      const anchor = anchorId(path)
      const said = store.issuesAt(anchor, entry()).map((i) => issueMessage(i, say()))
      const refused = store.refusalAt(anchor)
      return (refused ? [refused, ...said] : said).join(' · ')
    },
    /** The warnings of a field (likely mistakes the service may still take), as one line ('' when none). */
    warn: (path: string): string =>
      store
        .warningsAt(anchorId(path), entry())
        .map((i) => issueMessage(i, say()))
        .join(' · '),
    /** A field's label as the issues name it. */
    label: (name: string): string => orderFieldLabel(name, loc()),
  }
}
