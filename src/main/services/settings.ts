/** App settings in `settings.json`: read validated (missing keys take their documented defaults), written atomically. */
import { applySettingsPatch, settingsSchema, type Settings, type settingsPatchSchema } from '@shared/settings'
import type { z } from 'zod'
import type { JsonFile, Storage } from './storage'

/** Reads and updates the settings. Updates are serialized so two quick changes never lose one another. */
export class SettingsService {
  private readonly file: JsonFile<Settings>
  private chain: Promise<unknown> = Promise.resolve()

  constructor(storage: Storage) {
    this.file = storage.file('settings.json', settingsSchema, () => settingsSchema.parse({}))
  }

  /** The current settings. */
  get(): Promise<Settings> {
    return this.file.read()
  }

  /** Applies a partial update and returns the settings as saved. */
  update(patch: z.output<typeof settingsPatchSchema>): Promise<Settings> {
    const run = this.chain.then(async () => {
      const next = applySettingsPatch(await this.file.read(), patch)
      await this.file.write(next)
      return next
    })
    this.chain = run.catch(() => undefined)
    return run
  }
}
