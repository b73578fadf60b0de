/**
 * The provider side of a live economy batch's job (issue 58; docs/decisions.md 761, 762): admit every item, send
 * each group's requests as a provider batch through the slot's own protocol, poll the provider batches (canceling
 * them when the batch is canceled or has waited 25 hours) and store each item's answers, by run and sample, in the
 * object store. The items' runs then go the ordinary way (./evaluation.ts), answered first from what was stored
 * (`createEconomyEvaluator`): a repair, and a request the provider did not answer, go through the ordinary API once.
 */
import { TenantDb } from '../domain/store';
import { confidenceSamples } from '../domain/evaluation-workflows/evaluation-workflows';
import { customIdFor, parseCustomId } from '../domain/batches/economy';
import {
  admitEconomyItems,
  economyBatch,
  groupRunIds,
  PROVIDER_BATCH_WAIT_MS,
  recordProviderBatch,
  recordSubmitIntent,
  updateProviderBatch,
  waitingRunsOf,
} from '../domain/batches/economy-job';
import type { BatchDoc, EconomyGroupDoc } from '../domain/batches/batches';
import type { BatchJobInput, EconomyGroupInput, EconomyPlan } from '../domain/jobs/contract';
import { markInProviderBatch } from '../domain/runs/batch-items';
import type { RunDoc } from '../domain/runs';
import { getObjectBytesIfAny, objectKeys, putObject } from '../domain/platform/storage';
import type { ActivityDeps } from './deps';
import { loadRunContext, manifestOf, messagesFor, type LiveEvaluator } from './evaluation';
import { withHeartbeat } from './heartbeat';
import { createLiveEvaluator } from './live-evaluation';
import { createContextAssembler } from './model-context';
import { providerBatchClient } from './models/economy-configured';
import type { ModelAnswer, ModelGateway, ModelProvider, ProviderSlot } from './models/gateway';
import {
  EconomyUnavailableError,
  type ProviderBatchClient,
  type ProviderBatchRequest,
  type ProviderBatchState,
} from './models/provider-batch';
import { answerSchema } from './prompt';

/** Runs whose requests are built side by side (each reads its documents from the object store). */
const BUILD_AT_ONCE = 8;
/** Answers written to the object store side by side. */
const WRITE_AT_ONCE = 16;

/** Where a run's answers from its provider batch are kept: one object per run, every sample in it. */
const answersKey = (accountId: string, batchId: string, runId: string) =>
  objectKeys.batchResults(accountId, batchId, `economy/${runId}.json`);

interface StoredAnswers {
  /** By sample: the provider's answer, or null where it gave none (errored, expired, canceled, missing). */
  samples: Array<ModelAnswer | null>;
}

async function inGroups<T, R>(items: T[], size: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(f))));
  return out;
}

const beat = () => {
  /* withHeartbeat beats on its timer */
};

/** The ProviderBatch status a poll shows. */
function statusOf(state: ProviderBatchState): EconomyGroupDoc['status'] {
  return state.status === 'ended' ? (state.outcome ?? 'failed') : state.status;
}

/** A run's requests (one per sample, as the ordinary call sends them), its slot and the manifest of what is sent. */
async function requestsOf(deps: ActivityDeps, assemble: Assembler, accountId: string, run: RunDoc) {
  const ctx = await loadRunContext(deps, { accountId, runId: run._id }, run);
  const model = await assemble(ctx);
  const messages = messagesFor(ctx, model);
  const slot: ProviderSlot = model.strategy === 'fulltext' ? 'B' : 'A';
  const k = confidenceSamples(ctx.workflow);
  const jsonSchema = answerSchema(run.output_format, ctx.schema);
  const requests: ProviderBatchRequest[] = Array.from({ length: k }, (_, index) => ({
    customId: customIdFor(run._id, index),
    request: { messages, jsonSchema, ...(k > 1 ? { sample: { index, of: k } } : {}) },
  }));
  // The slot's model as configured (B falls back to A); the answer's own model replaces it at completion.
  const use = deps.config[`MODEL_${slot}_MODEL`] ? slot : 'A';
  const manifest = manifestOf(ctx, model, messages, {
    model: deps.config[`MODEL_${use}_MODEL`] ?? 'unknown',
    provider: deps.config[`MODEL_${use}_PROVIDER`] === 'anthropic' ? 'anthropic' : 'openai',
  });
  return { run, slot, requests, manifest };
}

