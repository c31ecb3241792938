/** The bulk runner service (see runner.ts). */
export { BulkRunner, chunk, dedupe, type BulkRunnerDeps } from './runner'
export { JobStore, JOBS_DIR } from './job-store'
