/** Named calls of the product catalog (kept on this computer per connection). Only api/ modules call the bridge. */
import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract'
import type { EventPayload } from '@shared/ipc/events'
import { invoke, onEvent } from '../bridge'

/** The whole catalog of a profile (the builders need it to expand a package). */
export const getCatalog = (input: ChannelInput<'catalog.get'>): Promise<ChannelOutput<'catalog.get'>> => invoke('catalog.get', input)
/** Products and packages holding every word of the query in a name, URI, number or type. */
export const searchCatalog = (input: ChannelInput<'catalog.search'>): Promise<ChannelOutput<'catalog.search'>> => invoke('catalog.search', input)
/** Keeps a product or a package (new, or in place of `replaces`). */
export const saveCatalogItem = (input: ChannelInput<'catalog.save'>): Promise<null> => invoke('catalog.save', input)
export const removeCatalogItems = (input: ChannelInput<'catalog.remove'>): Promise<null> => invoke('catalog.remove', input)
/** A CSV or Excel file merged in, all or nothing. */
export const importCatalog = (input: ChannelInput<'catalog.import'>): Promise<ChannelOutput<'catalog.import'>> => invoke('catalog.import', input)
export const exportCatalog = (input: ChannelInput<'catalog.export'>): Promise<ChannelOutput<'catalog.export'>> => invoke('catalog.export', input)

/** Follows changes of a catalog (any window, tab or the CLI); returns unsubscribe. */
export function onCatalogChanged(handler: (payload: EventPayload<'catalog.changed'>) => void): () => void {
  return onEvent('catalog.changed', handler)
}
