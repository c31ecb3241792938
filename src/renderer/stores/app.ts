/** The app store: facts about the running app, the settings, and the language shown. */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { AppInfo } from '@shared/ipc/channels/app'
import type { AppErrorData } from '@shared/errors/app-error'
import { resolveLocale, type Locale, type LocalePreference } from '@shared/i18n/locale'
import type { Settings, SettingsPatch } from '@shared/settings'
import { getAppInfo, getSettings, updateSettings } from '../api/app'
import { errorData } from '../api/errors'
import { rememberedLocale, rememberLocale } from '../composables/ui-prefs'

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null)
  const settings = ref<Settings | null>(null)
  const loading = ref(false)
  const error = ref<AppErrorData | null>(null)
  /** Set while a language change is being saved, so the UI can show it applied before it is stored. */
  const pendingLocale = ref<LocalePreference | null>(null)
  /** The language shown last time, until the settings are read (and when they cannot be: the page not connected). */
  const remembered = rememberedLocale()

  /** The language preference in effect (the pending choice wins so the switch applies at once). */
  const localePreference = computed<LocalePreference>(() => pendingLocale.value ?? settings.value?.locale ?? 'system')

  /** The system's language tag: the core's (Electron / the OS) when known, else the browser's. */
  const systemLocaleTag = computed(() => info.value?.systemLocale || (typeof navigator !== 'undefined' ? navigator.language : 'en'))

  /** The language shown. */
  const locale = computed<Locale>(() => {
    if (!settings.value && !pendingLocale.value && remembered) return remembered
    return resolveLocale(localePreference.value, systemLocaleTag.value)
  })

  const keychainAvailable = computed(() => info.value?.keychain.available ?? true)

  /** Loads app info and settings; errors are kept in `error` for the page to show with a retry. */
  async function load(): Promise<void> {
    loading.value = true
    error.value = null
    try {
      const [i, s] = await Promise.all([getAppInfo(), getSettings()])
      info.value = i
      settings.value = s
      rememberLocale(locale.value)
    } catch (err) {
      error.value = errorData(err)
    } finally {
      loading.value = false
    }
  }

  /** Applies a language at once and stores it; on failure the previous language comes back and the error is thrown. */
  async function setLocalePreference(pref: LocalePreference): Promise<void> {
    pendingLocale.value = pref
    try {
      settings.value = await updateSettings({ locale: pref })
      rememberLocale(locale.value)
    } finally {
      pendingLocale.value = null
    }
  }

  /** Changes settings (General); the settings on screen are the core's answer. Throws BridgeError. */
  async function saveSettings(patch: SettingsPatch): Promise<Settings> {
    settings.value = await updateSettings(patch)
    return settings.value
  }

  return { info, settings, loading, error, locale, localePreference, systemLocaleTag, keychainAvailable, load, setLocalePreference, saveSettings }
})
