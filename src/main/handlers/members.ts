/** Handlers of the Members area and the member directory: thin, each a call of the members services. */
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `members.*` channels. */
export function registerMemberHandlers(registry: HandlerRegistry, services: Pick<Services, 'members' | 'memberDirectory'>): void {
  const { members, memberDirectory: directory } = services
  const target = (input: { profileId?: string | undefined; enterpriseGlobalId?: string | undefined }) => members.target(input)

  registry.handle('members.list', (input) => members.list(input))
  registry.handle('members.add', (input) => members.add(input))
  registry.handle('members.edit', (input) => members.edit(input))
  registry.handle('members.resetPassword', (input) => members.resetPassword(input))
  registry.handle('members.delete', (input) => members.delete(input))
  registry.handle('members.people', async (input) => {
    const t = await target(input)
    return directory.people(t.profileId, t.enterpriseGlobalId, input.globalIds)
  })
  registry.handle('members.accounts', async (input) => {
    const t = await target(input)
    return directory.accounts(t.profileId, t.enterpriseGlobalId, input.userNames)
  })
  registry.handle('members.departments', async (input) => {
    const t = await target(input)
    return directory.departments(t.profileId, t.enterpriseGlobalId)
  })
  registry.handle('members.refreshDirectory', async (input) => {
    const t = await target(input)
    return directory.refresh(t.profileId, t.enterpriseGlobalId)
  })
}
