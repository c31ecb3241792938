export type { SyncKind } from './types'
export { customerBody, customerKind } from './customer'
