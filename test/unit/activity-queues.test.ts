/**
 * Each task queue's worker registers exactly the activities the workflows started on that queue call (issue 18).
 * The type checker already refuses a workflow proxying an activity outside `ActivitiesOf<its job>`; this test closes
 * the rest: every workflow types its proxies by its own job (so the type follows the queue the gateway starts it on),
 * none reroutes a proxy to another task queue, and no queue registers an activity none of its workflows calls.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { queueActivities, type ActivityDeps } from '../../activities';
import { JOB_QUEUES, TASK_QUEUES } from '../../domain/jobs/contract';

const WORKFLOWS_DIR = join(__dirname, '..', '..', 'workflows');

/**
 * The activity proxies a workflow file declares: the job named in `proxyActivities<ActivitiesOf<'job'>>` (or
 * `proxyLocalActivities`: a local activity runs on the worker that holds the workflow task, so the same queue) and the
 * activity names it uses, destructured (`const { a, b: c } = proxyActivities…`) or read off a bound proxy
 * (`const steps = proxyActivities…`, then `steps.a`). Proxies typed any other way are returned as `untyped`.
 */
function proxiesIn(source: string): { jobs: string[]; activities: string[]; untyped: number } {
  const jobs: string[] = [];
  const activities: string[] = [];
  let untyped: number;
  for (const m of source.matchAll(/const\s+(\{[^}]*\}|\w+)\s*=\s*proxy(?:Local)?Activities<([^(]*)>\(/g)) {
    const [, binding, typeArg] = m as unknown as [string, string, string];
    const job = /^ActivitiesOf<'(\w+)'>$/.exec(typeArg.trim());
    if (!job) continue;
    jobs.push(job[1]!);
    if (binding.startsWith('{')) {
      activities.push(
        ...binding
          .slice(1, -1)
          .split(',')
          .map((part) => part.split(':')[0]!.trim())
          .filter(Boolean),
      );
    } else {
      activities.push(...[...source.matchAll(new RegExp(`\\b${binding}\\.(\\w+)`, 'g'))].map((u) => u[1]!));
    }
  }
  // A proxy not bound by a declaration above (called inline, say) is not seen there: count it as untyped too.
  untyped = [...source.matchAll(/proxy(?:Local)?Activities</g)].length - jobs.length;
  return { jobs, activities: [...new Set(activities)], untyped };
}

/** A stand-in for every dependency: the factories only close over their deps when built. */
const anything: unknown = new Proxy(function () {}, {
  get: (_target, key) => (key === 'then' ? undefined : anything),
  apply: () => anything,
});

const files = readdirSync(WORKFLOWS_DIR)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ file: f, source: readFileSync(join(WORKFLOWS_DIR, f), 'utf8') }));

describe('activities per task queue', () => {
  it('the proxy reader recognises each way workflow code declares proxies', () => {
    expect(proxiesIn("const { a, b: c } = proxyActivities<ActivitiesOf<'x'>>({});")).toEqual({
      jobs: ['x'],
      activities: ['a', 'b'],
      untyped: 0,
    });
    expect(proxiesIn("const steps = proxyActivities<ActivitiesOf<'y'>>({});\nawait steps.one(); steps.two;")).toEqual({
      jobs: ['y'],
      activities: ['one', 'two'],
      untyped: 0,
    });
    expect(proxiesIn("const local = proxyLocalActivities<ActivitiesOf<'z'>>({});\nlocal.three();")).toEqual({
      jobs: ['z'],
      activities: ['three'],
      untyped: 0,
    });
    expect(proxiesIn('const { a } = proxyActivities<Activities>({});').untyped).toBe(1);
    expect(proxiesIn("const s = { x: proxyLocalActivities<ActivitiesOf<'x'>>({}).a };").untyped).toBe(1);
    expect(proxiesIn("return proxyActivities<ActivitiesOf<'x'>>({}).a();").untyped).toBe(1);
  });

  it('every job but the noop smoke test has a queue, and the queues are the task queues', () => {
    const index = readFileSync(join(WORKFLOWS_DIR, 'index.ts'), 'utf8');
    const jobs = [...index.matchAll(/export \{ (\w+) \}/g)].map((m) => m[1]!).filter((name) => name !== 'noop');
    expect(jobs.length).toBeGreaterThan(0);
    expect(Object.keys(JOB_QUEUES).sort()).toEqual(jobs.sort());
    expect(Object.keys(queueActivities).sort()).toEqual(Object.keys(TASK_QUEUES).sort());
  });

  it('each workflow proxies activities by its own job and never names another task queue', () => {
    for (const { file, source } of files) {
      const exported = [...source.matchAll(/export async function (\w+)/g)].map((m) => m[1]!);
      const { jobs, untyped } = proxiesIn(source);
      expect({ file, untyped, taskQueue: /taskQueue/.test(source) }).toEqual({ file, untyped: 0, taskQueue: false });
      for (const job of jobs)
        expect({ file, job, exported: exported.includes(job) }).toEqual({ file, job, exported: true });
    }
  });

  it.each(Object.keys(TASK_QUEUES) as (keyof typeof TASK_QUEUES)[])(
    'the %s worker registers exactly what the workflows on its queue call',
    (queue) => {
      const registered = Object.keys(queueActivities[queue](anything as ActivityDeps)).sort();
      const called = new Set<string>();
      for (const { source } of files) {
        const { jobs, activities } = proxiesIn(source);
        if (jobs.some((job) => JOB_QUEUES[job as keyof typeof JOB_QUEUES] === queue))
          activities.forEach((a) => called.add(a));
      }
      expect(registered.length).toBeGreaterThan(0);
      expect([...called].sort()).toEqual(registered);
    },
  );
});
