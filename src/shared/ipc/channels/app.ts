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

export const appChannels = {
  'app.info': channel(noInput, appInfoSchema),
  'settings.get': channel(noInput, settingsSchema),
  'settings.update': channel(settingsPatchSchema, settingsSchema),
}
