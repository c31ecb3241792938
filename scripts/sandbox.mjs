// `npm run sandbox`: the sandbox's TypeScript runs in this process through tsx's loader, not under tsx's CLI. The
// CLI relays SIGINT/SIGTERM to a child process and, when the child has not confirmed within 30 ms (any busy machine),
// kills it with SIGKILL and exits 130: the sandbox's clean stop (its data file written) would then never run.
import { register } from 'tsx/esm/api'

register({ tsconfig: new URL('../tsconfig.node.json', import.meta.url).pathname })
await import('../src/sandbox/cli.ts')
