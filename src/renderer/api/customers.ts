/**
 * Named calls of the Customers area to the core: the customer book (kept on this computer per connection) and
 * order operations 1 to 4. Only api/ modules call the bridge.
 */
import type { ChannelInput, ChannelOutput } from '@shared/ipc/contract'
import type { EventPayload } from '@shared/ipc/events'
import { invoke, onEvent } from '../bridge'

/** The book, recent first; words found in any field. */
export const searchCustomers = (input: ChannelInput<'customers.search'>): Promise<ChannelOutput<'customers.search'>> => invoke('customers.search', input)
export const getCustomer = (id: string): Promise<ChannelOutput<'customers.get'>> => invoke('customers.get', { id })
/** Keeps a typed customer (no id) or changes one of the book. */
export const saveCustomer = (input: ChannelInput<'customers.save'>): Promise<ChannelOutput<'customers.save'>> => invoke('customers.save', input)
export const removeCustomers = (ids: string[]): Promise<ChannelOutput<'customers.remove'>> => invoke('customers.remove', { ids })
export const restoreCustomers = (ids: string[]): Promise<ChannelOutput<'customers.restore'>> => invoke('customers.restore', { ids })
/** Marks a customer as just picked (pickers list it first). */
export const useCustomer = (id: string): Promise<null> => invoke('customers.use', { id })
/** Order operation 3; the customers found are kept in the book. */
export const findCustomers = (input: ChannelInput<'customers.find'>): Promise<ChannelOutput<'customers.find'>> => invoke('customers.find', input)
/** Order operation 1 (a lost answer is read back by the core). */
export const bindCustomer = (input: ChannelInput<'customers.bind'>): Promise<ChannelOutput<'customers.bind'>> => invoke('customers.bind', input)
/** Whether a channel customer is bound now (after a bind whose outcome was unknown). */
export const checkBind = (input: ChannelInput<'customers.checkBind'>): Promise<ChannelOutput<'customers.checkBind'>> => invoke('customers.checkBind', input)
/** Order operation 2 (a lost answer is an unknown outcome). */
export const createCustomer = (input: ChannelInput<'customers.create'>): Promise<ChannelOutput<'customers.create'>> => invoke('customers.create', input)
/** Order operation 4. */
export const updateCustomer = (input: ChannelInput<'customers.update'>): Promise<ChannelOutput<'customers.update'>> => invoke('customers.update', input)
/** The sandbox's demo customers copied into the Sandbox profile's book. */
export const addSandboxDemoCustomers = (profileId?: string): Promise<ChannelOutput<'customers.addSandboxDemo'>> => invoke('customers.addSandboxDemo', profileId ? { profileId } : {})
export const importCustomers = (input: ChannelInput<'customers.import'>): Promise<ChannelOutput<'customers.import'>> => invoke('customers.import', input)

/** Follows changes of the book (any window, tab or the CLI); returns unsubscribe. */
export function onCustomersChanged(handler: (payload: EventPayload<'customers.changed'>) => void): () => void {
  return onEvent('customers.changed', handler)
}
