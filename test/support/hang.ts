/**
 * How long a wait in a test may take before the test is called hung. The limit only ends a hang: on a 2-core machine
 * under two busy loops a step that takes milliseconds when quiet can take seconds. Nothing in the tests measures time.
 */
export const HANG_MS = 60_000
