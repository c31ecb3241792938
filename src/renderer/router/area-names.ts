/** Names of the areas, apart from their icons (the e2e tests import this list too). */

/** Names of the areas still to be built (each shows a designed "coming soon" page until then). */
export const UPCOMING_AREAS = ['orders'] as const
export type UpcomingArea = (typeof UPCOMING_AREAS)[number]
/** Areas that have their screens. */
export const BUILT_AREAS = ['drafts', 'customers', 'locks', 'assets', 'members', 'journal'] as const
export type AreaName = UpcomingArea | (typeof BUILT_AREAS)[number] | 'settings'
