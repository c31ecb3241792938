/** Channels of the app itself: facts about the running app, and settings. */
import { z } from 'zod'
import { channel, noInput } from '../channel'
import { settingsPatchSchema, settingsSchema } from '../../settings'

export const SHELLS = ['electron', 'browser'] as const
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
})
export type AppInfo = z.infer<typeof appInfoSchema>

export const appChannels = {
  'app.info': channel(noInput, appInfoSchema),
  'settings.get': channel(noInput, settingsSchema),
  'settings.update': channel(settingsPatchSchema, settingsSchema),
}
