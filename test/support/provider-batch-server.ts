/**
 * A local server on 127.0.0.1 speaking the two providers' batch protocols, written from their published API
 * references because LiteLLM's proxy does not serve them offline (it forwards them to the upstream provider):
 * - OpenAI Files + Batch API: `POST /v1/files` (multipart, purpose `batch`), `GET /v1/files/{id}/content`,
 *   `POST /v1/batches`, `GET /v1/batches` (list), `GET /v1/batches/{id}`, `POST /v1/batches/{id}/cancel`;
 * - Anthropic Message Batches: `POST /v1/messages/batches`, `GET /v1/messages/batches` (list, newest first, paged),
 *   `GET /v1/messages/batches/{id}`, `GET /v1/messages/batches/{id}/results` (JSONL), `POST …/{id}/cancel`.
 * Its objects are the SDKs' own types. A batch moves on only when polled (`pollsBeforeEnd` retrieves), so tests
 * script its course without clocks: answers per request, an expiry with part done, a cancel while it works, a whole
 * batch failing validation, slow answers. `batchApi: false` plays a server without batch routes (404, as a
 * Chat-Completions-only server such as vLLM or llama.cpp answers). Every request is recorded and counted.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Anthropic from '@anthropic-ai/sdk';
import type { MessageBatch, MessageBatchIndividualResponse } from '@anthropic-ai/sdk/resources/messages/batches';
import type { Batch, BatchError } from 'openai/resources/batches';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { FileObject } from 'openai/resources/files';
import { completionOf, messageOf } from './provider-batch-replies';

/** The answer to one request of a batch. */
export interface LineReply {
  /** The assistant's text. */
  content?: string;
  /** Anthropic: a `tool_use` block of this input, for the tool the request's `tool_choice` names. */
  toolInput?: unknown;
  /** The request failed at the provider: OpenAI puts it in the output file with this status code, Anthropic as `errored`. */
  error?: { status: number; message: string };
  usage?: { input: number; output: number };
  /** OpenAI `finish_reason` (default `stop`); Anthropic `stop_reason` (default `end_turn`, or `tool_use`). */
  stop?: string;
}

/** How one provider batch runs its course. */
export interface BatchPlan {
  /** Retrieves answered in progress before the batch ends (default 1). */
  pollsBeforeEnd?: number;
  /** The batch ends expired, with only `done` of its requests answered. */
  expire?: boolean;
  /** Requests answered before an expiry or a cancel takes effect (default half, rounded down). */
  done?: number;
  /** OpenAI: the input file fails validation and the batch ends `failed` with this message. */
  fail?: string;
}

export interface ReceivedCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

type Protocol = 'openai' | 'anthropic';

interface Line {
  customId: string;
  body: Record<string, unknown>;
}

interface ServerBatch {
  protocol: Protocol;
  id: string;
  lines: Line[];
  plan: BatchPlan;
  polls: number;
  created: number;
  inputFileId: string;
  state: 'validating' | 'in_progress' | 'cancelling' | 'completed' | 'expired' | 'cancelled' | 'failed';
  /** Per custom id, once the request is settled: the reply, or why it was not run. */
  outcomes: Map<string, LineReply | 'expired' | 'canceled'>;
  outputFileId?: string;
  errorFileId?: string;
  /** OpenAI: the `metadata` given at creation, answered back as the reference says. */
  metadata?: Record<string, string>;
}

interface StoredFile {
  object: FileObject;
  content: string;
}

const DEFAULT_REPLY: LineReply = {
  content: JSON.stringify({ summary: 'ok', overall_score: 70, criteria: [], recommendations: [] }),
};