/** One slot's share of a group as one provider batch: found if an earlier attempt created it, else created. */
async function submitSlot(
  deps: ActivityDeps,
  batch: BatchDoc,
  group: number,
  slot: ProviderSlot,
  built: Built[],
): Promise<void> {
  const key = `${group}${slot}`;
  const client = providerBatchClient(deps.config, slot);
  // No provider: the items' runs fail `model_unavailable` (refunded) the ordinary way.
  if (!client) return;
  let record = batch.economy_groups?.[key];
  if (!record) {
    const marker = `${batch._id}-${key}`;
    const requests = built.flatMap((b) => b.requests);
    let id = (await client.find(marker)) ?? (await adopted(deps, client, batch, key));
    if (!id) {
      await recordSubmitIntent(deps, batch, key, { at: new Date(), requests: requests.length });
      try {
        id = await client.submit(requests, marker);
      } catch (err) {
        // The server has no batch API after all: the items go through the ordinary API, at the discounted price.
        if (!(err instanceof EconomyUnavailableError)) throw err;
        deps.logger.warn({ batch: batch._id, slot }, `economy batch ${batch._id}: ${err.message}`);
        return;
      }
    }
    record = await recordProviderBatch(deps, batch, key, {
      id,
      provider: client.provider,
      status: 'in_progress',
      requests: requests.length,
      group,
      marker,
      slot,
      submitted_at: new Date(),
      collected: false,
    });
  }
  const tenant = new TenantDb(deps.db, batch.account_id);
  await markInProviderBatch(
    deps.db,
    tenant,
    { id: record.id, provider: record.provider },
    built.map((b) => ({
      runId: b.run._id,
      manifestJson: JSON.stringify({ ...b.manifest, provider_batch: { id: record.id, provider: record.provider } }),
    })),
  );
}

/** How far the provider's clock may be from ours when a retry looks for what an earlier attempt created. */
const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * The provider batch an earlier attempt created but never recorded, where the protocol keeps no marker
 * (docs/decisions.md 793): of those with the intent's request count created within one create call of it (give or
 * take the clock skew) and not another group's of this batch, the one nearest the intent — ours followed it at once.
 */
async function adopted(
  deps: ActivityDeps,
  client: ProviderBatchClient,
  batch: BatchDoc,
  key: string,
): Promise<string | null> {
  const intent = batch.economy_intents?.[key];
  if (!intent || !client.createdBetween) return null;
  const at = new Date(intent.at).getTime();
  const taken = new Set(Object.values(batch.economy_groups ?? {}).map((g) => g.id));
  // A create is answered within the call's timeout, or abandoned: one made later than that was not this intent's.
  const to = at + deps.config.MODEL_TIMEOUT_S * 1000 + CLOCK_SKEW_MS;
  const found = await client.createdBetween(new Date(at - CLOCK_SKEW_MS), new Date(to), intent.requests);
  const distance = (c: { createdAt: Date }) => Math.abs(c.createdAt.getTime() - at);
  const id = found.filter((c) => !taken.has(c.id)).sort((a, b) => distance(a) - distance(b))[0]?.id ?? null;
  if (id) deps.logger.warn({ batch: batch._id, key, id }, 'economy: adopted the provider batch a lost create made');
  return id;
}

type Assembler = ReturnType<typeof createContextAssembler>;
type Built = Awaited<ReturnType<typeof requestsOf>>;

/** Stores an ended provider batch's answers by run; a run with no line keeps null for every sample. */
async function collect(deps: ActivityDeps, batch: BatchDoc, record: EconomyGroupDoc): Promise<void> {
  const client = providerBatchClient(deps.config, record.slot)!;
  const byRun = new Map<string, StoredAnswers>();
  // Only this group's runs: an adopted batch that was not ours after all (docs/decisions.md 793) answers none.
  const mine = new Set(groupRunIds(batch, record.group));
  for (const result of await client.results(record.id)) {
    const named = parseCustomId(result.customId);
    if (!named || !mine.has(named.runId)) continue;
    const stored = byRun.get(named.runId) ?? { samples: [] };
    stored.samples[named.sample] = result.ok ? result.answer : null;
    byRun.set(named.runId, stored);
  }
  await inGroups([...byRun], WRITE_AT_ONCE, ([runId, stored]) =>
    putObject(
      deps.storage,
      answersKey(batch.account_id, batch._id, runId),
      JSON.stringify({ samples: Array.from(stored.samples, (s) => s ?? null) }),
      'application/json',
    ),
  );
}

