/** Calls about the app itself: facts about the running app, and the settings. */
import type { AppInfo, UpdateAction, UpdateStatus } from '@shared/ipc/channels/app'
import type { Settings, SettingsPatch } from '@shared/settings'
import { invoke } from '../bridge'

export function getAppInfo(): Promise<AppInfo> {
  return invoke('app.info', {})
}

export function getSettings(): Promise<Settings> {
  return invoke('settings.get', {})
}

/** Changes some settings; answers with all of them. */
export function updateSettings(patch: SettingsPatch): Promise<Settings> {
  return invoke('settings.update', patch)
}

/** The app's update: its status, a check, or the user's consent to install. */
export function appUpdates(action: UpdateAction): Promise<UpdateStatus> {
  return invoke('app.updates', action)
}
