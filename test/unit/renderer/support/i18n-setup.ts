/** Renderer tests switch languages synchronously (applyLocale): both languages' messages are loaded first. */
import { loadLocaleMessages } from '../../../../src/renderer/i18n'

await Promise.all([loadLocaleMessages('en'), loadLocaleMessages('zh-CN')])
