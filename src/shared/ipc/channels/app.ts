/** Channels of the app itself: facts about the running app, and settings. */
import { z } from 'zod'
import { channel, noInput } from '../channel'
import { settingsPatchSchema, settingsSchema } from '../../settings'

/** Where the core runs: the two shells, or the command line (which never has a renderer). */
export const SHELLS = ['electron', 'browser', 'cli'] as const
export type Shell = (typeof SHELLS)[number]

export const appInfoSchema = z.object({
  version: z.string(),
  shell: z.enum(SHELLS),
  platform: z.string(),
  dataDir: z.string(),
  /** The system language, for the "system" locale preference. */
  systemLocale: z.string(),
  keychain: z.object({
    /** False: secrets live in memory for this session only. */
    available: z.boolean(),
    backend: z.string(),
    detail: z.string().optional(),
  }),
  /** Data files found unreadable since start, kept aside (never overwritten); the renderer tells the user. */
  dataIssues: z
    .array(z.object({ file: z.string(), keptAs: z.string(), problem: z.string(), at: z.number() }))
    .optional(),
})
export type AppInfo = z.infer<typeof appInfoSchema>

/**
 * Where the app's update stands (docs/architecture.md, "Desktop build"). `unsupported`: browser mode and the CLI,
 * where updates come with the installed app. Nothing is installed without the user: `ready` waits for "install now"
 * or "install when I quit".
 */
export const UPDATE_PHASES = ['unsupported', 'idle', 'checking', 'upToDate', 'downloading', 'ready', 'failed'] as const
export type UpdatePhase = (typeof UPDATE_PHASES)[number]
/** Why a check or download failed: the feed cannot be reached, it is not a feed, the file is not the one it names. */
export const UPDATE_PROBLEMS = ['unreachable', 'malformed', 'checksum', 'install'] as const
export type UpdateProblem = (typeof UPDATE_PROBLEMS)[number]

export const updateStatusSchema = z.object({
  /** The running version. */
  version: z.string(),
  phase: z.enum(UPDATE_PHASES),
  feedUrl: z.string(),
  /** The feed's newer version (downloading, ready). */
  latest: z.string().optional(),
  /** Percent downloaded (downloading). */
  percent: z.number().min(0).max(100).optional(),
  problem: z.enum(UPDATE_PROBLEMS).optional(),
  /** The user chose to install the downloaded update when the app quits. */
  installOnQuit: z.boolean(),
  /** When the feed was last read (ms since epoch). */
  checkedAt: z.number().optional(),
})
export type UpdateStatus = z.infer<typeof updateStatusSchema>

export const updateActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('status') }).strict(),
  z.object({ action: z.literal('check') }).strict(),
  /** The user's consent: restart and install now, or when the app quits. */
  z.object({ action: z.literal('install'), when: z.enum(['now', 'onQuit']) }).strict(),
])
export type UpdateAction = z.infer<typeof updateActionSchema>

export const appChannels = {
  'app.info': channel(noInput, appInfoSchema),
  'app.updates': channel(updateActionSchema, updateStatusSchema),
  'settings.get': channel(noInput, settingsSchema),
  'settings.update': channel(settingsPatchSchema, settingsSchema),
}
