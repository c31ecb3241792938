/** The window's place per display (src/main/window-state.ts): restored onto the displays as they are now. */
import { describe, expect, it } from 'vitest'
import { clampToArea, parseWindowState, recordPlace, restorePlace, type DisplayArea } from '../../../../src/main/window-state'

const sizes = { width: 1280, height: 820, minWidth: 900, minHeight: 600 }
const laptop: DisplayArea = { id: 1, workArea: { x: 0, y: 0, width: 1440, height: 870 } }
const monitor: DisplayArea = { id: 2, workArea: { x: 1440, y: 0, width: 2560, height: 1400 } }

describe('window place per display', () => {
  it('opens centred at the default size when nothing is saved (or the file is not ours)', () => {
    expect(restorePlace(null, [laptop], 1, sizes)).toEqual({ bounds: { x: 80, y: 25, width: 1280, height: 820 }, maximized: false })
    expect(parseWindowState({ version: 2, displays: {} })).toBeNull()
    expect(parseWindowState({ version: 1, displays: { 1: { bounds: { x: 'a' }, maximized: false } } })).toBeNull()
    expect(parseWindowState('junk')).toBeNull()
  })

  it('remembers a place for each display and reopens on the last one', () => {
    let state = recordPlace(null, 1, { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: false })
    state = recordPlace(state, 2, { bounds: { x: 1600, y: 100, width: 1800, height: 1000.4 }, maximized: true })
    const back = parseWindowState(JSON.parse(JSON.stringify(state)))
    expect(back).toEqual(state)
    expect(restorePlace(back, [laptop, monitor], 1, sizes)).toEqual({ bounds: { x: 1600, y: 100, width: 1800, height: 1000 }, maximized: true })
  })

  it('the last display unplugged: the primary display\'s own saved place, clamped onto it', () => {
    let state = recordPlace(null, 1, { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: false })
    state = recordPlace(state, 2, { bounds: { x: 1600, y: 100, width: 1800, height: 1000 }, maximized: true })
    expect(restorePlace(state, [laptop], 1, sizes)).toEqual({ bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: false })
    // Only the monitor's place was saved: the laptop gets the default, centred, not the monitor's coordinates.
    const only = recordPlace(null, 2, { bounds: { x: 1600, y: 100, width: 1800, height: 1000 }, maximized: false })
    expect(restorePlace(only, [laptop], 1, sizes).bounds).toEqual({ x: 80, y: 25, width: 1280, height: 820 })
  })

  it('a smaller resolution or a moved taskbar: the window shrinks and moves to stay whole on screen', () => {
    expect(clampToArea({ x: 2000, y: -50, width: 3000, height: 500 }, laptop.workArea, sizes)).toEqual({ x: 0, y: 0, width: 1440, height: 600 })
    expect(clampToArea({ x: 1000, y: 500, width: 1000, height: 700 }, laptop.workArea, sizes)).toEqual({ x: 440, y: 170, width: 1000, height: 700 })
    // A work area smaller than the minimum size: the window fits the area.
    expect(clampToArea({ x: 0, y: 0, width: 1280, height: 820 }, { x: 0, y: 0, width: 800, height: 500 }, sizes)).toEqual({ x: 0, y: 0, width: 800, height: 500 })
  })
})
