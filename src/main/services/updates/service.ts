/**
 * The app's updates: checks the feed (at start and when asked), downloads a newer version in the background, and
 * installs it only when the user says (now, or when the app quits). A feed that cannot be reached or read is said
 * once, quietly: the status carries it in words for Settings and the log has one line, and the next failure of
 * the same kind adds nothing until a check succeeds again. The installing itself is the shell's (`UpdateInstaller`:
 * electron-updater in the installed app); browser mode and the CLI have none, and say updates come with the app.
 */
import type { UpdateProblem, UpdateStatus } from '@shared/ipc/channels/app'
import type { Logger } from '../log'
import { channelFile, compareToRunning, problemOf, readFeed, type FeedInfo } from './feed'

/** What the shell does to download and install (src/main/updates-electron.ts under Electron; fakes in tests). */
export interface UpdateInstaller {
  /** Downloads the feed's update, checking its sha512; rejects when it fails (the failure's code says why). */
  download(feedUrl: string, info: FeedInfo, onProgress: (percent: number) => void): Promise<void>
  /** Quits the app and installs the downloaded update. */
  installNow(): void
  /** Installs the downloaded update when the app quits (the user's choice). */
  installOnQuit(on: boolean): void
}

export interface UpdateServiceOptions {
  version: string
  /** The feed's address, read from the settings at each check (the user may change it). */
  feedUrl: () => Promise<string>
  /** null: this shell cannot install updates. */
  installer: UpdateInstaller | null
  log: Logger
  /** The channel file; default: the one electron-builder publishes for this platform. */
  channel?: string
  fetch?: typeof fetch
  now?: () => number
}

export class UpdateService {
  private state: UpdateStatus
  private work: Promise<void> = Promise.resolve()
  private busy = false
  private saidProblem: UpdateProblem | null = null
  /** The update named by `latest` is downloaded (a later check of the same version keeps it). */
  private readyBefore = false

  constructor(private readonly options: UpdateServiceOptions) {
    this.state = { version: options.version, phase: options.installer ? 'idle' : 'unsupported', feedUrl: '', installOnQuit: false }
  }

  status(): UpdateStatus {
    return { ...this.state }
  }

  /** Starts a check (one at a time) and answers with the status it leads to; a download goes on in the background. */
  async check(): Promise<UpdateStatus> {
    const installer = this.options.installer
    const feedUrl = await this.options.feedUrl()
    if (!installer) {
      this.state = { ...this.state, feedUrl }
      return this.status()
    }
    if (this.busy) return this.status()
    this.busy = true
    let found: FeedInfo
    this.state = { ...this.state, feedUrl, phase: 'checking', problem: undefined, percent: undefined }
    try {
      found = await readFeed(feedUrl, this.options.channel ?? channelFile(process.platform, process.arch), this.options.fetch)
    } catch (err) {
      this.fail(err)
      this.busy = false
      return this.status()
    }
    const checkedAt = (this.options.now ?? Date.now)()
    this.saidProblem = null
    const info = found
    if (compareToRunning(this.options.version, info) !== 'newer') {
      this.state = { ...this.state, phase: 'upToDate', latest: undefined, checkedAt, installOnQuit: false }
      this.busy = false
      return this.status()
    }
    if (this.state.latest === info.version && this.readyBefore) {
      this.state = { ...this.state, phase: 'ready', checkedAt }
      this.busy = false
      return this.status()
    }
    this.state = { ...this.state, phase: 'downloading', latest: info.version, percent: 0, checkedAt, installOnQuit: false }
    this.options.log.info('update found, downloading', { version: info.version })
    this.work = installer
      .download(feedUrl, info, (percent) => {
        if (this.state.phase === 'downloading') this.state = { ...this.state, percent: Math.min(100, Math.max(0, percent)) }
      })
      .then(
        () => {
          this.readyBefore = true
          this.state = { ...this.state, phase: 'ready', percent: 100 }
          this.options.log.info('update downloaded; waiting for the user to install it', { version: info.version })
        },
        (err: unknown) => this.fail(err),
      )
      .finally(() => {
        this.busy = false
      })
    return this.status()
  }

  /** Resolves when the check's background download (if any) has ended. */
  async settled(): Promise<UpdateStatus> {
    await this.work
    return this.status()
  }

  /** The user's consent. Anything but a downloaded update leaves things as they are. */
  install(when: 'now' | 'onQuit'): UpdateStatus {
    const installer = this.options.installer
    if (!installer || this.state.phase !== 'ready') return this.status()
    if (when === 'now') {
      this.options.log.info('installing the update now', { version: this.state.latest })
      installer.installNow()
    } else {
      installer.installOnQuit(true)
      this.state = { ...this.state, installOnQuit: true }
    }
    return this.status()
  }

  private fail(err: unknown): void {
    const problem = problemOf(err)
    this.readyBefore = false
    this.state = { ...this.state, phase: 'failed', problem, percent: undefined, latest: problem === 'checksum' ? this.state.latest : undefined }
    if (this.saidProblem === problem) return
    this.saidProblem = problem
    this.options.log.warn('update check failed', { problem, error: err instanceof Error ? err.message : String(err) })
  }
}
