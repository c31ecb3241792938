/** Handlers of the Customers area: the customer book and order operations 1 to 4 (src/main/services/customers). */
import { resolveLocale, type Locale } from '@shared/i18n/locale'
import type { BindFields, CreateFields } from '@shared/customers/fields'
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'
import { importCustomers } from '../services/customers'

/** Registers the `customers.*` channels. */
export function registerCustomerHandlers(registry: HandlerRegistry, services: Pick<Services, 'customers' | 'enterprises' | 'settings' | 'info'>): void {
  const { customers } = services
  const book = customers.book
  // The profile a call names, else the active one: resolved where every area resolves it.
  const profileOf = (id: string | undefined): Promise<string> => services.enterprises.profile(id)
  const locale = async (): Promise<Locale> => resolveLocale((await services.settings.get()).locale, services.info.systemLocale)
  const createFields = (f: { crmCustomerId: string; customerName: string; branchName: string; address?: string | undefined }): CreateFields => ({
    ...f,
    address: f.address ?? '',
  })

  registry.handle('customers.search', async ({ profileId, query, offset, limit }) => book.search(await profileOf(profileId), { query, offset, limit }))
  registry.handle('customers.get', async ({ id }) => book.get(id))
  registry.handle('customers.save', async ({ id, profileId, fields }) => customers.save(await profileOf(profileId), id, fields))
  registry.handle('customers.remove', async ({ ids }) => ({ customers: book.remove(ids) }))
  registry.handle('customers.restore', async ({ ids }) => ({ customers: book.restore(ids) }))
  registry.handle('customers.use', async ({ id }) => {
    book.use(id)
    return null
  })
  registry.handle('customers.find', async ({ profileId, ...q }) => ({ customers: await customers.find(await profileOf(profileId), q) }))
  registry.handle('customers.bind', async ({ profileId, fields }) => customers.bind(await profileOf(profileId), fields as BindFields))
  registry.handle('customers.checkBind', async ({ profileId, ...channel }) => ({ customer: await customers.checkBind(await profileOf(profileId), channel) }))
  registry.handle('customers.create', async ({ profileId, fields }) => customers.create(await profileOf(profileId), createFields(fields)))
  registry.handle('customers.update', async ({ profileId, fields }) => ({ customers: await customers.update(await profileOf(profileId), createFields(fields)) }))
  registry.handle('customers.addSandboxDemo', async ({ profileId }) => customers.addSandboxDemo(await profileOf(profileId)))
  registry.handle('customers.import', async ({ profileId, fileName, contentBase64, sheet }) =>
    importCustomers(book, await profileOf(profileId), { bytes: Buffer.from(contentBase64, 'base64'), fileName }, sheet ? { locale: await locale(), sheet } : { locale: await locale() }),
  )
}
