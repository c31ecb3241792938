/** The areas of the app, in navigation order, with their icons. */
import type { Component } from 'vue'
import { Box, Document, EditPen, Key, List, OfficeBuilding, Setting, User } from '@element-plus/icons-vue'

import type { AreaName } from './area-names'
export { BUILT_AREAS, type AreaName } from './area-names'

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
  { name: 'customers', path: '/customers', icon: OfficeBuilding },
  { name: 'locks', path: '/locks', icon: Key },
  { name: 'assets', path: '/assets', icon: Box },
  { name: 'members', path: '/members', icon: User },
  { name: 'journal', path: '/journal', icon: List },
  { name: 'settings', path: '/settings', icon: Setting },
]
