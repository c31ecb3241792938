/**
 * The installed app's update installer: electron-updater on the generic feed from Settings. It only loads under
 * Electron (electron.ts). The decisions (which version, what a failure is called, consent) are the UpdateService's;
 * electron-updater reads the feed again, downloads, checks the sha512 the feed names (rejecting with
 * ERR_CHECKSUM_MISMATCH otherwise), and installs. Nothing installs without the user: `autoDownload` is driven by
 * the service, `autoInstallOnAppQuit` is off until the user chooses "install when I quit".
 */
import electronUpdater from 'electron-updater'
import type { Logger } from './services/log'
import type { FeedInfo, UpdateInstaller } from './services/updates'

export function electronUpdateInstaller(log: Logger): UpdateInstaller {
  const { autoUpdater } = electronUpdater
  autoUpdater.autoDownload = false
  autoUpdater.autoInstallOnAppQuit = false
  autoUpdater.allowDowngrade = false
  autoUpdater.logger = {
    info: (m: unknown) => log.info('electron-updater', { message: String(m) }),
    warn: (m: unknown) => log.warn('electron-updater', { message: String(m) }),
    error: (m: unknown) => log.error('electron-updater', { message: String(m) }),
    debug: () => undefined,
  }
  return {
    async download(feedUrl: string, info: FeedInfo, onProgress: (percent: number) => void): Promise<void> {
      autoUpdater.setFeedURL({ provider: 'generic', url: feedUrl })
      const result = await autoUpdater.checkForUpdates()
      // The feed may have changed between our check and electron-updater's: it must offer the version we showed.
      if (!result?.isUpdateAvailable || result.updateInfo.version !== info.version) {
        throw Object.assign(new Error(`the feed no longer offers ${info.version}`), { code: 'ERR_UPDATER_LATEST_VERSION_NOT_FOUND' })
      }
      const progress = (p: { percent: number }): void => onProgress(p.percent)
      autoUpdater.on('download-progress', progress)
      try {
        await autoUpdater.downloadUpdate()
      } finally {
        autoUpdater.off('download-progress', progress)
      }
    },
    installNow: () => autoUpdater.quitAndInstall(),
    installOnQuit: (on: boolean) => {
      autoUpdater.autoInstallOnAppQuit = on
    },
  }
}
