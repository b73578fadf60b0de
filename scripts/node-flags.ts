/**
 * The Node flags every Assay process runs under: `npm start`, the bench, the processes the tests start, and the
 * Docker image's CMD (test/unit/node-flags.test.ts keeps the Dockerfile in step with this list).
 *
 * `--max-semi-space-size=32`: a request or an activation allocates short-lived objects (BSON documents, views, JSON,
 * log lines) faster than V8's default young generation turns them over, so scavenges ran thousands of times a
 * second under load. Semi-spaces of up to 32 MB scavenge less often for the same survivors: measured side by side,
 * the API's CPU per authenticated GET of a succeeded run went from 0.44 to 0.41 ms. The cost
 * is up to ~100 MB more resident memory per process at peak.
 */
export const NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
