/** The Members area's services: employees one at a time, and the member directory (global id → person). */
export { MembersService, memberRow, ruleLimits, type MembersDeps, type MembersTarget } from './members'
export { MemberDirectory, knownMember, type DirectoryDeps, type KnownMember } from './directory'
