/** The areas of the app, in navigation order, with their icons. Later capabilities replace "coming soon" pages. */
import type { Component } from 'vue'
import { Box, Document, EditPen, Key, List, Setting, User } from '@element-plus/icons-vue'

/** Names of the areas still to be built (each shows a designed "coming soon" page until then). */
export const UPCOMING_AREAS = ['orders', 'drafts', 'members'] as const
export type UpcomingArea = (typeof UPCOMING_AREAS)[number]
/** Areas that have their screens. */
export const BUILT_AREAS = ['locks', 'assets', 'journal'] as const
export type AreaName = UpcomingArea | (typeof BUILT_AREAS)[number] | 'settings'

/** One entry of the side navigation. */
export interface NavArea {
  name: AreaName
  path: string
  icon: Component
}

/** The side navigation, top to bottom. */
export const NAV_AREAS: NavArea[] = [
  { name: 'orders', path: '/orders', icon: Document },
  { name: 'drafts', path: '/drafts', icon: EditPen },
  { name: 'locks', path: '/locks', icon: Key },
  { name: 'assets', path: '/assets', icon: Box },
  { name: 'members', path: '/members', icon: User },
  { name: 'journal', path: '/journal', icon: List },
  { name: 'settings', path: '/settings', icon: Setting },
]
