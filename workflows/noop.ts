/**
 * A workflow that does nothing but complete. It is the baseline the benchmarks compare real runs against, and the
 * smoke test that proves a worker is executing workflow tasks end to end.
 */
export async function noop(): Promise<string> {
  return 'ok';
}
