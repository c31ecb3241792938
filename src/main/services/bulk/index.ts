/** The bulk runner service (see runner.ts), and the one runner of a core (host.ts). */
export { BulkRunner, chunk, dedupe, type BulkRunnerDeps } from './runner'
export { JobStore, JOBS_DIR } from './job-store'
export { createBulkRunner, type BulkHost } from './host'
