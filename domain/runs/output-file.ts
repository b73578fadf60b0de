/**
 * `Run.output_file`: the signed download URL of a succeeded run's output, on every answer that carries a run.
 * Presigning is a local HMAC computation (no request to the store), so each view signs afresh and the URL is always
 * valid for OUTPUT_URL_TTL_S from the moment the client saw it. Null before success and after a refund (docs/decisions.md 127).
 *
 * Events store the run as it was (without a URL: one signed when the event was recorded would be expired for late
 * webhook retries and for `GET /events` a day later); the URL is signed when the payload is sent or read (docs/decisions.md 121).
 */
import type { Db } from 'mongodb';
import { COLLECTIONS } from '../platform/db';
import type { RunDoc } from './run-doc';
import { presignDownload, type Storage } from '../platform/storage';

export interface RunOutputFileView {
  url: string;
  expires_at: string;
  mime_type: string;
}

export interface OutputSigner {
  storage: Storage;
  ttlS: number;
}

export async function signRunOutputFile(
  signer: OutputSigner,
  run: Pick<RunDoc, '_id' | 'status' | 'output_file'>,
): Promise<RunOutputFileView | null> {
  if (run.status !== 'succeeded' || !run.output_file) return null;
  const { url, expiresAt } = await presignDownload(
    signer.storage,
    run.output_file.key,
    `${run._id}.${run.output_file.extension}`,
    run.output_file.mime_type,
    signer.ttlS,
  );
  return { url, expires_at: expiresAt.toISOString(), mime_type: run.output_file.mime_type };
}

type Payload = { data: unknown };

/**
 * Output files of runs past success, by account and run. A run's `output_file` is written once, by the update that
 * makes it `succeeded`, and never again (a refund hides it from the run's view but keeps it; runs are never deleted),
 * so once a run is seen `succeeded` or `refunded` its file is known for good: an event page whose runs this process
 * has seen signs its URLs without a lookup (docs/decisions.md 241). Bounded; oldest first out.
 */
const outputFiles = new Map<string, RunDoc['output_file']>();
const FILES_KEPT = 50_000;
const FIXED: ReadonlySet<string> = new Set(['succeeded', 'refunded']);
const fileKey = (accountId: string, runId: string) => `${accountId}\u0000${runId}`;

/** A run this process has just seen reach `succeeded` (its completion): its events' deliveries need no lookup. */
export function rememberOutputFile(run: Pick<RunDoc, '_id' | 'account_id' | 'status' | 'output_file'>): void {
  if (FIXED.has(run.status)) rememberFile(fileKey(run.account_id, run._id), run.output_file);
}

function rememberFile(key: string, file: RunDoc['output_file']): void {
  outputFiles.set(key, file);
  if (outputFiles.size > FILES_KEPT) outputFiles.delete(outputFiles.keys().next().value!);
}

/**
 * Event payloads with `data.run.output_file` signed now: set when the event's run was succeeded (its snapshot's
 * status) and has an output file, null otherwise. The file's key is read from the run (one lookup per run), so
 * events recorded before runs carried `output_file` get it too.
 */
export async function signEventRuns<T extends Payload>(
  db: Db,
  accountId: string,
  signer: OutputSigner,
  payloads: T[],
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
  const unknown = wanted.filter((id) => {
    const file = outputFiles.get(fileKey(accountId, id));
    if (file !== undefined) files.set(id, file);
    return file === undefined;
  });
  if (unknown.length) {
    // One lookup by `_id` per run: the embedded store serves `_id` equality from its index but scans for `$in`
    // (docs/decisions.md 170), and this runs for every page of GET /events.
    const rows = await Promise.all(
      unknown.map((id) =>
        db
          .collection<RunDoc>(COLLECTIONS.runs)
          .findOne({ _id: id, account_id: accountId }, { projection: { _id: 1, status: 1, output_file: 1 } }),
      ),
    );
    for (const row of rows) {
      if (!row) continue;
      files.set(row._id, row.output_file);
      if (FIXED.has(row.status)) rememberFile(fileKey(accountId, row._id), row.output_file);
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
