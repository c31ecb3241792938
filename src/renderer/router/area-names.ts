/** Names of the areas, apart from their icons (the e2e tests import this list too). */

/** Every area of the navigation with its own screens, in navigation order (Settings aside). */
export const BUILT_AREAS = ['orders', 'drafts', 'customers', 'locks', 'assets', 'members', 'journal'] as const
export type AreaName = (typeof BUILT_AREAS)[number] | 'settings'
