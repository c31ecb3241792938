/**
 * The main window's size, position and maximised state, remembered per display: one saved place for each display
 * the window was closed on (by the display's id), restored onto that display when it is still there, else onto the
 * primary one, and always clamped onto the display's work area as it is now (a display unplugged, a resolution
 * lowered, a taskbar moved never leaves the window off screen or larger than the screen). Pure: electron.ts passes
 * `screen`'s displays and reads and writes the file (`window-state.json` in the data folder, checked with zod).
 */
import { z } from 'zod'

export const WINDOW_STATE_FILE = 'window-state.json'

const rectSchema = z.object({
  x: z.number().int().min(-100_000).max(100_000),
  y: z.number().int().min(-100_000).max(100_000),
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
})
export type Rect = z.output<typeof rectSchema>

const placeSchema = z.object({ bounds: rectSchema, maximized: z.boolean() })
export type WindowPlace = z.output<typeof placeSchema>

export const windowStateSchema = z.object({
  version: z.literal(1),
  /** The display the window was last closed on. */
  lastDisplay: z.string().max(40).optional(),
  /** The place on each display, by display id. */
  displays: z.record(z.string().max(40), placeSchema),
})
export type WindowState = z.output<typeof windowStateSchema>

export interface DisplayArea {
  id: number
  /** The display's work area (without the taskbar, dock, menu bar). */
  workArea: Rect
}

export interface WindowSizes {
  width: number
  height: number
  minWidth: number
  minHeight: number
}

/** A saved state as read from disk; anything else (damaged, another version, hand-edited wrong) counts as none. */
export function parseWindowState(json: unknown): WindowState | null {
  const parsed = windowStateSchema.safeParse(json)
  return parsed.success ? parsed.data : null
}

/** Bounds moved and shrunk so the whole window lies inside `area` (never below the minimum size the area allows). */
export function clampToArea(bounds: Rect, area: Rect, sizes: Pick<WindowSizes, 'minWidth' | 'minHeight'>): Rect {
  const width = Math.max(Math.min(bounds.width, area.width), Math.min(sizes.minWidth, area.width))
  const height = Math.max(Math.min(bounds.height, area.height), Math.min(sizes.minHeight, area.height))
  const x = Math.min(Math.max(bounds.x, area.x), area.x + area.width - width)
  const y = Math.min(Math.max(bounds.y, area.y), area.y + area.height - height)
  return { x, y, width, height }
}

/** The default place: the default size (clamped), centred on the display. */
function centred(area: Rect, sizes: WindowSizes): Rect {
  const width = Math.min(sizes.width, area.width)
  const height = Math.min(sizes.height, area.height)
  return { x: area.x + Math.round((area.width - width) / 2), y: area.y + Math.round((area.height - height) / 2), width, height }
}

/**
 * Where the window opens: on the display it was last closed on if that display is still there (its saved place),
 * else on the primary display (its saved place there, or centred at the default size); clamped onto the work area.
 */
export function restorePlace(state: WindowState | null, displays: readonly DisplayArea[], primaryId: number, sizes: WindowSizes): WindowPlace {
  const primary = displays.find((d) => d.id === primaryId) ?? displays[0]
  if (!primary) return { bounds: { x: 0, y: 0, width: sizes.width, height: sizes.height }, maximized: false }
  const last = state?.lastDisplay !== undefined ? displays.find((d) => String(d.id) === state.lastDisplay) : undefined
  const display = last ?? primary
  const saved = state?.displays[String(display.id)]
  if (!saved) return { bounds: centred(display.workArea, sizes), maximized: false }
  return { bounds: clampToArea(saved.bounds, display.workArea, sizes), maximized: saved.maximized }
}

/** The state with the window's place on a display recorded (its normal bounds, and whether it was maximised). */
export function recordPlace(state: WindowState | null, displayId: number, place: WindowPlace): WindowState {
  const rounded: Rect = {
    x: Math.round(place.bounds.x),
    y: Math.round(place.bounds.y),
    width: Math.round(place.bounds.width),
    height: Math.round(place.bounds.height),
  }
  return {
    version: 1,
    lastDisplay: String(displayId),
    displays: { ...(state?.displays ?? {}), [String(displayId)]: { bounds: rounded, maximized: place.maximized } },
  }
}
