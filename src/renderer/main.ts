/** Renderer entry: picks the bridge (taking the browser-mode token from the address first), then mounts the app. */
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import 'element-plus/theme-chalk/base.css'
// Components bring their own CSS (on-demand import); ElMessage is called as a function and does not (ElMessageBox
// loads its own with it: composables/feedback.ts).
import 'element-plus/es/components/message/style/css'
import './styles/app.css'
import { connect } from './api/connection'
import { resolveLocale } from '@shared/i18n/locale'
import { applyLocale, i18n, loadAllErrorSentences } from './i18n'
import { rememberedLocale } from './composables/ui-prefs'
import { createAppRouter, followEarlyAddress } from './router'
import App from './App.vue'
import { startAriaRepair } from './composables/aria-repair'

// Before the router: the hash may still carry `#token=…` (which the bridge removes) or a one-time `#code=…` of an
// address the core opened (exchanged for the token first). Meanwhile the first screen's language (as the app
// store picks it before the settings are read) is loaded; the other language's messages come only if needed.
// Not a top-level await: the first screen is one chunk (electron.vite.config.ts), and a language's chunk imports
// from it, so that chunk must have finished evaluating before the language's import can settle.
async function start(): Promise<void> {
  await Promise.all([connect(), applyLocale(rememberedLocale() ?? resolveLocale('system', navigator.language))])
  const router = createAppRouter()
  followEarlyAddress(router)
  startAriaRepair({ pageSize: () => i18n.global.t('a11y.pageSize') }, i18n.global.locale)
  createApp(App).use(createPinia()).use(i18n).use(router).mount('#app')
  void loadAllErrorSentences()
}

void start()
