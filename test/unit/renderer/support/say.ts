/** The user's language for a renderer model in a test: the app's i18n (both languages are in: setup.ts), in a locale given. */
import type { Locale } from '@shared/i18n/locale'
import { i18n } from '../../../../src/renderer/i18n'
import type { Say, Translate } from '../../../../src/renderer/models/words'

/** `t` in a locale, whichever is shown. */
export function tIn(locale: Locale): Translate {
  return (key, params = {}, plural) => (plural === undefined ? i18n.global.t(key, params, { locale }) : i18n.global.t(key, params, { locale, plural }))
}

export function sayIn(locale: Locale): Say {
  return { t: tIn(locale), locale }
}