export function economyActivities(deps: ActivityDeps) {
  const assemble = createContextAssembler(deps);

  return {
    /** Admits every item (charged its discounted quote), none started; answers the groups and the poll interval. */
    prepareEconomyBatch: (input: BatchJobInput): Promise<EconomyPlan> =>
      withHeartbeat(async () => ({
        groups: await admitEconomyItems(deps, input, beat),
        pollMs: deps.config.ECONOMY_POLL_MS,
      })),

    /** Sends a group's waiting items as provider batches (one per slot used), unless already sent. */
    submitProviderBatch: (input: EconomyGroupInput): Promise<void> =>
      withHeartbeat(async () => {
        const batch = await economyBatch(deps, input.accountId, input.batchId);
        // Stopped before it was sent: nothing goes to the provider; the batch's steps cancel its items.
        if (!batch || batch.stop_reason) return;
        const waiting = (await waitingRunsOf(deps, batch, input.group)).filter((r) => !r.economy?.provider_batch_id);
        const built: Built[] = [];
        await inGroups(waiting, BUILD_AT_ONCE, async (run) => {
          // A run whose context cannot be built (an input not extracted…) fails the same way on its ordinary path.
          const one = await requestsOf(deps, assemble, batch.account_id, run).catch((err: unknown) => {
            deps.logger.warn({ run: run._id, err: String(err) }, 'economy item left to its ordinary path');
            return null;
          });
          if (one) built.push(one);
        });
        built.sort((a, b) => (a.run.batch_position ?? 0) - (b.run.batch_position ?? 0));
        for (const slot of ['A', 'B'] as const) {
          const mine = built.filter((b) => b.slot === slot);
          if (mine.length) await submitSlot(deps, batch, input.group, slot, mine);
        }
      }),

    /**
     * One look at every provider batch not yet collected: an ended one has its answers stored; all are canceled at
     * the provider once the batch is canceled, or after 25 hours (their unanswered items then go ordinary). Answers
     * whether any is still awaited.
     */
    pollProviderBatches: (input: BatchJobInput): Promise<{ pending: boolean }> =>
      withHeartbeat(async () => {
        const batch = await economyBatch(deps, input.accountId, input.batchId);
        if (!batch) return { pending: false };
        const canceled = batch.stop_reason === 'canceled';
        let pending = false;
        for (const [key, record] of Object.entries(batch.economy_groups ?? {})) {
          if (record.collected) continue;
          const client = providerBatchClient(deps.config, record.slot);
          if (!client) continue;
          const overdue = Date.now() - new Date(record.submitted_at).getTime() > PROVIDER_BATCH_WAIT_MS;
          const state = canceled || overdue ? await client.cancel(record.id) : await client.poll(record.id);
          if (canceled) {
            // Its items are canceled and refunded by the batch's steps: nothing of it is awaited any more.
            await updateProviderBatch(deps, batch, key, { status: statusOf(state), collected: true });
            continue;
          }
          if (state.status !== 'ended') {
            pending = true;
            if (statusOf(state) !== record.status)
              await updateProviderBatch(deps, batch, key, { status: statusOf(state) });
            continue;
          }
          await collect(deps, batch, record);
          await updateProviderBatch(deps, batch, key, { status: statusOf(state), collected: true });
        }
        return { pending };
      }),
  };
}

/**
 * The model gateway of one economy item's run: each sample's first call is answered by what its provider batch
 * said, when it said something; every other call (a repair, a sample the provider did not answer) goes to the
 * slot's ordinary provider, once, as for any run.
 */
function answeringGateway(models: ModelGateway, stored: StoredAnswers): ModelGateway {
  const used = new Set<number>();
  return {
    provider(slot) {
      const ordinary = models.provider(slot);
      if (!ordinary) return null;
      const answering: ModelProvider = {
        name: ordinary.name,
        complete(request) {
          const sample = request.sample?.index ?? 0;
          const answer = used.has(sample) ? null : stored.samples[sample];
          used.add(sample);
          return answer ? Promise.resolve(answer) : ordinary.complete(request);
        },
      };
      return answering;
    },
  };
}

/**
 * The live evaluator of the batches queue: an economy item that went out in a provider batch is answered from it
 * (then validated and repaired like any answer); every other run as before.
 */
export function createEconomyEvaluator(deps: ActivityDeps): LiveEvaluator {
  const ordinary = createLiveEvaluator(deps);
  return async (ctx, model, messages) => {
    const run = ctx.run;
    if (!run.economy?.provider_batch_id || !run.batch_id) return ordinary(ctx, model, messages);
    const bytes = await getObjectBytesIfAny(deps.storage, answersKey(run.account_id, run.batch_id, run._id));
    if (!bytes) return ordinary(ctx, model, messages);
    const stored = JSON.parse(Buffer.from(bytes).toString('utf8')) as StoredAnswers;
    return createLiveEvaluator({ ...deps, models: answeringGateway(deps.models, stored) })(ctx, model, messages);
  };
}
