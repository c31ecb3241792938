/**
 * Before any renderer test: both languages' messages (tests switch languages synchronously with applyLocale) and
 * every contract schema (a call or an event must not wait for a module to load), which the app loads when needed.
 */
import { loadLocaleMessages } from '../../../../src/renderer/i18n'
import { loadAllSchemas } from '../../../../src/renderer/bridge/schemas'

await Promise.all([loadLocaleMessages('en'), loadLocaleMessages('zh-CN'), loadAllSchemas()])
