/** Names of the areas, apart from their icons (the e2e tests import this list too). */

/**
 * Names of the areas still to be built (each shows a designed "coming soon" page until then). None is left; the
 * type keeps the names that had such a page, whose messages (soon.*) the page is typed against.
 */
export const UPCOMING_AREAS: readonly ('orders' | 'drafts')[] = []
export type UpcomingArea = (typeof UPCOMING_AREAS)[number]
/** Areas that have their screens. */
export const BUILT_AREAS = ['orders', 'drafts', 'customers', 'locks', 'assets', 'members', 'journal'] as const
export type AreaName = UpcomingArea | (typeof BUILT_AREAS)[number] | 'settings'
