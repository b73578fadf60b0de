/**
 * `Run.output_file`: the signed download URL of a succeeded run's output, on every answer that carries a run.
 * Presigning is a local HMAC computation (no request to the store), so each view signs afresh and the URL is always
 * valid for OUTPUT_URL_TTL_S from the moment the client saw it. Null before success, and after a refund (which says
 * the result was not delivered).
 *
 * Events store the run as it was (without a URL: one signed when the event was recorded would be expired for late
 * webhook retries and for `GET /events` a day later); the URL is signed when the payload is sent or read, and only
 * while the run is not refunded.
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import type { RunDoc } from './run-doc';
import { signedFile, type SignedFile, type Storage } from '../platform/storage';
import { findByIds, TenantDb } from '../store';
import type { EventDoc } from '../webhooks/events';

export type RunOutputFileView = SignedFile;

export interface OutputSigner {
  storage: Storage;
  ttlS: number;
}

export async function signRunOutputFile(
  signer: OutputSigner,
  run: Pick<RunDoc, '_id' | 'status' | 'output_file'>,
): Promise<RunOutputFileView | null> {
  if (run.status !== 'succeeded' || !run.output_file) return null;
  return signedFile(
    signer.storage,
    run.output_file.key,
    `${run._id}.${run.output_file.extension}`,
    run.output_file.mime_type,
    signer.ttlS,
  );
}

type Payload = { data: unknown };

/**
 * What this process knows of runs past success, by account and run. A refunded run's file is never signed again
 * (refunded is final, so that is known for good). A run's succeeded status is not: an operator's refund, from any
 * process, can end it at any time, so a succeeded run's file is signed from a status read for this answer — except
 * in the process that has just completed the run, which trusts what its completion wrote for COMPLETION_TRUSTED_MS
 * (so the eager first delivery of `run.succeeded` needs no read; trusting longer would open a window in which a
 * refunded run's output is served). Bounded; oldest out.
 */
interface Known {
  file: RunDoc['output_file'];
  refunded: boolean;
  /** Until when (ms) a succeeded run's file may be signed without reading its status. */
  trustedUntil: number;
}
const outputFiles = new Map<string, Known>();
const FILES_KEPT = 50_000;
export const COMPLETION_TRUSTED_MS = 2_000;
const fileKey = (accountId: string, runId: string) => `${accountId}\u0000${runId}`;

/** A run this process has just seen reach `succeeded` (its completion): its events' first deliveries need no lookup. */
export function rememberOutputFile(run: Pick<RunDoc, '_id' | 'account_id' | 'status' | 'output_file'>): void {
  if (run.status === 'succeeded' || run.status === 'refunded')
    rememberFile(fileKey(run.account_id, run._id), {
      file: run.output_file,
      refunded: run.status === 'refunded',
      trustedUntil: Date.now() + COMPLETION_TRUSTED_MS,
    });
}

function rememberFile(key: string, known: Known): void {
  outputFiles.delete(key);
  outputFiles.set(key, known);
  if (outputFiles.size > FILES_KEPT) outputFiles.delete(outputFiles.keys().next().value!);
}

/**
 * Event payloads with `data.run.output_file` signed now: set when the event's run was succeeded (its snapshot's
 * status), is not refunded since, and has an output file; null otherwise. `stored`: the events as stored now, one per
 * payload (omitted where they may be older copies, as a list's snapshots may be): an event that holds its run's file
 * answers from it and its refund mark, with no read (docs/decisions.md 306). The other runs' status and file are
 * read by their ids (the store's `findByIds`), so events recorded before runs carried `output_file`, or before
 * events held it, get it too.
 */
export async function signEventRuns<T extends Payload>(
  db: Db,
  accountId: string,
  signer: OutputSigner,
  payloads: T[],
  stored?: ReadonlyArray<Pick<EventDoc, 'run_file' | 'run_refunded'>>,
): Promise<T[]> {
  const runOf = (p: T) => (p.data as { run?: { id?: string; status?: string } } | null)?.run;
  const wanted = [
    ...new Set(
      payloads
        .map(runOf)
        .filter((r) => r?.status === 'succeeded' && r.id)
        .map((r) => r!.id!),
    ),
  ];
  const files = new Map<string, RunDoc['output_file']>();
  payloads.forEach((p, i) => {
    const run = runOf(p);
    const event = stored?.[i];
    if (run?.status === 'succeeded' && run.id && event && event.run_file !== undefined)
      files.set(run.id, event.run_refunded ? null : event.run_file);
  });
  const now = Date.now();
  const unknown = wanted.filter((id) => {
    if (files.has(id)) return false;
    const known = outputFiles.get(fileKey(accountId, id));
    if (!known || (!known.refunded && known.trustedUntil < now)) return true;
    files.set(id, known.refunded ? null : known.file);
    return false;
  });
  if (unknown.length) {
    // The store's read by ids, never a scan of every account's runs whichever store serves it: this runs for every
    // page of GET /events.
    const rows = await findByIds(
      new TenantDb(db, accountId).collection<RunDoc>(COLLECTIONS.runs),
      unknown,
      {},
      {
        projection: { _id: 1, status: 1, output_file: 1 },
      },
    );
    for (const row of rows) {
      if (!row) continue;
      files.set(row._id, row.status === 'succeeded' ? row.output_file : null);
      if (row.status === 'refunded')
        rememberFile(fileKey(accountId, row._id), { file: row.output_file, refunded: true, trustedUntil: 0 });
    }
  }
  return Promise.all(
    payloads.map(async (payload) => {
      const run = runOf(payload);
      if (!run) return payload;
      const file = run.status === 'succeeded' && run.id ? (files.get(run.id) ?? null) : null;
      const output_file = file
        ? await signRunOutputFile(signer, { _id: run.id!, status: 'succeeded', output_file: file })
        : null;
      return { ...payload, data: { ...(payload.data as object), run: { ...run, output_file } } };
    }),
  );
}
