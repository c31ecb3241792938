/** The asset numbers table's filter states and sort keys (apart from numbers.ts: the channels' schemas use them). */
export const NUMBER_STATES = ['all', 'free', 'held', 'lent', 'online'] as const
export type NumberStateFilter = (typeof NUMBER_STATES)[number]

export const NUMBER_SORT_KEYS = ['assetNum', 'holder', 'state'] as const
export type NumberSortKey = (typeof NUMBER_SORT_KEYS)[number]
export type NumberSort = { key: NumberSortKey; order: 'asc' | 'desc' } | null
