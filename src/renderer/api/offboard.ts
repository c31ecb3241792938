/** Calls of the offboarding screen: the check (nothing sent), the start of its run (bulk kind `members.offboard`), the reclaim report. */
import type { JobSummary } from '@shared/ipc/channels/bulk'
import type { OffboardCheck, OffboardReport } from '@shared/ipc/channels/offboard'
import { offboardItems, type OffboardThen, type PersonRef } from '@shared/members/offboard'
import { invoke } from '../bridge'
import { withRunNotice } from './run-notifications'

/** Who the references name and what they hold; nothing is sent. */
export function checkOffboarding(input: { enterpriseGlobalId?: string; refs: PersonRef[]; then: OffboardThen }): Promise<OffboardCheck> {
  return invoke('offboard.check', input)
}

/** Starts the run of a checked plan; the core refuses it unless `confirmCount` is the number of people sent. */
export function startOffboarding(plan: OffboardCheck, confirmCount: number): Promise<JobSummary> {
  return withRunNotice(() => invoke('bulk.start', { kind: 'members.offboard', profileId: plan.profileId, enterpriseGlobalId: plan.enterpriseGlobalId, then: plan.then, confirmCount, items: offboardItems(plan) }))
}

/** The reclaim report of a run: Excel in the user's language, and its figures. */
export function offboardReport(jobId: string): Promise<OffboardReport> {
  return invoke('offboard.report', { jobId })
}
