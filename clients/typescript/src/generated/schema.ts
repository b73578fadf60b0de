// Generated from the Assay API's OpenAPI document (/v1/openapi.json). Do not edit; run `npm run generate:clients`.
/* eslint-disable */
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health
         * @description Each dependency is `ok` or `down`; any `down` makes the status `degraded`. Always 200. An answer may be up to a few seconds old.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description The account's keys, newest first: the active ones, and those revoked or expired in the last 30 days. Tokens are never listed.
         */
        get: operations["getKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Answers the token once. Omitted or empty `scopes` grants every scope. An account holds at most 100 active keys; revoke one to make room. It lists at most 1000 (active, or revoked or expired in the last 30 days).
         */
        post: operations["postKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Takes effect at once on the API process that answers, and within 5 seconds on every other. Revoking a revoked key changes nothing.
         */
        delete: operations["deleteKeysKeyId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products
         * @description Requires scope `catalog:read`.
         */
        get: operations["getProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a product
         * @description Requires scope `catalog:read`.
         */
        get: operations["getProductsCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/prompt-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List prompt templates
         * @description Requires scope `catalog:read`.
         */
        get: operations["getPromptTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/prompt-templates/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate an evaluation prompt from a goal
         * @description Live keys with a configured model get a model-written prompt, charged the catalog's `credits_per_generation` (0.1) and counted in `GET /usage`; test keys (and deployments without a model) get a deterministic, category-specific prompt for free (a live charge is refunded when no model wrote the prompt or the generation fails). Both are ready to use as a workflow `user_prompt`.
         *
         *     Requires scope `catalog:read`.
         */
        post: operations["postPromptTemplatesGenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workflows
         * @description Newest first.
         *
         *     Requires scope `workflows:read`.
         */
        get: operations["getWorkflows"];
        put?: never;
        /**
         * Create a workflow
         * @description Every referenced id must exist in your account. Omitted `default_mode`, `default_model_policy` and `output_format` come from the product. With `output_schema_sample_id` and no `output_schema`, the schema is inferred from the sample's structure. `criteria` name where the output's verdicts stand (checked against the output schema, 400 naming `criteria[i]`); `confidence.samples` above 1 has each live run judged that many times (needs `criteria`; the model part of the price is multiplied by it).
         *
         *     Requires scope `workflows:write`.
         */
        post: operations["postWorkflows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{workflowId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a workflow
         * @description Requires scope `workflows:read`.
         */
        get: operations["getWorkflowsWorkflowId"];
        put?: never;
        post?: never;
        /**
         * Delete a workflow
         * @description Soft delete: 404 afterwards; existing runs keep their workflow_id.
         *
         *     Requires scope `workflows:write`.
         */
        delete: operations["deleteWorkflowsWorkflowId"];
        options?: never;
        head?: never;
        /**
         * Update a workflow
         * @description Status: active ↔ paused, any → archived (setting the current status changes nothing); archived is final: any change to an archived workflow, its status included, is 409 `workflow_archived`. New `criteria` and `confidence` apply to runs created afterwards; runs and batches keep what they were created with.
         *
         *     Requires scope `workflows:write`.
         */
        patch: operations["patchWorkflowsWorkflowId"];
        trace?: never;
    };
    "/workflows/{workflowId}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a run
         * @description Validates the workflow and inputs, quotes and debits credits (402 `insufficient_credits`), and starts the run. `async`: 202 with the queued run. `sync`: waits up to the sync timeout; 200 with the finished run, or 202 if it is still going (poll `result_url`). Send `Idempotency-Key` to make retries safe.
         *
         *     Requires scope `runs:write`.
         */
        post: operations["postWorkflowsWorkflowIdRuns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{workflowId}/runs/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Quote a run
         * @description Takes the JSON body of run creation and answers what that run would cost and whether the balance covers it, with the same refusals as creation (404, 400, 409); nothing is created or charged. Test keys are quoted as live, with `credits_due: 0`: test-mode runs are never charged. `balance` is present only for a key with `usage:read`.
         *
         *     Requires scope `runs:read`.
         */
        post: operations["postWorkflowsWorkflowIdRunsQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List runs
         * @description Newest first; filter by `workflow_id` and `status`.
         *
         *     Requires scope `runs:read`.
         */
        get: operations["getRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a run
         * @description Requires scope `runs:read`.
         */
        get: operations["getRunsRunId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{runId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a queued run
         * @description Only a queued run can be canceled (full refund); any other status is 409 `run_not_cancelable`.
         *
         *     Requires scope `runs:write`.
         */
        post: operations["postRunsRunIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/runs/{runId}/output": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a signed URL for the output file
         * @description A fresh URL each call. 409 `output_not_ready` until the run has succeeded.
         *
         *     Requires scope `runs:read`.
         */
        get: operations["getRunsRunIdOutput"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{workflowId}/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a batch
         * @description Up to 10,000 items, each a run of the workflow on its `input_documents`, run `max_concurrency` at a time with the workflow’s configuration as it is now. Any invalid item refuses the whole request (400 naming each `items[i]`); nothing is created. Quoted whole: 402 when the balance is short of the sum (nothing is reserved; each item is charged when admitted). Body up to 8 MB. Send `Idempotency-Key` to make retries safe.
         *
         *     Requires scope `runs:write`.
         */
        post: operations["postWorkflowsWorkflowIdBatches"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List batches
         * @description Newest first.
         *
         *     Requires scope `runs:read`.
         */
        get: operations["getBatches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{batchId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a batch
         * @description Requires scope `runs:read`.
         */
        get: operations["getBatchesBatchId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{batchId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a batch
         * @description No more items start: items not yet started end `canceled` (never charged, or refunded), running items finish, then the batch ends `canceled`. Answers the batch as it is now; canceling again is harmless.
         *
         *     Requires scope `runs:write`.
         */
        post: operations["postBatchesBatchIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batches/{batchId}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a signed URL for the results file
         * @description One row per item (external id, run id, status, error code, credits, the output’s top-level fields as columns), as CSV, XLSX or JSONL, at any time: unfinished items show their status. While the batch runs the file shows the items as they are now (rendered again once the batch’s counts change; calls meanwhile share one rendering); once it is final the same file is answered again for the URL lifetime (a fresh signed URL each call), then rendered anew.
         *
         *     Requires scope `runs:read`.
         */
        get: operations["getBatchesBatchIdResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{workflowId}/calibrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a calibration
         * @description Runs every item of the calibration set on the workflow, `repeats` times (1–5; items × repeats at most 10,000; items × criteria at most 200,000), as one batch, then reports per criterion how far the model agrees with the first rater, how far the raters agree with each other, and how far the repeats agree with themselves, with bootstrap intervals and a verdict. Needs `calibrations:write` and `runs:write` (its runs are charged like a batch’s). Test mode runs free on stub outputs. Send `Idempotency-Key` to make retries safe.
         *
         *     Requires scope `calibrations:write` and `runs:write`.
         */
        post: operations["postWorkflowsWorkflowIdCalibrations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calibrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List calibrations
         * @description Newest first.
         *
         *     Requires scope `calibrations:read`.
         */
        get: operations["getCalibrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calibrations/{calibrationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a calibration
         * @description Its per-criterion report once its batch is final, and signed URLs (1 hour) to its two files.
         *
         *     Requires scope `calibrations:read`.
         */
        get: operations["getCalibrationsCalibrationId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calibrations/{calibrationId}/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Compare two calibrations
         * @description Per criterion and metric, this calibration’s value minus the other’s on the items both scored, with a paired 95 % bootstrap interval (the same resampled items for both). Computed by a worker and kept: the request waits up to 20 s for it, then answers 202 with `Retry-After` while the work goes on; asking again answers the same comparison once it is done.
         *
         *     Requires scope `calibrations:read`.
         */
        get: operations["getCalibrationsCalibrationIdCompare"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calibrations/{calibrationId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a calibration
         * @description Its batch’s items not yet started end `canceled` (never charged, or refunded); running ones finish and stay charged. The calibration ends `canceled` at once, without a report.
         *
         *     Requires scope `calibrations:write`.
         */
        post: operations["postCalibrationsCalibrationIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an input-document upload
         * @description Answers a presigned `upload_url`. PUT the raw bytes there with exactly `upload_headers`, then call `complete` before the URL expires: an upload not completed by then is deleted within the next two hours. An account holds at most 500 uploads (documents and reference documents together) not yet completed.
         *
         *     Requires scope `documents:write`.
         */
        post: operations["postDocuments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{docId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish an upload and extract its text
         * @description Checks the upload arrived (422 `upload_missing` otherwise), extracts the text and answers the document. A file with no extractable text (a scanned PDF: no OCR in v1) answers `extracted: false` with the reason.
         *
         *     Requires scope `documents:write`.
         */
        post: operations["postDocumentsDocIdComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{docId}/text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the extracted text of a document
         * @description The text by page, sheet, slide or section, exactly as models read it. Run citations point into it: `sections[i].text.slice(start, end)` is the quote, for the section with the citation's `location.kind` and `location.index`. 409 `document_not_extracted` while there is no text.
         *
         *     Requires scope `documents:write`.
         */
        get: operations["getDocumentsDocIdText"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{docId}/pages/{page}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an image of a page of a document
         * @description A PNG of page `page` (from 1) of a PDF, a scanned PDF or an image (PNG, JPEG, a TIFF frame each), `width` pixels across (200–2000, default 1200), turned as it is shown, so that a citation's `input.boxes` times `width` and `height` land on the quoted words. Drawn once per page and width, then answered from the store; a first request waits up to 20 s for the drawing, then answers 503 `service_unavailable` with `Retry-After` while it finishes.
         *
         *     Requires scope `documents:read` or `documents:write`.
         */
        get: operations["getDocumentsDocIdPagesPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reference documents
         * @description Newest first.
         *
         *     Requires scope `reference_documents:read`.
         */
        get: operations["getReferenceDocuments"];
        put?: never;
        /**
         * Start a reference-document upload
         * @description PUT the raw bytes to `upload_url` with exactly `upload_headers`, then call `complete` before the URL expires: an upload not completed by then fails (`upload_expired`) and its bytes are deleted within the next two hours.
         *
         *     Requires scope `reference_documents:write`.
         */
        post: operations["postReferenceDocuments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference-documents/{refId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a reference document
         * @description Requires scope `reference_documents:read`.
         */
        get: operations["getReferenceDocumentsRefId"];
        put?: never;
        post?: never;
        /**
         * Delete a reference document
         * @description Removes the pointer and the images of its pages; the original file stays in the workspace.
         *
         *     Requires scope `reference_documents:write`.
         */
        delete: operations["deleteReferenceDocumentsRefId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference-documents/{refId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish an upload and start indexing
         * @description 422 `upload_missing` until a file was PUT to `upload_url`. Status moves to `ready` or `failed`.
         *
         *     Requires scope `reference_documents:write`.
         */
        post: operations["postReferenceDocumentsRefIdComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reference-documents/{refId}/pages/{page}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an image of a page of a reference document
         * @description A PNG of page `page` (from 1) of a PDF, a scanned PDF or an image (PNG, JPEG, a TIFF frame each), `width` pixels across (200–2000, default 1200), turned as it is shown, so that a citation's `input.boxes` times `width` and `height` land on the quoted words. Drawn once per page and width, then answered from the store; a first request waits up to 20 s for the drawing, then answers 503 `service_unavailable` with `Retry-After` while it finishes.
         *
         *     Requires scope `reference_documents:read`.
         */
        get: operations["getReferenceDocumentsRefIdPagesPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Newest first. Secrets are never listed.
         *
         *     Requires scope `webhooks:read`.
         */
        get: operations["getWebhookEndpoints"];
        put?: never;
        /**
         * Register a webhook endpoint
         * @description The URL must use https and resolve only to public addresses (private, loopback and link-local targets are refused unless the deployment allows them); redirects are never followed. Omitted `events` subscribes to the four kinds of the contract (`run.refunded` only when named). The answer carries the signing secret (`whsec_…`), shown only this once.
         *
         *     Requires scope `webhooks:write`.
         */
        post: operations["postWebhookEndpoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{whkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description Requires scope `webhooks:read`.
         */
        get: operations["getWebhookEndpointsWhkId"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description It receives nothing from now on, including retries of earlier deliveries.
         *
         *     Requires scope `webhooks:write`.
         */
        delete: operations["deleteWebhookEndpointsWhkId"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Change `url`, `events` or `status` (active ↔ disabled; a disabled endpoint receives nothing). The URL must use https and resolve only to public addresses (private, loopback and link-local targets are refused unless the deployment allows them); redirects are never followed.
         *
         *     Requires scope `webhooks:write`.
         */
        patch: operations["patchWebhookEndpointsWhkId"];
        trace?: never;
    };
    "/webhook-endpoints/{whkId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's signing secret
         * @description Answers a new secret (`whsec_…`), shown only this once; every delivery from now on is signed with it. The replaced secret keeps signing too, as a second `v1` in `X-Service-Signature`, until `previous_secret_expires_at` (24 h by default), so a receiver verifies with either while it switches. `previous_secret_expires_in_s: 0` stops the replaced secret, and any replaced earlier, at once: the answer to a leaked secret. At most the three most recently replaced secrets keep signing.
         *
         *     Requires scope `webhooks:write`.
         */
        post: operations["postWebhookEndpointsWhkIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{whkId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries
         * @description Newest first, each with every attempt (time, status code, latency, error, first 1 KB of the answer).
         *
         *     Requires scope `webhooks:read`.
         */
        get: operations["getWebhookEndpointsWhkIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-deliveries/{whdId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a delivery now
         * @description A new attempt right away, with the same event id (receivers deduplicate on it). A delivery still in its retry schedule skips its current wait; a finished one gets one more attempt. 409 `webhook_endpoint_disabled` when the endpoint is disabled.
         *
         *     Requires scope `webhooks:write`.
         */
        post: operations["postWebhookDeliveriesWhdIdRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Newest first, the last 30 days; filter by `type`. A key sees `run.*` and `batch.completed` events with `runs:read`, `reference_document.*` events with `reference_documents:read` and `calibration.completed` events with `calibrations:read` and `review.completed` events with `reviews:read` (filtering by a kind it cannot see is 403). To catch up after missed webhooks, page until the last event you processed and handle the rest oldest first; deduplicate on `id` as with deliveries.
         *
         *     Requires scope `runs:read` or `reference_documents:read` or `calibrations:read` or `reviews:read`.
         */
        get: operations["getEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an event
         * @description Events older than 30 days are gone (404); so is, for this key, an event of a kind it may not read (see the list).
         *
         *     Requires scope `runs:read` or `reference_documents:read` or `calibrations:read` or `reviews:read`.
         */
        get: operations["getEventsEventId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage report
         * @description Admitted live-mode runs created in the period (UTC days, `to` inclusive; default: the current month to today; at most 366 days) and the credits they were charged. Test-mode runs cost nothing and are not counted. `by_workflow` is always present and filled only with `group_by=workflow`.
         *
         *     Requires scope `usage:read`.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/usage/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credit balance
         * @description `pro_credits` = `bonus_pro` + `regular_pro`. Bonus credits are spent first.
         *
         *     Requires scope `usage:read`.
         */
        get: operations["getUsageBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calibration-sets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List calibration sets
         * @description Newest first.
         *
         *     Requires scope `calibrations:read`.
         */
        get: operations["getCalibrationSets"];
        put?: never;
        /**
         * Create a calibration set
         * @description Criteria point into a run's `output` with an RFC 6901 JSON Pointer. `ordinal`: integers `min`–`max` (`min` < `max`); `categorical`: `labels`; `boolean`; `numeric`: optional `min`/`max`. Keys are unique within the set. `workflow_id` instead of `criteria` copies that workflow's criteria (400 when it has none). Send `Idempotency-Key` to make retries safe.
         *
         *     Requires scope `calibrations:write`.
         */
        post: operations["postCalibrationSets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calibration-sets/{setId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a calibration set
         * @description Requires scope `calibrations:read`.
         */
        get: operations["getCalibrationSetsSetId"];
        put?: never;
        post?: never;
        /**
         * Delete a calibration set
         * @description The set and its items answer 404 afterwards.
         *
         *     Requires scope `calibrations:write`.
         */
        delete: operations["deleteCalibrationSetsSetId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calibration-sets/{setId}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a calibration set's items
         * @description Newest first.
         *
         *     Requires scope `calibrations:read`.
         */
        get: operations["getCalibrationSetsSetIdItems"];
        put?: never;
        /**
         * Add items to a calibration set
         * @description Up to 1,000 items a call, 10,000 a set; all or none. Each names uploaded, extracted input documents and labels some of the set's criteria: a value, or `[{rater, value}]` (the first rater is H1). A label outside its criterion's range or labels, or for a key the set lacks, is 400 naming `items.<i>.labels.<key>`. Send `Idempotency-Key` to make retries safe.
         *
         *     Requires scope `calibrations:write`.
         */
        post: operations["postCalibrationSetsSetIdItems"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reviews
         * @description Newest first, except `status=pending`: oldest first, the order `claim-next` takes them. Filter by `status`, and `workflow_id` or `batch_id`. A claim that expired lists as `pending`.
         *
         *     Requires scope `reviews:read`.
         */
        get: operations["getReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reviews/{reviewId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a review
         * @description Requires scope `reviews:read`.
         */
        get: operations["getReviewsReviewId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reviews/claim-next": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim the next review
         * @description The oldest pending review (of `workflow_id`), claimed by `reviewer` for 15 minutes; 204 when none is pending. Two callers never get the same review.
         *
         *     Requires scope `reviews:write`.
         */
        post: operations["postReviewsClaimNext"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reviews/{reviewId}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim a review
         * @description Claimed by `reviewer` for 15 minutes; the same reviewer renews the claim.
         *
         *     Requires scope `reviews:write`.
         */
        post: operations["postReviewsReviewIdClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reviews/{reviewId}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release a review
         * @description Gives a claimed review back to the queue. Releasing a review nobody holds changes nothing.
         *
         *     Requires scope `reviews:write`.
         */
        post: operations["postReviewsReviewIdRelease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reviews/{reviewId}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a review
         * @description Each value is checked like a calibration label (400 naming `values.<key>`). A blind review needs every criterion; an open one treats a missing key as the model's value standing. The run then carries `review` and `reviewed_output`, and `review.completed` is published; a blind review with a calibration set adds an item to it. The same values again answer 200. Send `Idempotency-Key` to make retries safe.
         *
         *     Requires scope `reviews:write`.
         */
        post: operations["postReviewsReviewIdSubmit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Every error answer has this shape. */
        Error: {
            error: {
                /** @example invalid_request */
                code: string;
                message: string;
                /** @example req_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
                request_id: string;
                details?: {
                    path: string;
                    message: string;
                }[];
            };
        };
        Health: {
            /** @enum {string} */
            status: "ok" | "degraded";
            /** @enum {string} */
            service: "assay-api";
            checks: {
                /** @enum {string} */
                mongodb: "ok" | "down";
                /** @enum {string} */
                temporal: "ok" | "down";
                /** @enum {string} */
                storage: "ok" | "down";
                /** @enum {string} */
                worker: "ok" | "down";
            };
        };
        ApiKeyList: {
            data: components["schemas"]["ApiKeySummary"][];
        };
        ApiKeySummary: {
            /** @example key_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            public_id: string;
            /** @enum {string} */
            object: "api_key";
            name: string;
            /** @enum {string} */
            key_prefix: "ak_live" | "ak_test";
            last4: string;
            /** @enum {string} */
            mode: "live" | "test";
            /** @description Every scope the key holds now. */
            scopes: ("runs:read" | "runs:write" | "workflows:read" | "workflows:write" | "documents:write" | "reference_documents:read" | "reference_documents:write" | "webhooks:read" | "webhooks:write" | "usage:read" | "catalog:read" | "calibrations:read" | "calibrations:write" | "documents:read" | "reviews:read" | "reviews:write")[];
            /** @description Created without `scopes`: holds every scope, ones added later included. */
            unrestricted: boolean;
            /** @enum {string} */
            status: "active" | "revoked";
            rate_limit_rpm: number | null;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
            /** Format: date-time */
            created_at: string;
        };
        SecretApiKey: {
            public_id: string;
            /** @enum {string} */
            object: "api_key";
            /** @description Shown once, here. Store it now. */
            token: string;
            name: string;
            /** @enum {string} */
            mode: "live" | "test";
            last4: string;
            /** @description Every scope the key holds now. */
            scopes: ("runs:read" | "runs:write" | "workflows:read" | "workflows:write" | "documents:write" | "reference_documents:read" | "reference_documents:write" | "webhooks:read" | "webhooks:write" | "usage:read" | "catalog:read" | "calibrations:read" | "calibrations:write" | "documents:read" | "reviews:read" | "reviews:write")[];
            /** @description Created without `scopes`: holds every scope, ones added later included. */
            unrestricted: boolean;
            rate_limit_rpm: number | null;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: date-time */
            created_at: string;
            warning: string;
        };
        CreateKeyRequest: {
            name: string;
            /**
             * @default live
             * @enum {string}
             */
            mode: "live" | "test";
            /** @description Omitted or empty: an unrestricted key, holding every scope, ones added later included. */
            scopes?: ("runs:read" | "runs:write" | "workflows:read" | "workflows:write" | "documents:write" | "reference_documents:read" | "reference_documents:write" | "webhooks:read" | "webhooks:write" | "usage:read" | "catalog:read" | "calibrations:read" | "calibrations:write" | "documents:read" | "reviews:read" | "reviews:write")[];
            /** @description At most the deployment's `MAX_KEY_RATE_LIMIT_RPM` (6000 unless configured); above it 400. Null or omitted: the default. */
            rate_limit_rpm?: number | null;
            /** Format: date-time */
            expires_at?: string | null;
        };
        ProductList: {
            data: components["schemas"]["Product"][];
        };
        Product: {
            /** @example essay_grading */
            code: string;
            /** @enum {string} */
            object: "product";
            name: string;
            description: string | null;
            /** @enum {string} */
            status: "active" | "beta" | "deprecated";
            /** @enum {string} */
            default_model_policy: "auto" | "provider-a-file-search" | "provider-b-1m-fulltext" | "hybrid";
            /** @enum {string} */
            default_mode: "sync" | "async";
            /** @enum {string} */
            recommended_output_format: "json" | "markdown" | "docx" | "xlsx" | "csv";
            /** @description A run costs credits_per_run + credits_per_page × input pages + credits_per_ocr_page × input pages read by OCR (`ocr_pages` of its documents) (+ reference tokens on full-text policies). */
            pricing: {
                credits_per_run: number;
                credits_per_page: number;
                credits_per_1k_reference_tokens: number;
                /** @example 0.05 */
                credits_per_ocr_page: number;
                /**
                 * @description What an item of an economy batch (`economy: true`) pays of its ordinary price.
                 * @example 0.5
                 */
                economy_discount: number;
            };
            /** Format: date-time */
            created_at: string;
        };
        PromptTemplateList: {
            data: components["schemas"]["PromptTemplate"][];
        };
        PromptTemplate: {
            id: string;
            /** @enum {string} */
            object: "prompt_template";
            slug: string;
            title: string;
            /** @enum {string} */
            category: "education" | "legal" | "grading" | "hr" | "general";
            description: string | null;
            user_prompt_seed: string;
            locale: string;
            /** @enum {string|null} */
            recommended_output_format: "json" | "markdown" | "docx" | "xlsx" | "csv" | null;
            version: number;
        };
        GeneratedPrompt: {
            user_prompt: string;
            /** @enum {string|null} */
            recommended_output_format: "json" | "markdown" | "docx" | "xlsx" | "csv" | null;
        };
        GeneratePromptRequest: {
            goal: string;
            /**
             * @default general
             * @enum {string}
             */
            category: "education" | "legal" | "grading" | "hr" | "general";
            /** @enum {string} */
            output_format?: "json" | "markdown" | "docx" | "xlsx" | "csv";
        };
        WorkflowList: {
            data: components["schemas"]["Workflow"][];
            next_cursor: string | null;
        };
        Workflow: {
            /** @example wf_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "workflow";
            product_code: string;
            name: string;
            /** @enum {string} */
            status: "active" | "paused" | "archived";
            prompt_template_id: string | null;
            user_prompt: string | null;
            reference_document_ids: string[];
            /** @enum {string} */
            output_format: "json" | "markdown" | "docx" | "xlsx" | "csv";
            output_schema: {
                [key: string]: unknown;
            } | null;
            output_schema_sample_id: string | null;
            /** @enum {string} */
            default_mode: "sync" | "async";
            /** @enum {string} */
            default_model_policy: "auto" | "provider-a-file-search" | "provider-b-1m-fulltext" | "hybrid";
            webhook_endpoint_id: string | null;
            /** @description Empty when none are declared. */
            criteria: components["schemas"]["CalibrationCriterion"][];
            /** @description `samples` is 1 unless set. */
            confidence: {
                samples: number;
            };
            review: components["schemas"]["WorkflowReviewPolicy"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CalibrationCriterion: {
            key: string;
            pointer: string;
            /** @enum {string} */
            kind: "ordinal" | "categorical" | "boolean" | "numeric";
            min: number | null;
            max: number | null;
            labels: string[] | null;
        };
        /** @description `mode` is `off` unless set. */
        WorkflowReviewPolicy: {
            /** @enum {string} */
            mode: "off" | "low_confidence" | "all";
            threshold: number;
            audit_rate: number;
            blind: boolean;
            calibration_set_id: string | null;
        };
        CreateWorkflowRequest: {
            product_code: string;
            name: string;
            prompt_template_id?: string | null;
            user_prompt?: string | null;
            reference_document_ids?: string[];
            /** @enum {string} */
            output_format?: "json" | "markdown" | "docx" | "xlsx" | "csv";
            output_schema_sample_id?: string | null;
            /** @description A JSON Schema (draft 2020-12), at most 64 KB as JSON. */
            output_schema?: {
                [key: string]: unknown;
            } | null;
            /** @enum {string} */
            default_mode?: "sync" | "async";
            /** @enum {string} */
            default_model_policy?: "auto" | "provider-a-file-search" | "provider-b-1m-fulltext" | "hybrid";
            webhook_endpoint_id?: string | null;
            /** @description Where the workflow's verdicts stand in its output, each as a calibration set's criterion; with an output schema, each pointer names a property it declares, of a type that fits the kind. At most 50. */
            criteria?: components["schemas"]["CalibrationCriterionInput"][];
            confidence?: components["schemas"]["WorkflowConfidence"];
            review?: components["schemas"]["WorkflowReviewPolicyInput"];
        };
        CalibrationCriterionInput: {
            key: string;
            /** @description An RFC 6901 JSON Pointer into a run's `output`, e.g. `/scores/clarity`. */
            pointer: string;
            /** @enum {string} */
            kind: "ordinal" | "categorical" | "boolean" | "numeric";
            min?: number;
            max?: number;
            labels?: string[];
        };
        WorkflowConfidence: {
            /** @description Model calls a live run makes over the same context (1–5; 1: no confidence). Above 1 needs `criteria`; the run's model price is multiplied by it. */
            samples: number;
        };
        WorkflowReviewPolicyInput: {
            /**
             * @description `all`: every run that succeeds; `low_confidence`: runs with a criterion whose confidence is below `threshold` (needs `confidence.samples` ≥ 2); `off`: none but audits.
             * @enum {string}
             */
            mode: "off" | "low_confidence" | "all";
            /** @description (0, 1], default 0.8. */
            threshold?: number;
            /** @description Share of runs drawn for a blind audit (seeded by the run id), default 0. */
            audit_rate?: number;
            /** @description Reviewers do not see the model's values. Default false. */
            blind?: boolean;
            /** @description A calibration set with the workflow's criteria: each completed blind review is appended to it as an item. */
            calibration_set_id?: string | null;
        };
        UpdateWorkflowRequest: {
            name?: string;
            /** @enum {string} */
            status?: "active" | "paused" | "archived";
            user_prompt?: string | null;
            /** @description Replaces the criteria; runs created before keep theirs. */
            criteria?: components["schemas"]["CalibrationCriterionInput"][];
            confidence?: components["schemas"]["WorkflowConfidence"];
            review?: components["schemas"]["WorkflowReviewPolicyInput"];
        };
        /** @description The answer to every DELETE. */
        Deleted: {
            id: string;
            object: string;
            /** @enum {boolean} */
            deleted: true;
        };
        Run: {
            /** @example run_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "run";
            workflow_id: string;
            /** @description The batch this run is an item of; null for a run of its own. */
            batch_id: string | null;
            /** @description The batch item’s `external_id`; null otherwise. */
            external_id: string | null;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled" | "refunded";
            /** @enum {string} */
            mode: "async" | "sync";
            livemode: boolean;
            /** @description What the run was quoted at creation: the most it is charged. A run created while an input document is still being read waits in `queued`, quoted as if every page not yet known to have a text layer were read by OCR; it is charged what its input turns out to cost, never more (`charged_credits`). */
            quoted_credits: number;
            charged_credits: number | null;
            input_documents: string[];
            metadata: {
                [key: string]: unknown;
            };
            /** Format: uri */
            result_url: string;
            /** @enum {string|null} */
            output_format: "json" | "markdown" | "docx" | "xlsx" | "csv" | null;
            output?: {
                [key: string]: unknown;
            };
            /** @description The output file, signed afresh on every answer (webhook payloads: at each delivery attempt). Null until the run has succeeded, and after a refund. */
            output_file: {
                /**
                 * Format: uri
                 * @description A signed download URL, valid until `expires_at` (OUTPUT_URL_TTL_S after this answer).
                 */
                url: string;
                /** Format: date-time */
                expires_at: string;
                /** @example application/json */
                mime_type: string;
            } | null;
            usage: components["schemas"]["RunUsage"];
            /** @description The evidence for each judged criterion, verified against the documents after the model answered. Null until the run has succeeded. */
            citations: components["schemas"]["RunCitation"][] | null;
            /** @description What the model was sent. Null until the run has succeeded; omitted from webhook event payloads (GET the run). */
            manifest?: {
                /** @description The model that answered; `stub` in test mode. */
                model: string;
                /** @enum {string} */
                provider: "openai" | "anthropic" | "stub";
                /**
                 * @description The model policy the workflow requested.
                 * @enum {string}
                 */
                policy: "auto" | "provider-a-file-search" | "provider-b-1m-fulltext" | "hybrid";
                /**
                 * @description What the policy did: the strategy a test-mode run would have used live.
                 * @enum {string}
                 */
                strategy: "file_search" | "fulltext" | "hybrid";
                prompt_template: {
                    id: string;
                    version: number;
                } | null;
                reference_index_versions: {
                    reference_document_id: string;
                    index_version: number;
                }[];
                /** @description The reference chunks sent, in prompt order. */
                chunk_ids: string[];
                /** @description The most input-document tokens a model call is sent (FULLTEXT_TOKEN_BUDGET). */
                token_budget: number;
                inputs: {
                    document_id: string;
                    /** @description Pages, sheets, slides or sections of the extracted text. */
                    pages_total: number;
                    /** @description Those sent whole; pages are only ever dropped from the end. */
                    pages_sent: number;
                    tokens_total: number;
                    tokens_sent: number;
                    /** @description How the document’s scanned pages were read: the OCR engine and its mean word confidence; null when no page was read by OCR (absent on runs made before OCR). */
                    ocr?: {
                        /** @example tesseract.js 7.0.0 (eng) */
                        engine: string;
                        /** @description Mean word confidence, 0–100, over every page read. */
                        mean_confidence: number;
                        /** @description Pages of the document read by OCR. */
                        pages: number;
                    } | null;
                }[];
                /** @description o200k token counts of the first prompt sent; the provider's own count is `usage.input_tokens`. */
                tokens: {
                    /** @description System message, evaluation instructions, output contract and delimiters. */
                    instructions: number;
                    references: number;
                    inputs: number;
                    total: number;
                };
                /** @description Each model call of a run judged several times (the workflow's `confidence.samples`), with the provider's token counts, repairs included; absent for one call. */
                samples?: {
                    /** @description The sample, from 0. */
                    index: number;
                    input_tokens: number | null;
                    output_tokens: number | null;
                    /** @description Whether its answer met the output contract (after one repair). */
                    valid: boolean;
                }[];
                /** @description Below 1 when the context was cut to fit: long documents are never truncated silently. */
                coverage: {
                    /** @description Share of the input pages (sheets, slides, sections) the model received whole; null without inputs. */
                    input_pages: number | null;
                    /** @description Share of the input tokens the model received. */
                    input_tokens: number | null;
                    /** @description Share of the reference documents' indexed tokens the model received; null without references. */
                    reference_tokens: number | null;
                };
                /** @description An economy batch's item: the provider batch its requests went out in. Shown while the run waits `queued` for it. */
                provider_batch?: {
                    id: string;
                    /** @enum {string} */
                    provider: "openai" | "anthropic";
                };
            } | null;
            /** @description Per criterion key, how sure the workflow's repeated judgments were (`confidence.samples` ≥ 2). Null until the run has succeeded, and for one judgment. */
            confidence?: {
                [key: string]: components["schemas"]["RunCriterionConfidence"];
            } | null;
            /** @description The lowest of the criteria's confidences; null when `confidence` is. */
            confidence_min?: number | null;
            review?: components["schemas"]["RunReview"];
            /** @description The output with the review's values at the criteria's pointers, once the review is completed. */
            reviewed_output?: {
                [key: string]: unknown;
            };
            error: {
                /**
                 * @description Why the run failed (every failed run is fully refunded), or why a batch item was canceled before it started (`workflow_not_active`, `batch_canceled`, `execution_ended`; never charged).
                 * @enum {string}
                 */
                code: "model_unavailable" | "model_error" | "context_too_large" | "model_refused" | "output_invalid" | "document_not_extracted" | "workflow_missing" | "timeout" | "execution_ended" | "creation_failed" | "insufficient_credits" | "workflow_not_active" | "batch_canceled" | "internal_error";
                message: string;
            } | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
        };
        RunUsage: {
            input_tokens: number | null;
            output_tokens: number | null;
            model: string | null;
            rag_strategy: string | null;
            /** @description Quotes the model offered as evidence that do not occur in the text it was given; they were dropped, never shown as citations. Null until the run has produced output. */
            unverified_citations: number | null;
        };
        RunCitation: {
            /** @description The criterion or output field the model judged. */
            criterion: string;
            /**
             * @description `insufficient_evidence`: the documents do not support a judgement on this criterion (no quote).
             * @enum {string}
             */
            status: "supported" | "insufficient_evidence";
            /** @description Exactly the extracted text at `input.start`..`input.end`: verified against the source, never paraphrased. */
            quote: string | null;
            /** @description Where the quote is. `start`/`end` are UTF-16 offsets (JavaScript string indexes) into the text of that section as `GET /documents/{id}/text` returns it: `sections[i].text.slice(start, end) === quote` for the section with the same `kind` and `index`. */
            input: {
                document_id: string;
                location: components["schemas"]["SectionLocation"];
                start: number;
                end: number;
                /** @description Where the quote is on the page, for text with positions (PDF pages): one box per line of the quote, together covering it. Empty for formats without positions; absent on citations made before positions existed. */
                boxes?: components["schemas"]["CitationBox"][];
            } | null;
            /** @description The reference clause the criterion was judged against; null when none was named or it was not in the context. */
            reference: {
                reference_document_id: string;
                /** @description The reference passage as the model was shown it (`manifest.chunk_ids`). */
                chunk_id: string;
                location: components["schemas"]["SectionLocation"];
            } | null;
        };
        /** @description One unit of a document's extracted text: a PDF page, a sheet, a slide, or a heading's section. */
        SectionLocation: {
            /** @enum {string} */
            kind: "page" | "sheet" | "slide" | "section";
            /** @description 1-based page or slide number; sheet or section order. */
            index: number;
            /** @example Page 3 */
            label: string;
        };
        /** @description A rectangle on a page, in fractions of the page, origin top left. */
        CitationBox: {
            /** @description 1-based page number. */
            page: number;
            /** @description Left edge, as a fraction of the page width from its left. */
            x: number;
            /** @description Top edge, as a fraction of the page height from its top. */
            y: number;
            /** @description Width, as a fraction of the page width. */
            w: number;
            /** @description Height, as a fraction of the page height. */
            h: number;
        };
        RunCriterionConfidence: {
            /** @description The share of the valid answers equal to the consensus. */
            value: number;
            consensus: number | string | boolean | null;
            /** @description Each valid answer's value at the criterion's pointer, in sample order. */
            samples: (number | string | boolean | null)[];
        };
        /** @description Present when the run was sent to review (its workflow's `review` policy): `pending` already in `run.succeeded`; completed, with the reviewer and values. */
        RunReview: {
            id: string;
            /** @enum {string} */
            status: "pending" | "claimed" | "completed" | "canceled";
            reviewer?: string | null;
            values?: {
                [key: string]: number | string | boolean;
            } | null;
            /** Format: date-time */
            completed_at?: string | null;
        };
        CreateRunRequest: {
            /**
             * @description Omitted: the workflow's default_mode.
             * @enum {string}
             */
            mode?: "async" | "sync";
            metadata?: {
                [key: string]: unknown;
            };
            input_documents?: string[];
        };
        RunQuote: {
            /** @enum {string} */
            object: "run_quote";
            workflow_id: string;
            livemode: boolean;
            /** @description The `quoted_credits` a run created with this body gets (test keys are quoted as live). */
            quoted_credits: number;
            /** @description What creating that run would debit: `quoted_credits` with a live key (for an input still being read, at most that, once it is read), 0 with a test key. */
            credits_due: number;
            /** @description Whether the balance covers `credits_due`; when false, creating the run answers 402 `insufficient_credits`. */
            sufficient_credits: boolean;
            /** @description The quote of the same run as an item of an economy batch (`economy: true`): the product’s `economy_discount` of `quoted_credits`, rounded down. */
            economy_credits: number;
            balance?: components["schemas"]["Balance"];
        };
        Balance: {
            pro_credits: number;
            bonus_pro: number;
            regular_pro: number;
            basic_credits_excluded: boolean;
        };
        RunList: {
            data: components["schemas"]["Run"][];
            next_cursor: string | null;
        };
        RunOutputFile: {
            /**
             * Format: uri
             * @description A signed download URL, valid until `expires_at` (OUTPUT_URL_TTL_S after this answer).
             */
            url: string;
            /** Format: date-time */
            expires_at: string;
            /** @example application/json */
            mime_type: string;
        };
        Batch: {
            /** @example bat_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "batch";
            workflow_id: string;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "completed_with_failures" | "canceled";
            livemode: boolean;
            max_concurrency: number;
            counts: components["schemas"]["BatchCounts"];
            /** @description The sum of every item’s quote at creation (nothing reserved). */
            quoted_credits: number;
            /** @description Credits the batch holds now: items charged at admission and not refunded (failed or canceled). */
            charged_credits: number;
            metadata: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            /** @description Created with `economy: true`. Absent in `batch.completed` events recorded before it. */
            economy?: boolean;
            /** @description Its items' reviews (the API reference's section on reviews): open and completed; on `GET /batches/{id}` of a batch whose workflow reviews runs. */
            reviews?: {
                pending: number;
                completed: number;
            };
            /** @description The provider batches an economy batch’s items went out in (empty otherwise). Absent in `batch.completed` events recorded before it. */
            provider_batches?: components["schemas"]["ProviderBatch"][];
        };
        /** @description Always sums to `total`. */
        BatchCounts: {
            total: number;
            /** @description Items not yet started, admitted or not. */
            queued: number;
            running: number;
            succeeded: number;
            failed: number;
            canceled: number;
            refunded: number;
        };
        ProviderBatch: {
            /**
             * @description The provider's batch id.
             * @example msgbatch_013Zva2CMHLNnXjNJJKqJ2EF
             */
            id: string;
            /** @enum {string} */
            provider: "openai" | "anthropic";
            /** @enum {string} */
            status: "in_progress" | "canceling" | "completed" | "expired" | "canceled" | "failed";
            /** @description Model requests in it (an item with k samples counts k). */
            requests: number;
        };
        CreateBatchRequest: {
            items: components["schemas"]["BatchItem"][];
            metadata?: {
                [key: string]: unknown;
            };
            /** @description Items running at once (1–50, default 10). */
            max_concurrency?: number;
            /** @description Answers within 24 hours through the providers’ batch APIs, each item quoted and charged the product’s `economy_discount` of its ordinary price. 409 `economy_unavailable` where the model server has no batch API. */
            economy?: boolean;
        };
        BatchItem: {
            input_documents: string[];
            metadata?: {
                [key: string]: unknown;
            };
            /** @description Your own id for the item, carried by its run and its row of the results file. */
            external_id?: string;
        };
        BatchList: {
            data: components["schemas"]["Batch"][];
            next_cursor: string | null;
        };
        BatchResultsFile: {
            /**
             * Format: uri
             * @description A signed download URL, valid until `expires_at`.
             */
            url: string;
            /** Format: date-time */
            expires_at: string;
            /** @example text/csv */
            mime_type: string;
        };
        Calibration: {
            /** @example cal_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "calibration";
            workflow_id: string;
            calibration_set_id: string;
            batch_id: string;
            /** @enum {string} */
            status: "running" | "succeeded" | "canceled" | "failed";
            repeats: number;
            livemode: boolean;
            /** @description The set’s items the calibration runs. */
            items: number;
            thresholds: {
                min_agreement: number;
                max_degradation: number;
                max_abs_smd: number;
            };
            /** @description The bootstrap’s seed: the same seed, the same intervals. */
            seed: number;
            /** @description Null until the batch is final. */
            criteria: components["schemas"]["CalibrationCriterionReport"][] | null;
            report_file: components["schemas"]["CalibrationFile"];
            items_file: components["schemas"]["CalibrationFile"];
            error: components["schemas"]["CalibrationError"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            finished_at: string | null;
        };
        CalibrationCriterionReport: {
            key: string;
            /** @enum {string} */
            kind: "ordinal" | "categorical" | "boolean" | "numeric";
            labelled: number;
            scored: number;
            unscorable: number;
            metrics: {
                [key: string]: components["schemas"]["CalibrationMetric"];
            };
            human_baseline: {
                items: number;
                metrics: {
                    [key: string]: components["schemas"]["CalibrationMetric"];
                };
            };
            self_agreement: {
                items: number;
                metrics: {
                    [key: string]: components["schemas"]["CalibrationMetric"];
                };
            } | null;
            confusion_matrix: {
                labels: (number | string | boolean)[];
                counts: number[][];
            } | null;
            per_label: {
                label: number | string | boolean;
                precision: {
                    value: number | null;
                    reason: string | null;
                };
                recall: {
                    value: number | null;
                    reason: string | null;
                };
                support: number;
            }[] | null;
            distributions: {
                human: (number | string | boolean)[];
                model: (number | string | boolean)[];
            };
            verdict: {
                /** @enum {string} */
                status: "pass" | "fail" | "insufficient_data";
                checks: {
                    /** @enum {string} */
                    check: "agreement" | "degradation" | "smd";
                    value: number | null;
                    threshold: number;
                    passed: boolean | null;
                    reason: string | null;
                }[];
            };
            worst_items: {
                item_id: string;
                external_id: string | null;
                human: number | string | boolean;
                model: number | string | boolean;
                difference: number;
                run_ids: string[];
            }[];
            /** @description Selective agreement per confidence threshold 0.5, 0.6, 0.7, 0.8, 0.9, 1.0; null when the runs carry no confidence (the workflow’s `confidence.samples` is 1: `confidence_auroc.reason` says so). */
            selective?: components["schemas"]["CalibrationSelectiveRow"][] | null;
            /** @description How well confidence separates exact agreement with the first rater from disagreement (AUROC); null with the reason when undefined. */
            confidence_auroc?: {
                value: number | null;
                reason: string | null;
            };
            /** @description The lowest threshold whose metric meets `min_agreement`, with its coverage; null when none does. */
            recommended_threshold?: {
                threshold: number;
                coverage: number;
            } | null;
        };
        CalibrationMetric: {
            value: number | null;
            reason: string | null;
            interval: components["schemas"]["CalibrationInterval"];
        };
        /** @description 95 % percentile bootstrap interval over items. */
        CalibrationInterval: {
            low: number | null;
            high: number | null;
            used: number;
            skipped: number;
            reason: string | null;
        };
        CalibrationSelectiveRow: {
            /** @description The model confidence an item needs to be kept (0.5–1.0). */
            threshold: number;
            /** @description Share of the scored items with a confidence kept. */
            coverage: number;
            n: number;
            /** @description The verdict metric over the kept items. */
            value: number | null;
            ci_low: number | null;
            ci_high: number | null;
            /** @description Why `value` or its interval is null. */
            reason: string | null;
        };
        /** @description A signed download URL (1 hour), null until the calibration is done. */
        CalibrationFile: {
            /** Format: uri */
            url: string;
            /** Format: date-time */
            expires_at: string;
            mime_type: string;
        } | null;
        /** @description Why the calibration failed; null unless `status` is `failed`. */
        CalibrationError: {
            /**
             * @description `creation_failed`: the request that created it ended before its batch existed (nothing ran, nothing was charged); `execution_ended`: its job ended before writing the report (its batch and runs are unaffected); `report_failed`: the report could not be produced within its attempts (its batch and runs, and their charges, are as they stand).
             * @enum {string}
             */
            code: "creation_failed" | "execution_ended" | "report_failed";
            message: string;
        } | null;
        CreateCalibrationRequest: {
            calibration_set_id: string;
            /** @description Runs per item (1–5, default 1); items × repeats at most 10,000. */
            repeats?: number;
            thresholds?: components["schemas"]["CalibrationThresholds"];
        };
        CalibrationThresholds: {
            /** @description Minimum κ (Lin’s for numeric); 0.70. */
            min_agreement?: number;
            /** @description Largest shortfall below the human–human agreement; 0.10. */
            max_degradation?: number;
            /** @description Largest abs(SMD); 0.15. */
            max_abs_smd?: number;
        };
        CalibrationList: {
            data: components["schemas"]["Calibration"][];
            next_cursor: string | null;
        };
        /** @description Per criterion and metric, this calibration minus the other, with paired bootstrap intervals. */
        CalibrationComparison: {
            /** @enum {string} */
            object: "calibration_comparison";
            calibration_id: string;
            with: string;
            calibration_set_id: string;
            seed: number;
            criteria: {
                key: string;
                /** @description Items both calibrations scored: the pairs compared. */
                items: number;
                metrics: {
                    [key: string]: {
                        first: number | null;
                        second: number | null;
                        difference: number | null;
                        reason: string | null;
                        interval: components["schemas"]["CalibrationInterval"];
                    };
                };
            }[];
        };
        /** @description The comparison is being computed; ask again after `Retry-After` seconds for the same answer. */
        CalibrationComparisonPending: {
            /** @enum {string} */
            object: "calibration_comparison_pending";
            calibration_id: string;
            with: string;
        };
        DocumentUpload: {
            /** @example doc_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "document_upload";
            /**
             * Format: uri
             * @description PUT the raw bytes here, with the Content-Type you declared.
             */
            upload_url: string;
            /** @description Headers the PUT must carry exactly. */
            upload_headers: {
                [key: string]: string;
            };
            /** Format: date-time */
            expires_at: string;
        };
        CreateDocumentRequest: {
            filename: string;
            mime_type?: string;
            size_bytes?: number;
        };
        Document: {
            id: string;
            /** @enum {string} */
            object: "document";
            filename: string;
            mime_type: string | null;
            size_bytes: number | null;
            page_count: number | null;
            /**
             * @description Pages whose text was read by OCR: image pages (PNG, JPEG, a TIFF frame each) and PDF pages without a usable text layer. 0 when none were; null until the document is extracted.
             * @example 0
             */
            ocr_pages: number | null;
            extracted: boolean;
            /** @description Why no text could be extracted, when `extracted` is false. */
            extraction_error: {
                code: string;
                message: string;
            } | null;
            /**
             * @description The form of the extracted text: 2 is structured Markdown (headings `#`, lists, pipe tables one row per line, speaker notes under `## Notes`); 1 is the flattened text of documents extracted before it, kept as it was (documents are never re-extracted on their own). Null until the document is extracted.
             * @example 2
             */
            text_version: number | null;
            /** Format: date-time */
            created_at: string;
        };
        /** @description The text Assay extracted, by page, sheet, slide or section: what models read and what run citations point into (`citations[].input.start`/`end` are offsets into `sections[].text`). */
        DocumentText: {
            /** @enum {string} */
            object: "document_text";
            document_id: string;
            page_count: number | null;
            /**
             * @description The form of the extracted text: 2 is structured Markdown (headings `#`, lists, pipe tables one row per line, speaker notes under `## Notes`); 1 is the flattened text of documents extracted before it, kept as it was (documents are never re-extracted on their own).
             * @example 2
             */
            text_version: number;
            sections: {
                /** @enum {string} */
                kind: "page" | "sheet" | "slide" | "section";
                /** @description 1-based page or slide number; sheet or section order. */
                index: number;
                /** @example Page 3 */
                label: string;
                text: string;
            }[];
        };
        /** @description A page of a PDF (text layer or scan) or an image (a TIFF frame each), drawn as it is shown: turned as OCR read it, so a citation's `input.boxes` (fractions of the page from its top left) multiplied by `width` and `height` are the pixels of the quoted words. */
        PageImage: {
            /** @enum {string} */
            object: "page_image";
            /** @description 1-based, as `boxes[].page` of a citation. */
            page: number;
            /**
             * Format: uri
             * @description A signed download of the PNG, valid until `expires_at`.
             */
            url: string;
            /** Format: date-time */
            expires_at: string;
            /** @enum {string} */
            mime_type: "image/png";
            /**
             * @description Pixels across: the `width` asked for.
             * @example 1200
             */
            width: number;
            /**
             * @description Pixels down.
             * @example 1697
             */
            height: number;
        };
        ReferenceDocumentList: {
            data: components["schemas"]["ReferenceDocument"][];
            next_cursor: string | null;
        };
        ReferenceDocument: {
            /** @example ref_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "reference_document";
            name: string;
            filename: string;
            /** @enum {string} */
            status: "processing" | "ready" | "failed";
            failure_reason: string | null;
            mime_type: string | null;
            size_bytes: number | null;
            page_count: number | null;
            chunk_count: number | null;
            /** Format: date-time */
            created_at: string;
        };
        ReferenceDocumentUpload: {
            id: string;
            /** @enum {string} */
            object: "reference_document";
            name: string;
            /** @enum {string} */
            status: "processing" | "ready" | "failed";
            /** Format: uri */
            upload_url: string;
            upload_headers: {
                [key: string]: string;
            };
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            created_at: string;
        };
        CreateReferenceDocumentRequest: {
            name: string;
            filename: string;
            mime_type?: string;
            size_bytes?: number;
        };
        WebhookEndpointList: {
            data: components["schemas"]["WebhookEndpoint"][];
        };
        WebhookEndpoint: {
            /** @example whk_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "webhook_endpoint";
            /** Format: uri */
            url: string;
            /** @description The kinds delivered, or `["*"]`: every kind. */
            events: (("run.succeeded" | "run.failed" | "run.canceled" | "run.refunded" | "reference_document.ready" | "batch.completed" | "calibration.completed" | "review.completed") | "*")[];
            /** @enum {string} */
            status: "active" | "disabled";
            /** Format: date-time */
            created_at: string;
        };
        CreatedWebhookEndpoint: {
            /** @example whk_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "webhook_endpoint";
            /** Format: uri */
            url: string;
            /** @description The kinds delivered, or `["*"]`: every kind. */
            events: (("run.succeeded" | "run.failed" | "run.canceled" | "run.refunded" | "reference_document.ready" | "batch.completed" | "calibration.completed" | "review.completed") | "*")[];
            /** @enum {string} */
            status: "active" | "disabled";
            /** Format: date-time */
            created_at: string;
            /**
             * @description Signing secret, shown only in this answer.
             * @example whsec_…
             */
            secret: string;
            warning: string;
        };
        CreateWebhookEndpointRequest: {
            /**
             * Format: uri
             * @description https URL (http only where the deployment allows it)
             * @example https://example.com/hooks/assay
             */
            url: string;
            /** @description Omitted: the four kinds of version 1 (`run.succeeded`, `run.failed`, `run.canceled`, `reference_document.ready`), for good. Any other kind is delivered only when named, or with `*`: every kind, present and future (`*` needs an unrestricted key). `*` with other kinds is `*`. */
            events?: (("run.succeeded" | "run.failed" | "run.canceled" | "run.refunded" | "reference_document.ready" | "batch.completed" | "calibration.completed" | "review.completed") | "*")[];
        };
        UpdateWebhookEndpointRequest: {
            /**
             * Format: uri
             * @description https URL (http only where the deployment allows it)
             * @example https://example.com/hooks/assay
             */
            url?: string;
            /** @description Omitted: the four kinds of version 1 (`run.succeeded`, `run.failed`, `run.canceled`, `reference_document.ready`), for good. Any other kind is delivered only when named, or with `*`: every kind, present and future (`*` needs an unrestricted key). `*` with other kinds is `*`. */
            events?: (("run.succeeded" | "run.failed" | "run.canceled" | "run.refunded" | "reference_document.ready" | "batch.completed" | "calibration.completed" | "review.completed") | "*")[];
            /** @enum {string} */
            status?: "active" | "disabled";
        };
        RotatedWebhookEndpoint: {
            /** @example whk_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "webhook_endpoint";
            /** Format: uri */
            url: string;
            /** @description The kinds delivered, or `["*"]`: every kind. */
            events: (("run.succeeded" | "run.failed" | "run.canceled" | "run.refunded" | "reference_document.ready" | "batch.completed" | "calibration.completed" | "review.completed") | "*")[];
            /** @enum {string} */
            status: "active" | "disabled";
            /** Format: date-time */
            created_at: string;
            /**
             * @description The new signing secret, shown only in this answer.
             * @example whsec_…
             */
            secret: string;
            /**
             * Format: date-time
             * @description Until then deliveries also carry a signature under the replaced secret; null when it stopped at once, or when no configured key could open it (it could sign nothing).
             */
            previous_secret_expires_at: string | null;
            warning: string;
        };
        RotateWebhookSecretRequest: {
            /**
             * @description How long the replaced secret keeps signing deliveries, in seconds (at most 24 h). 0 stops it, and every earlier replaced secret, at once.
             * @default 86400
             */
            previous_secret_expires_in_s: number;
        };
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
            next_cursor: string | null;
        };
        WebhookDelivery: {
            /** @example whd_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "webhook_delivery";
            endpoint_id: string;
            event_id: string;
            event_type: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempts: components["schemas"]["WebhookAttempt"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            finished_at: string | null;
        };
        WebhookAttempt: {
            /** Format: date-time */
            attempted_at: string;
            status_code: number | null;
            latency_ms: number;
            /** @description Why the attempt failed without (or besides) a status code. */
            error: string | null;
            /** @description The first 1 KB of the answer. */
            response_body: string | null;
        };
        EventList: {
            data: components["schemas"]["Event"][];
            next_cursor: string | null;
        };
        /** @description The webhook payload of the event, plus `object`. Kept 30 days. */
        Event: {
            /** @example evt_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "event";
            type: components["schemas"]["EventType"];
            /** Format: date-time */
            created_at: string;
            /** @description `run.*`: the run as it was when the event happened; `reference_document.ready`: the reference document; `batch.completed`: the batch in its final status; `calibration.completed`: the calibration, finished, its file URLs null (GET signs fresh ones); `review.completed`: the review, completed. */
            data: {
                run: components["schemas"]["Run"];
            } | {
                reference_document: components["schemas"]["ReferenceDocument"];
            } | {
                batch: components["schemas"]["Batch"];
            } | {
                calibration: components["schemas"]["Calibration"];
            } | {
                review: components["schemas"]["Review"];
            };
        };
        /** @enum {string} */
        EventType: "run.succeeded" | "run.failed" | "run.canceled" | "run.refunded" | "reference_document.ready" | "batch.completed" | "calibration.completed" | "review.completed";
        Review: {
            /** @example rev_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "review";
            livemode: boolean;
            run_id: string;
            workflow_id: string;
            batch_id: string | null;
            input_documents: string[];
            /**
             * @description A claim that expired reads `pending`.
             * @enum {string}
             */
            status: "pending" | "claimed" | "completed" | "canceled";
            reasons: components["schemas"]["ReviewReason"][];
            blind: boolean;
            criteria: components["schemas"]["ReviewCriterion"][];
            claimed_by: string | null;
            /** Format: date-time */
            claim_expires_at: string | null;
            reviewer: string | null;
            values: {
                [key: string]: number | string | boolean;
            } | null;
            note: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
        };
        ReviewReason: {
            /** @enum {string} */
            kind: "low_confidence";
            criterion: string;
        } | {
            /** @enum {string} */
            kind: "audit";
        } | {
            /** @enum {string} */
            kind: "all";
        };
        ReviewCriterion: {
            key: string;
            /** @enum {string} */
            kind: "ordinal" | "categorical" | "boolean" | "numeric";
            min: number | null;
            max: number | null;
            labels: string[] | null;
            /** @description The model's value at the criterion's pointer; absent when the review is blind. */
            model_value?: number | string | boolean | null;
            /** @description The criterion's confidence (null for one judgment); absent when blind. */
            confidence?: number | null;
        };
        UsageReport: {
            period: {
                /** Format: date */
                from: string;
                /** Format: date */
                to: string;
            };
            total_runs: number;
            /** @description Credits charged in the period: runs plus live prompt generations. */
            total_credits: number;
            /** @description Prompt generations charged in the period (live keys; refunded ones are not counted). */
            total_generations: number;
            /** @description Of `total_runs` and the runs’ credits, the items of economy batches (`economy: true`), charged the discounted price. */
            economy: {
                runs: number;
                credits: number;
            };
            by_workflow: {
                workflow_id: string;
                name: string;
                runs: number;
                credits: number;
            }[];
        };
        CalibrationSetList: {
            data: components["schemas"]["CalibrationSet"][];
            next_cursor: string | null;
        };
        CalibrationSet: {
            /** @example cset_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "calibration_set";
            name: string;
            criteria: components["schemas"]["CalibrationCriterion"][];
            item_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreateCalibrationSetRequest: {
            name: string;
            /** @description Required unless `workflow_id` names a workflow whose criteria to copy. */
            criteria?: components["schemas"]["CalibrationCriterionInput"][];
            /** @description Copies this workflow's criteria; not with `criteria`. */
            workflow_id?: string;
        };
        AddedCalibrationItems: {
            data: components["schemas"]["CalibrationItem"][];
            /** @description The set's items, these included. */
            item_count: number;
        };
        CalibrationItem: {
            /** @example csi_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T */
            id: string;
            /** @enum {string} */
            object: "calibration_item";
            calibration_set_id: string;
            input_documents: string[];
            external_id: string | null;
            labels: {
                [key: string]: number | string | boolean | components["schemas"]["CalibrationRaterLabel"][];
            };
            /** Format: date-time */
            created_at: string;
        };
        CalibrationRaterLabel: {
            rater: string;
            value: components["schemas"]["CalibrationLabelValue"];
        };
        CalibrationLabelValue: number | string | boolean;
        AddCalibrationItemsRequest: {
            items: components["schemas"]["CalibrationItemInput"][];
        };
        CalibrationItemInput: {
            input_documents: string[];
            external_id?: string;
            /** @description Per criterion key: the label, or `[{rater, value}]` for several raters (the first is H1). An item may lack some criteria. */
            labels: {
                [key: string]: number | string | boolean | components["schemas"]["CalibrationRaterLabel"][];
            };
        };
        CalibrationItemList: {
            data: components["schemas"]["CalibrationItem"][];
            next_cursor: string | null;
        };
        ReviewList: {
            data: components["schemas"]["Review"][];
            next_cursor: string | null;
        };
        ClaimNextReviewRequest: {
            /** @description The caller's name for the person (≤ 100 characters); the key is recorded beside it. */
            reviewer: string;
            workflow_id?: string;
        };
        ClaimReviewRequest: {
            /** @description The caller's name for the person (≤ 100 characters); the key is recorded beside it. */
            reviewer: string;
        };
        ReleaseReviewRequest: {
            /** @description The caller's name for the person (≤ 100 characters); the key is recorded beside it. */
            reviewer: string;
        };
        SubmitReviewRequest: {
            /** @description The caller's name for the person (≤ 100 characters); the key is recorded beside it. */
            reviewer: string;
            /** @description Per criterion key, the person's value. Blind: every criterion; open: a missing key leaves the model's value. */
            values: {
                [key: string]: components["schemas"]["CalibrationLabelValue"];
            };
            note?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Health of the service and its dependencies. */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Key summaries */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyList"];
                };
            };
            /** @description `unauthorized`: no valid session token. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateKeyRequest"];
            };
        };
        responses: {
            /** @description The new key with its token */
            201: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecretApiKey"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid session token. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `limit_reached`: the account has 100 active keys, or lists 1000 keys. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "limit_reached";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    deleteKeysKeyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeySummary"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid session token. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such key in this account. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getProducts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every product */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductList"];
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `catalog:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getProductsCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The product */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `catalog:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such product. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getPromptTemplates: {
        parameters: {
            query?: {
                category?: "education" | "legal" | "grading" | "hr" | "general";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every prompt template */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromptTemplateList"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `catalog:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postPromptTemplatesGenerate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GeneratePromptRequest"];
            };
        };
        responses: {
            /** @description The prompt */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeneratedPrompt"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_credits`: a live generation costs 0.1 credits and the balance is lower. */
            402: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_credits";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `catalog:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getWorkflows: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of workflows */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowList"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `workflows:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postWorkflows: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWorkflowRequest"];
            };
        };
        responses: {
            /** @description The workflow */
            201: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `workflows:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getWorkflowsWorkflowId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workflow */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `workflows:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such workflow. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    deleteWorkflowsWorkflowId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `workflows:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such workflow. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    patchWorkflowsWorkflowId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWorkflowRequest"];
            };
        };
        responses: {
            /** @description The workflow */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `workflows:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such workflow. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `workflow_archived`: archived workflows cannot change. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "workflow_archived";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postWorkflowsWorkflowIdRuns: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (`Idempotent-Replayed: true`) instead of creating again; another body is 409 `idempotency_key_reused`. Keys are scoped to the account, the key's mode (live or test) and the operation. 1 to 255 printable ASCII characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        /** @description Legacy (deprecated): multipart/form-data with `mode`, `metadata` (JSON string), `input_documents` (JSON array string) and repeated `files[]` (4 MB combined, else 413). Files become input documents. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRunRequest"];
                "multipart/form-data": {
                    /** @enum {string} */
                    mode?: "async" | "sync";
                    /** @description A JSON object, as a string. */
                    metadata?: string;
                    /** @description A JSON array of document ids, as a string. */
                    input_documents?: string;
                    "files[]"?: string[];
                };
            };
        };
        responses: {
            /** @description A sync run that finished */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    /** @description `true` on answers to the legacy multipart form (RFC 9745). */
                    Deprecation?: string;
                    /** @description When the multipart form stops working, an HTTP date (RFC 8594). */
                    Sunset?: string;
                    /** @description The documentation of the replacement, `rel="deprecation"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description The run, queued or still running */
            202: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    /** @description `true` on answers to the legacy multipart form (RFC 9745). */
                    Deprecation?: string;
                    /** @description When the multipart form stops working, an HTTP date (RFC 8594). */
                    Sunset?: string;
                    /** @description The documentation of the replacement, `rel="deprecation"`. */
                    Link?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_credits`: the balance is lower than the quote. */
            402: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_credits";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `runs:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such workflow. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `workflow_not_active`, `document_not_extracted`, `reference_document_not_ready`, `reference_document_unavailable`, `prompt_template_unavailable`, `use_async` (sync runs disabled). `idempotency_key_reused`: the Idempotency-Key came with another request; `idempotency_key_in_use`: its first request is still running. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "workflow_not_active" | "document_not_extracted" | "reference_document_not_ready" | "reference_document_unavailable" | "prompt_template_unavailable" | "use_async" | "idempotency_key_reused" | "idempotency_key_in_use";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body or the multipart files exceed their limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json (or multipart/form-data). */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postWorkflowsWorkflowIdRunsQuote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRunRequest"];
            };
        };
        responses: {
            /** @description The quote */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunQuote"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `runs:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such workflow. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `workflow_not_active`, `document_not_extracted`, `reference_document_not_ready`, `reference_document_unavailable`, `prompt_template_unavailable`, `use_async`: creation would refuse the same way. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "workflow_not_active" | "document_not_extracted" | "reference_document_not_ready" | "reference_document_unavailable" | "prompt_template_unavailable" | "use_async";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getRuns: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                workflow_id?: string;
                /** @description Only the items of this batch. */
                batch_id?: string;
                status?: "queued" | "running" | "succeeded" | "failed" | "canceled" | "refunded";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of runs */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunList"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `runs:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getRunsRunId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `runs:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such run. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postRunsRunIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The canceled run */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `runs:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such run. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `run_not_cancelable`: the run is no longer queued. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "run_not_cancelable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getRunsRunIdOutput: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                runId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The output file */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunOutputFile"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `runs:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such run. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `output_not_ready`: the run has not succeeded. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "output_not_ready";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postWorkflowsWorkflowIdBatches: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (`Idempotent-Replayed: true`) instead of creating again; another body is 409 `idempotency_key_reused`. Keys are scoped to the account, the key's mode (live or test) and the operation. 1 to 255 printable ASCII characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBatchRequest"];
            };
        };
        responses: {
            /** @description The batch, queued */
            202: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_credits`: the balance is lower than the whole batch’s quote. */
            402: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_credits";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `runs:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such workflow. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `limit_reached`: the account has 5 unfinished batches; `workflow_not_active`, `reference_document_not_ready`, `reference_document_unavailable`, `prompt_template_unavailable`, `economy_unavailable` (`economy: true` where the model server has no batch API). `idempotency_key_reused`: the Idempotency-Key came with another request; `idempotency_key_in_use`: its first request is still running. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "limit_reached" | "workflow_not_active" | "reference_document_not_ready" | "reference_document_unavailable" | "prompt_template_unavailable" | "economy_unavailable" | "idempotency_key_reused" | "idempotency_key_in_use";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getBatches: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of batches */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchList"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `runs:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getBatchesBatchId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `runs:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such batch. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postBatchesBatchIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch, canceling */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `runs:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such batch. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `batch_not_cancelable`: the batch has finished. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "batch_not_cancelable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getBatchesBatchIdResults: {
        parameters: {
            query?: {
                format?: "csv" | "xlsx" | "jsonl";
            };
            header?: never;
            path: {
                batchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results file */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchResultsFile"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `runs:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such batch. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postWorkflowsWorkflowIdCalibrations: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (`Idempotent-Replayed: true`) instead of creating again; another body is 409 `idempotency_key_reused`. Keys are scoped to the account, the key's mode (live or test) and the operation. 1 to 255 printable ASCII characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                workflowId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCalibrationRequest"];
            };
        };
        responses: {
            /** @description The calibration, running */
            202: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Calibration"];
                };
            };
            /** @description `invalid_request`: the set has no items, items × repeats passes 10,000, or items × criteria passes 200,000. `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_credits`: the balance is lower than the whole batch’s quote. */
            402: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_credits";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `calibrations:write` and `runs:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such workflow or calibration set. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `limit_reached`: the account has 5 unfinished batches; `workflow_not_active` and the other refusals of a batch. `idempotency_key_reused`: the Idempotency-Key came with another request; `idempotency_key_in_use`: its first request is still running. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "limit_reached" | "workflow_not_active" | "idempotency_key_reused" | "idempotency_key_in_use";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getCalibrations: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of calibrations */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalibrationList"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `calibrations:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getCalibrationsCalibrationId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                calibrationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calibration */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Calibration"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `calibrations:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such calibration. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getCalibrationsCalibrationIdCompare: {
        parameters: {
            query: {
                with: string;
            };
            header?: never;
            path: {
                calibrationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comparison */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalibrationComparison"];
                };
            };
            /** @description Still being computed; ask again after `Retry-After` seconds */
            202: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalibrationComparisonPending"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `calibrations:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such calibration. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `calibration_sets_differ`: the two ran different sets; `calibration_not_finished`: one is still running; `calibration_failed`: one failed and has no report; `calibration_canceled`: one was canceled before its report. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description What went wrong, for programs; `message` says it for people. */
                            code: string;
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postCalibrationsCalibrationIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                calibrationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calibration, canceled */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Calibration"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `calibrations:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such calibration. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `calibration_not_cancelable`: the calibration has already ended. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description What went wrong, for programs; `message` says it for people. */
                            code: string;
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDocumentRequest"];
            };
        };
        responses: {
            /** @description Where to upload */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentUpload"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `documents:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `limit_reached`: the account already holds 500 uploads (documents and reference documents together) not yet completed. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "limit_reached";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postDocumentsDocIdComplete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                docId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The extracted document */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            /** @description Extraction is still running; call again to get the result */
            202: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Document"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `documents:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such document. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `upload_missing`: nothing was uploaded to `upload_url` yet. */
            422: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "upload_missing";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getDocumentsDocIdText: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                docId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The extracted text */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentText"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `documents:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such document in this account. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `document_not_extracted`: the upload is not complete, or no text could be extracted. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "document_not_extracted";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getDocumentsDocIdPagesPage: {
        parameters: {
            query?: {
                /** @description Pixels across: the image is drawn this wide, its height in proportion. */
                width?: number;
            };
            header?: never;
            path: {
                docId: string;
                page: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page image */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageImage"];
                };
            };
            /** @description `invalid_request`: `page` is not a positive integer, or `width` is outside 200–2000. `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `documents:read` or `documents:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such document in this account, or no such page (past its page count). */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `document_not_extracted`: there is no text yet, so no pages. `no_page_images`: the format has no pages (DOCX, PPTX, XLSX, XLS, CSV, JSON, XML, text, Markdown): show its citations on its text by their offsets. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "document_not_extracted" | "no_page_images";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `page_unrenderable`: the page cannot be drawn within the limits (too many pixels at the width asked, or a drawing that does not finish within its time and memory); the message says which. */
            422: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "page_unrenderable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: the page is still being drawn, or a dependency is down; retry after `Retry-After`. `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getReferenceDocuments: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reference documents */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReferenceDocumentList"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `reference_documents:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postReferenceDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateReferenceDocumentRequest"];
            };
        };
        responses: {
            /** @description Where to upload */
            201: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReferenceDocumentUpload"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `reference_documents:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `limit_reached`: the account already holds 500 uploads (documents and reference documents together) not yet completed. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "limit_reached";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getReferenceDocumentsRefId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference document */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReferenceDocument"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `reference_documents:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such reference document. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    deleteReferenceDocumentsRefId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `reference_documents:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such reference document. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postReferenceDocumentsRefIdComplete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reference document, indexing enqueued */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReferenceDocument"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `reference_documents:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such reference document. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `upload_missing`: nothing was uploaded to `upload_url` yet. */
            422: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "upload_missing";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getReferenceDocumentsRefIdPagesPage: {
        parameters: {
            query?: {
                /** @description Pixels across: the image is drawn this wide, its height in proportion. */
                width?: number;
            };
            header?: never;
            path: {
                refId: string;
                page: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page image */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PageImage"];
                };
            };
            /** @description `invalid_request`: `page` is not a positive integer, or `width` is outside 200–2000. `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `reference_documents:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such reference document in this account, or no such page (past its page count). */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `reference_document_not_ready`: there is no text yet, so no pages. `no_page_images`: the format has no pages (DOCX, PPTX, XLSX, XLS, CSV, JSON, XML, text, Markdown): show its citations on its text by their offsets. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "reference_document_not_ready" | "no_page_images";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `page_unrenderable`: the page cannot be drawn within the limits (too many pixels at the width asked, or a drawing that does not finish within its time and memory); the message says which. */
            422: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "page_unrenderable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: the page is still being drawn, or a dependency is down; retry after `Retry-After`. `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every endpoint of the account */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `webhooks:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The endpoint with its secret */
            201: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookEndpoint"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: `events` names a kind the key may not read (`run.*` needs `runs:read`, `reference_document.*` `reference_documents:read`). `insufficient_scope`: the key lacks `webhooks:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `limit_reached`: the account has 20 webhook endpoints; delete one first. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "limit_reached";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getWebhookEndpointsWhkId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                whkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `webhooks:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such webhook endpoint. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    deleteWebhookEndpointsWhkId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                whkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `webhooks:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such webhook endpoint. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    patchWebhookEndpointsWhkId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                whkId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: changing `url` or `events`, or enabling, needs the read scope of every kind the endpoint receives. `insufficient_scope`: the key lacks `webhooks:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such webhook endpoint. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postWebhookEndpointsWhkIdRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                whkId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotateWebhookSecretRequest"];
            };
        };
        responses: {
            /** @description The endpoint with its new secret */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedWebhookEndpoint"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `webhooks:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such webhook endpoint. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rotation_in_progress`: other rotations of the same secret kept changing it meanwhile; retry. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /** @description What went wrong, for programs; `message` says it for people. */
                            code: string;
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getWebhookEndpointsWhkIdDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                whkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `webhooks:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such webhook endpoint. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postWebhookDeliveriesWhdIdRetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                whdId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery; the attempt follows */
            202: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key may not read the kind of event this delivery carries. `insufficient_scope`: the key lacks `webhooks:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such webhook delivery. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `webhook_endpoint_disabled`: enable the endpoint first; `event_expired`: the event is no longer kept. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "webhook_endpoint_disabled" | "event_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getEvents: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description Only events of this kind. */
                type?: "run.succeeded" | "run.failed" | "run.canceled" | "run.refunded" | "reference_document.ready" | "batch.completed" | "calibration.completed" | "review.completed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: `type` names a kind of event the key may not read. `insufficient_scope`: the key lacks `runs:read` or `reference_documents:read` or `calibrations:read` or `reviews:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getEventsEventId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `runs:read` or `reference_documents:read` or `calibrations:read` or `reviews:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such event of this account in the last 30 days that this key may read. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: {
                /** @description First day (UTC) of the period. Default: the first day of `to`'s month. */
                from?: string;
                /** @description Last day (UTC) of the period, inclusive. Default: today. */
                to?: string;
                /** @description `workflow` fills `by_workflow`. */
                group_by?: "workflow";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageReport"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `usage:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getUsageBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Balance"];
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `usage:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getCalibrationSets: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of calibration sets */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalibrationSetList"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `calibrations:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postCalibrationSets: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (`Idempotent-Replayed: true`) instead of creating again; another body is 409 `idempotency_key_reused`. Keys are scoped to the account, the key's mode (live or test) and the operation. 1 to 255 printable ASCII characters. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCalibrationSetRequest"];
            };
        };
        responses: {
            /** @description The calibration set */
            201: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalibrationSet"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `calibrations:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `idempotency_key_reused`: the Idempotency-Key came with another request; `idempotency_key_in_use`: its first request is still running. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "idempotency_key_reused" | "idempotency_key_in_use";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getCalibrationSetsSetId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                setId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calibration set, with its item count */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalibrationSet"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `calibrations:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such calibration set. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    deleteCalibrationSetsSetId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                setId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `calibrations:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such calibration set. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getCalibrationSetsSetIdItems: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                setId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of items */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalibrationItemList"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `calibrations:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such calibration set. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postCalibrationSetsSetIdItems: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (`Idempotent-Replayed: true`) instead of creating again; another body is 409 `idempotency_key_reused`. Keys are scoped to the account, the key's mode (live or test) and the operation. 1 to 255 printable ASCII characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                setId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddCalibrationItemsRequest"];
            };
        };
        responses: {
            /** @description The items added, and the set’s count */
            201: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddedCalibrationItems"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `calibrations:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such calibration set. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `limit_reached`: the set would hold more than 10,000 items; `document_not_extracted`. `idempotency_key_reused`: the Idempotency-Key came with another request; `idempotency_key_in_use`: its first request is still running. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "limit_reached" | "document_not_extracted" | "idempotency_key_reused" | "idempotency_key_in_use";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getReviews: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description `pending` lists oldest first. */
                status?: "pending" | "claimed" | "completed" | "canceled";
                workflow_id?: string;
                batch_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reviews */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewList"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `reviews:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getReviewsReviewId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The review */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
            /** @description `invalid_request`: a parameter failed validation (see `details`). */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `reviews:read`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such review. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postReviewsClaimNext: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimNextReviewRequest"];
            };
        };
        responses: {
            /** @description The review, claimed */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
            /** @description No review is pending */
            204: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `reviews:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postReviewsReviewIdClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClaimReviewRequest"];
            };
        };
        responses: {
            /** @description The review, claimed */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `reviews:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such review. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `review_claimed`: another reviewer's claim runs; `review_completed`; `review_canceled`. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "review_claimed" | "review_completed" | "review_canceled";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postReviewsReviewIdRelease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reviewId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReleaseReviewRequest"];
            };
        };
        responses: {
            /** @description The review */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `reviews:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such review. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `review_claimed`: another reviewer's claim runs; `review_completed`; `review_canceled`. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "review_claimed" | "review_completed" | "review_canceled";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    postReviewsReviewIdSubmit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key and body within 24 hours replays the first answer (`Idempotent-Replayed: true`) instead of creating again; another body is 409 `idempotency_key_reused`. Keys are scoped to the account, the key's mode (live or test) and the operation. 1 to 255 printable ASCII characters. */
                "Idempotency-Key"?: string;
            };
            path: {
                reviewId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubmitReviewRequest"];
            };
        };
        responses: {
            /** @description The review, completed */
            200: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Review"];
                };
            };
            /** @description `invalid_request`: a parameter or the body failed validation (see `details`); `invalid_json`: the body is not JSON. */
            400: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "invalid_request" | "invalid_json";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unauthorized`: no valid API key; `api_key_revoked`, `api_key_expired`. */
            401: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unauthorized" | "api_key_revoked" | "api_key_expired";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `insufficient_scope`: the key lacks `reviews:write`. */
            403: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "insufficient_scope";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `not_found`: no such review. */
            404: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "not_found";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `review_claimed`: another reviewer's claim runs; `review_completed`: completed with other values; `review_canceled`: its run was refunded. `idempotency_key_reused`: the Idempotency-Key came with another request; `idempotency_key_in_use`: its first request is still running. */
            409: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "review_claimed" | "review_completed" | "review_canceled" | "idempotency_key_reused" | "idempotency_key_in_use";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `payload_too_large`: the JSON body exceeds its limit. */
            413: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "payload_too_large";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `unsupported_media_type`: send application/json. */
            415: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "unsupported_media_type";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `rate_limited`: the key exceeded its requests per minute, or this address failed authentication too often; retry after `Retry-After` seconds. */
            429: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining": number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "rate_limited";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `internal_error`: a fault on our side, logged under the request id; never an expected answer. */
            500: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "internal_error";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
            /** @description `service_unavailable`: a dependency is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description The id of this request (`req_…`), also in every error body; quote it to support. */
                    "X-Request-Id": string;
                    /** @description Requests per minute this key may make (the key's `rate_limit_rpm`). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When the current window ends, as unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description What went wrong, for programs; `message` says it for people.
                             * @enum {string}
                             */
                            code: "service_unavailable";
                            message: string;
                            request_id: string;
                            details?: {
                                path: string;
                                message: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
}