export class ProviderBatchServer {
  readonly received: ReceivedCall[] = [];
  readonly batches = new Map<string, ServerBatch>();
  readonly files = new Map<string, StoredFile>();
  /** The answer to each request, by its custom id and body (the model request as the client sent it). */
  answer: (customId: string, body: Record<string, unknown>) => LineReply = () => DEFAULT_REPLY;
  /**
   * The answer to an ordinary call (`POST /v1/chat/completions`, `POST /v1/messages`: a repair, or an item retried
   * outside a batch), by its body and `X-Assay-Sample` header; by default the batch answer of the same body.
   */
  ordinary: (body: Record<string, unknown>, sample: string | undefined) => LineReply = (body) =>
    this.answer('ordinary', body);
  /** Plans for the next batches created, in order; then `defaultPlan`. */
  readonly plans: BatchPlan[] = [];
  defaultPlan: BatchPlan = {};
  /** False: every batch route (and the files route) answers 404, as a server without a batch API does. */
  batchApi = true;
  /** Anthropic: the next creates make their batch, then drop the connection unanswered (the answer is lost). */
  loseCreateAnswers = 0;
  /** Delay before each answer of the batch routes. */
  delayMs = 0;
  private server?: Server;
  private origin = '';
  private seq = 0;

  /** Starts on a free loopback port; returns the origin (OpenAI's base URL is `${origin}/v1`, Anthropic's the origin). */
  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) this.json(res, 500, { error: { message: String(err), type: 'server_error' } });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.origin = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this.origin;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Requests received with this method whose path matches. */
  count(method: string, path: string | RegExp): number {
    return this.received.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    ).length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const method = req.method ?? 'GET';
    const path = (req.url ?? '').split('?')[0]!;
    this.received.push({ method, path, headers: req.headers });
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    const anthropic = path.startsWith('/v1/messages/batches');
    if (method === 'POST' && (path === '/v1/chat/completions' || path === '/v1/messages')) {
      const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
      const header = req.headers['x-assay-sample'];
      const reply = this.ordinary(body, typeof header === 'string' ? header : undefined);
      const line = { customId: `ordinary_${++this.seq}`, body };
      if (reply.error) return this.json(res, reply.error.status, { error: { message: reply.error.message } });
      return this.json(res, 200, path === '/v1/messages' ? messageOf(line, reply) : completionOf(line, reply));
    }
    if (!this.batchApi || !(anthropic || path.startsWith('/v1/files') || path.startsWith('/v1/batches'))) {
      return anthropic || path.startsWith('/v1/messages')
        ? this.anthropicError(res, 404, 'not_found_error', `${method} ${path} not found`)
        : this.json(res, 404, { error: { message: `${method} ${path} not found`, type: 'invalid_request_error' } });
    }
    const query = new URL(req.url ?? '', 'http://x').searchParams;
    return anthropic ? this.anthropic(method, path, query, raw, res) : this.openai(method, path, raw, req, res);
  }

  // ---- OpenAI Files + Batch API ----

  private async openai(
    method: string,
    path: string,
    raw: Buffer,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const parts = path.split('/').filter(Boolean); // ['v1', 'files' | 'batches', id?, action?]
    const notFound = () =>
      this.json(res, 404, { error: { message: `No such object: ${parts[2]}`, type: 'invalid_request_error' } });
    const invalid = (message: string) =>
      this.json(res, 400, { error: { message, type: 'invalid_request_error', param: null, code: null } });
    if (parts[1] === 'files') {
      if (method === 'POST' && parts.length === 2) {
        const form = await new Response(raw, { headers: { 'content-type': req.headers['content-type'] ?? '' } })
          .formData()
          .catch(() => null);
        const file = form?.get('file');
        const purpose = form?.get('purpose');
        if (!form || !(file instanceof Blob)) return invalid("'file' is a required multipart field");
        if (purpose !== 'batch') return invalid("this server takes only purpose 'batch'");
        const name = file instanceof File ? file.name : 'upload.jsonl';
        return this.json(
          res,
          200,
          this.storeFile(await file.text(), 'batch', () => name),
        );
      }
      const stored = parts[2] ? this.files.get(parts[2]) : undefined;
      if (!stored) return notFound();
      if (method === 'GET' && parts[3] === 'content') {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(stored.content);
        return;
      }
      if (method === 'GET' && parts.length === 3) return this.json(res, 200, stored.object);
      return notFound();
    }
    // /v1/batches
    if (method === 'GET' && parts.length === 2) {
      const data = [...this.batches.values()].filter((b) => b.protocol === 'openai').map((b) => this.openAiBatch(b));
      return this.json(res, 200, { object: 'list', data, has_more: false });
    }
    if (method === 'POST' && parts.length === 2) {
      const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
      if (body.endpoint !== '/v1/chat/completions') return invalid('endpoint must be /v1/chat/completions here');
      if (body.completion_window !== '24h') return invalid("completion_window must be '24h'");
      const file = typeof body.input_file_id === 'string' ? this.files.get(body.input_file_id) : undefined;
      if (!file) return invalid(`No file with id ${String(body.input_file_id)}`);
      const plan = this.plans.shift() ?? this.defaultPlan;
      const batch = this.newBatch('openai', `batch_${++this.seq}`, [], plan, body.input_file_id as string);
      batch.state = 'validating';
      if (body.metadata && typeof body.metadata === 'object') batch.metadata = body.metadata as Record<string, string>;
      const errors = this.readInputFile(file.content, batch);
      if (plan.fail) errors.push({ code: 'invalid_request', line: null, message: plan.fail });
      if (errors.length) {
        batch.state = 'failed';
        this.failures.set(batch.id, errors);
      }
      return this.json(res, 200, this.openAiBatch(batch));
    }
    const batch = parts[2] ? this.batches.get(parts[2]) : undefined;
    if (!batch || batch.protocol !== 'openai') return notFound();
    if (method === 'GET' && parts.length === 3) {
      this.advance(batch);
      return this.json(res, 200, this.openAiBatch(batch));
    }
    if (method === 'POST' && parts[3] === 'cancel') {
      if (['completed', 'expired', 'failed', 'cancelled'].includes(batch.state))
        return this.json(res, 409, {
          error: { message: `Cannot cancel a batch with status ${batch.state}.`, type: 'invalid_request_error' },
        });
      batch.state = 'cancelling';
      return this.json(res, 200, this.openAiBatch(batch));
    }
    return notFound();
  }

  private readonly failures = new Map<string, BatchError[]>();

  /** Parses the uploaded JSONL into the batch's lines; what the reference calls validation errors, by line. */
  private readInputFile(content: string, batch: ServerBatch): BatchError[] {
    const errors: BatchError[] = [];
    const seen = new Set<string>();
    content
      .split('\n')
      .filter((l) => l.trim())
      .forEach((text, i) => {
        let line: {
          custom_id?: unknown;
          method?: unknown;
          url?: unknown;
          body?: ChatCompletionCreateParamsNonStreaming;
        };
        try {
          line = JSON.parse(text) as typeof line;
        } catch {
          errors.push({ code: 'invalid_json_line', line: i + 1, message: 'This line is not parseable as valid JSON.' });
          return;
        }
        if (typeof line.custom_id !== 'string' || seen.has(line.custom_id))
          errors.push({ code: 'duplicate_custom_id', line: i + 1, message: 'custom_id missing or not unique' });
        else if (line.method !== 'POST' || line.url !== '/v1/chat/completions' || !line.body?.model)
          errors.push({ code: 'invalid_request', line: i + 1, message: 'method, url or body.model is wrong' });
        else {
          seen.add(line.custom_id);
          batch.lines.push({ customId: line.custom_id, body: line.body as unknown as Record<string, unknown> });
        }
      });
    if (!batch.lines.length && !errors.length) errors.push({ code: 'empty_file', line: null, message: 'no requests' });
    return errors;
  }

  private openAiBatch(b: ServerBatch): Batch {
    const completed = [...b.outcomes.values()].filter((o) => typeof o === 'object' && !o.error).length;
    const failed = b.outcomes.size - completed;
    const failures = this.failures.get(b.id);
    return {
      id: b.id,
      object: 'batch',
      endpoint: '/v1/chat/completions',
      input_file_id: b.inputFileId,
      completion_window: '24h',
      created_at: b.created,
      expires_at: b.created + 24 * 3600,
      status: b.state,
      request_counts: { total: b.lines.length, completed, failed },
      ...(b.outputFileId ? { output_file_id: b.outputFileId } : {}),
      ...(b.errorFileId ? { error_file_id: b.errorFileId } : {}),
      ...(failures ? { errors: { object: 'list', data: failures } } : {}),
      ...(b.metadata ? { metadata: b.metadata } : {}),
    };
  }

  // ---- Anthropic Message Batches ----

  private anthropic(method: string, path: string, query: URLSearchParams, raw: Buffer, res: ServerResponse): void {
    const parts = path.split('/').filter(Boolean); // ['v1', 'messages', 'batches', id?, action?]
    if (method === 'GET' && parts.length === 3) {
      // Newest first, `limit` (default 20) a page, the next page `after_id` the last id of this one.
      const all = [...this.batches.values()].filter((b) => b.protocol === 'anthropic').reverse();
      const from = query.get('after_id') ? all.findIndex((b) => b.id === query.get('after_id')) + 1 : 0;
      const page = all.slice(from, from + Number(query.get('limit') ?? 20)).map((b) => this.messageBatch(b));
      const ends = { first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null };
      return this.json(res, 200, { data: page, has_more: from + page.length < all.length, ...ends });
    }
    if (method === 'POST' && parts.length === 3) {
      const body = JSON.parse(raw.toString('utf8') || '{}') as { requests?: unknown };
      const requests = Array.isArray(body.requests) ? (body.requests as Array<Record<string, unknown>>) : [];
      if (!requests.length)
        return this.anthropicError(res, 400, 'invalid_request_error', 'requests: at least one request is required');
      const seen = new Set<string>();
      for (const [i, r] of requests.entries()) {
        const id = r.custom_id;
        const params = r.params as Record<string, unknown> | undefined;
        if (typeof id !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(id) || seen.has(id))
          return this.anthropicError(res, 400, 'invalid_request_error', `requests.${i}.custom_id: invalid or repeated`);
        if (!params?.model || typeof params.max_tokens !== 'number' || !Array.isArray(params.messages))
          return this.anthropicError(res, 400, 'invalid_request_error', `requests.${i}.params: a Messages request`);
        seen.add(id);
      }
      const lines = requests.map((r) => ({
        customId: r.custom_id as string,
        body: r.params as Record<string, unknown>,
      }));
      const batch = this.newBatch('anthropic', `msgbatch_${++this.seq}`, lines, this.plans.shift() ?? this.defaultPlan);
      if (this.loseCreateAnswers > 0) {
        this.loseCreateAnswers -= 1;
        return void res.destroy();
      }
      return this.json(res, 200, this.messageBatch(batch));
    }
    const batch = this.batches.get(parts[3] ?? '');
    if (!batch || batch.protocol !== 'anthropic')
      return this.anthropicError(res, 404, 'not_found_error', `No message batch ${parts[3]}`);
    if (method === 'GET' && parts.length === 4) {
      this.advance(batch);
      return this.json(res, 200, this.messageBatch(batch));
    }
    if (method === 'POST' && parts[4] === 'cancel') {
      if (batch.state !== 'in_progress')
        return this.anthropicError(res, 409, 'invalid_request_error', 'The batch is no longer in progress.');
      batch.state = 'cancelling';
      return this.json(res, 200, this.messageBatch(batch));
    }
    if (method === 'GET' && parts[4] === 'results') {
      if (!['completed', 'expired', 'cancelled'].includes(batch.state))
        return this.anthropicError(res, 400, 'invalid_request_error', 'The batch has not ended yet.');
      const lines = batch.lines.map((l) => JSON.stringify(this.individual(batch, l)));
      res.writeHead(200, { 'Content-Type': 'application/binary' }).end(lines.join('\n') + '\n');
      return;
    }
    return this.anthropicError(res, 404, 'not_found_error', `${method} ${path} not found`);
  }

  private messageBatch(b: ServerBatch): MessageBatch {
    const outcomes = [...b.outcomes.values()];
    const ended = ['completed', 'expired', 'cancelled'].includes(b.state);
    const iso = (s: number) => new Date(s * 1000).toISOString();
    return {
      id: b.id,
      type: 'message_batch',
      processing_status: ended ? 'ended' : b.state === 'cancelling' ? 'canceling' : 'in_progress',
      request_counts: {
        processing: b.lines.length - b.outcomes.size,
        succeeded: outcomes.filter((o) => typeof o === 'object' && !o.error).length,
        errored: outcomes.filter((o) => typeof o === 'object' && o.error).length,
        expired: outcomes.filter((o) => o === 'expired').length,
        canceled: outcomes.filter((o) => o === 'canceled').length,
      },
      created_at: iso(b.created),
      expires_at: iso(b.created + 24 * 3600),
      ended_at: ended ? iso(now()) : null,
      cancel_initiated_at: b.state === 'cancelling' || b.state === 'cancelled' ? iso(now()) : null,
      archived_at: null,
      results_url: ended ? `${this.origin}/v1/messages/batches/${b.id}/results` : null,
    };
  }

  private individual(b: ServerBatch, line: Line): MessageBatchIndividualResponse {
    const outcome = b.outcomes.get(line.customId) ?? 'expired';
    if (outcome === 'expired' || outcome === 'canceled') return { custom_id: line.customId, result: { type: outcome } };
    if (outcome.error)
      return {
        custom_id: line.customId,
        result: {
          type: 'errored',
          error: { type: 'error', request_id: null, error: { type: 'api_error', message: outcome.error.message } },
        },
      };
    return { custom_id: line.customId, result: { type: 'succeeded', message: messageOf(line, outcome) } };
  }

  // ---- both ----

  private newBatch(protocol: Protocol, id: string, lines: Line[], plan: BatchPlan, inputFileId = ''): ServerBatch {
    const batch: ServerBatch = {
      protocol,
      id,
      lines,
      plan,
      polls: 0,
      created: now(),
      inputFileId,
      state: 'in_progress',
      outcomes: new Map(),
    };
    this.batches.set(id, batch);
    return batch;
  }

  /** One retrieve: the batch moves on by its plan (a cancel takes effect at the next retrieve). */
  private advance(b: ServerBatch): void {
    // The create answer said `validating`; by the first retrieve the input file has been read.
    if (b.state === 'validating') b.state = 'in_progress';
    if (b.state === 'cancelling') return this.settle(b, 'cancelled');
    if (b.state !== 'in_progress') return;
    b.polls += 1;
    if (b.polls < (b.plan.pollsBeforeEnd ?? 1)) return;
    this.settle(b, b.plan.expire ? 'expired' : 'completed');
  }

  private settle(b: ServerBatch, end: 'completed' | 'expired' | 'cancelled'): void {
    const done = end === 'completed' ? b.lines.length : (b.plan.done ?? Math.floor(b.lines.length / 2));
    b.lines.forEach((line, i) => {
      b.outcomes.set(
        line.customId,
        i < done ? this.answer(line.customId, line.body) : end === 'expired' ? 'expired' : 'canceled',
      );
    });
    b.state = end;
    if (b.protocol === 'openai') this.writeOpenAiFiles(b);
  }

  /** Answers go to the output file (a failed request with its status code); expired or canceled ones to the error file. */
  private writeOpenAiFiles(b: ServerBatch): void {
    const output: string[] = [];
    const errors: string[] = [];
    for (const line of b.lines) {
      const outcome = b.outcomes.get(line.customId)!;
      const id = `batch_req_${line.customId}`;
      if (typeof outcome === 'object') {
        const body = outcome.error
          ? { error: { message: outcome.error.message, type: 'server_error' } }
          : completionOf(line, outcome);
        output.push(
          JSON.stringify({
            id,
            custom_id: line.customId,
            response: { status_code: outcome.error?.status ?? 200, request_id: `req_${line.customId}`, body },
            error: null,
          }),
        );
      } else {
        const code = outcome === 'expired' ? 'batch_expired' : 'batch_cancelled';
        const message =
          outcome === 'expired'
            ? 'This request could not be executed before the completion window expired.'
            : 'This request was not executed because the batch was cancelled.';
        errors.push(JSON.stringify({ id, custom_id: line.customId, response: null, error: { code, message } }));
      }
    }
    const store = (lines: string[]) =>
      lines.length
        ? this.storeFile(lines.join('\n') + '\n', 'batch_output', (id) => `${b.id}_${id}.jsonl`).id
        : undefined;
    b.outputFileId = store(output);
    b.errorFileId = store(errors);
  }

  private storeFile(content: string, purpose: FileObject['purpose'], filename: (id: string) => string): FileObject {
    const id = `file-${++this.seq}`;
    const object: FileObject = {
      id,
      object: 'file',
      bytes: Buffer.byteLength(content),
      created_at: now(),
      filename: filename(id),
      purpose,
      status: 'processed',
    };
    this.files.set(id, { content, object });
    return object;
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  }

  private anthropicError(res: ServerResponse, status: number, type: string, message: string): void {
    this.json(res, status, { type: 'error', error: { type, message } });
  }
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}
