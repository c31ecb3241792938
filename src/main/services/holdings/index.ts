/** Asset assignment and lending: the enterprise's numbers, configure, move, bulk checks, lending, the audit. */
export { HoldingsService, type HoldingsDeps } from './holdings'
export { PlannerService, appliedCalls, type PlannerDeps } from './planner'
export { NumbersCache, NumbersEntry, readNumbers, type HoldingsTarget, type NumberRecord } from './numbers'
export { lendRecords, lentLockViews, type LendRecord } from './lending'
export { writeWorkbook } from './workbook'
