# Generated from the Assay API's OpenAPI document (/v1/openapi.json). Do not edit; run `npm run generate:clients`.

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import AnyUrl, AwareDatetime, BaseModel, ConfigDict, Field, RootModel


class Detail(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    path: str
    message: str


class Error1(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    code: Annotated[str, Field(examples=['invalid_request'])]
    message: str
    request_id: Annotated[str, Field(examples=['req_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    details: list[Detail] | None = None


class Error(BaseModel):
    """
    Every error answer has this shape.
    """

    model_config = ConfigDict(
        extra='forbid',
    )
    error: Error1


class Checks(BaseModel):
    mongodb: Literal['ok', 'down']
    temporal: Literal['ok', 'down']
    storage: Literal['ok', 'down']
    worker: Literal['ok', 'down']


class Health(BaseModel):
    status: Literal['ok', 'degraded']
    service: Literal['assay-api']
    checks: Checks


class ApiKeySummary(BaseModel):
    public_id: Annotated[str, Field(examples=['key_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['api_key']
    name: str
    key_prefix: Literal['ak_live', 'ak_test']
    last4: str
    mode: Literal['live', 'test']
    scopes: list[
        Literal[
            'runs:read',
            'runs:write',
            'workflows:read',
            'workflows:write',
            'documents:write',
            'reference_documents:read',
            'reference_documents:write',
            'webhooks:read',
            'webhooks:write',
            'usage:read',
            'catalog:read',
            'calibrations:read',
            'calibrations:write',
            'documents:read',
            'reviews:read',
            'reviews:write',
        ]
    ]
    """
    Every scope the key holds now.
    """
    unrestricted: bool
    """
    Created without `scopes`: holds every scope, ones added later included.
    """
    status: Literal['active', 'revoked']
    rate_limit_rpm: int | None
    expires_at: AwareDatetime | None
    last_used_at: AwareDatetime | None
    revoked_at: AwareDatetime | None
    created_at: AwareDatetime


class SecretApiKey(BaseModel):
    public_id: str
    object: Literal['api_key']
    token: str
    """
    Shown once, here. Store it now.
    """
    name: str
    mode: Literal['live', 'test']
    last4: str
    scopes: list[
        Literal[
            'runs:read',
            'runs:write',
            'workflows:read',
            'workflows:write',
            'documents:write',
            'reference_documents:read',
            'reference_documents:write',
            'webhooks:read',
            'webhooks:write',
            'usage:read',
            'catalog:read',
            'calibrations:read',
            'calibrations:write',
            'documents:read',
            'reviews:read',
            'reviews:write',
        ]
    ]
    """
    Every scope the key holds now.
    """
    unrestricted: bool
    """
    Created without `scopes`: holds every scope, ones added later included.
    """
    rate_limit_rpm: int | None
    expires_at: AwareDatetime | None
    created_at: AwareDatetime
    warning: str


class CreateKeyRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    name: Annotated[str, Field(max_length=100, min_length=1)]
    mode: Literal['live', 'test'] | None = 'live'
    scopes: Annotated[
        list[
            Literal[
                'runs:read',
                'runs:write',
                'workflows:read',
                'workflows:write',
                'documents:write',
                'reference_documents:read',
                'reference_documents:write',
                'webhooks:read',
                'webhooks:write',
                'usage:read',
                'catalog:read',
                'calibrations:read',
                'calibrations:write',
                'documents:read',
                'reviews:read',
                'reviews:write',
            ]
        ]
        | None,
        Field(max_length=16),
    ] = None
    """
    Omitted or empty: an unrestricted key, holding every scope, ones added later included.
    """
    rate_limit_rpm: Annotated[int | None, Field(ge=1, le=100000)] = None
    """
    At most the deployment's `MAX_KEY_RATE_LIMIT_RPM` (6000 unless configured); above it 400. Null or omitted: the default.
    """
    expires_at: AwareDatetime | None = None


class Pricing(BaseModel):
    """
    A run costs credits_per_run + credits_per_page × input pages + credits_per_ocr_page × input pages read by OCR (`ocr_pages` of its documents) (+ reference tokens on full-text policies).
    """

    credits_per_run: float
    credits_per_page: float
    credits_per_1k_reference_tokens: float
    credits_per_ocr_page: Annotated[float, Field(examples=[0.05])]
    economy_discount: Annotated[float, Field(examples=[0.5])]
    """
    What an item of an economy batch (`economy: true`) pays of its ordinary price.
    """


class Product(BaseModel):
    code: Annotated[str, Field(examples=['essay_grading'])]
    object: Literal['product']
    name: str
    description: str | None
    status: Literal['active', 'beta', 'deprecated']
    default_model_policy: Literal[
        'auto', 'provider-a-file-search', 'provider-b-1m-fulltext', 'hybrid'
    ]
    default_mode: Literal['sync', 'async']
    recommended_output_format: Literal['json', 'markdown', 'docx', 'xlsx', 'csv']
    pricing: Pricing
    """
    A run costs credits_per_run + credits_per_page × input pages + credits_per_ocr_page × input pages read by OCR (`ocr_pages` of its documents) (+ reference tokens on full-text policies).
    """
    created_at: AwareDatetime


class PromptTemplate(BaseModel):
    id: str
    object: Literal['prompt_template']
    slug: str
    title: str
    category: Literal['education', 'legal', 'grading', 'hr', 'general']
    description: str | None
    user_prompt_seed: str
    locale: str
    recommended_output_format: Literal['json', 'markdown', 'docx', 'xlsx', 'csv'] | None
    version: int


class GeneratedPrompt(BaseModel):
    user_prompt: str
    recommended_output_format: Literal['json', 'markdown', 'docx', 'xlsx', 'csv'] | None


class GeneratePromptRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    goal: Annotated[str, Field(max_length=2000, min_length=1)]
    category: Literal['education', 'legal', 'grading', 'hr', 'general'] | None = (
        'general'
    )
    output_format: Literal['json', 'markdown', 'docx', 'xlsx', 'csv'] | None = None


class Confidence(BaseModel):
    """
    `samples` is 1 unless set.
    """

    samples: int


class CalibrationCriterion(BaseModel):
    key: str
    pointer: str
    kind: Literal['ordinal', 'categorical', 'boolean', 'numeric']
    min: float | None
    max: float | None
    labels: list[str] | None


class WorkflowReviewPolicy(BaseModel):
    """
    `mode` is `off` unless set.
    """

    mode: Literal['off', 'low_confidence', 'all']
    threshold: float
    audit_rate: float
    blind: bool
    calibration_set_id: str | None


class ReferenceDocumentId(RootModel[str]):
    root: Annotated[str, Field(max_length=64, min_length=1)]


class Label(RootModel[str]):
    root: Annotated[str, Field(max_length=200, min_length=1)]


class CalibrationCriterionInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    key: Annotated[str, Field(pattern='^[a-z][a-z0-9_]{0,63}$')]
    pointer: Annotated[str, Field(max_length=1024, pattern='^(\\/([^~/]|~[01])*)*$')]
    """
    An RFC 6901 JSON Pointer into a run's `output`, e.g. `/scores/clarity`.
    """
    kind: Literal['ordinal', 'categorical', 'boolean', 'numeric']
    min: float | None = None
    max: float | None = None
    labels: list[Label] | None = None


class WorkflowConfidence(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    samples: Annotated[int, Field(ge=1, le=5)]
    """
    Model calls a live run makes over the same context (1–5; 1: no confidence). Above 1 needs `criteria`; the run's model price is multiplied by it.
    """


class WorkflowReviewPolicyInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    mode: Literal['off', 'low_confidence', 'all']
    """
    `all`: every run that succeeds; `low_confidence`: runs with a criterion whose confidence is below `threshold` (needs `confidence.samples` ≥ 2); `off`: none but audits.
    """
    threshold: Annotated[float | None, Field(gt=0.0, le=1.0)] = None
    """
    (0, 1], default 0.8.
    """
    audit_rate: Annotated[float | None, Field(ge=0.0, le=1.0)] = None
    """
    Share of runs drawn for a blind audit (seeded by the run id), default 0.
    """
    blind: bool | None = None
    """
    Reviewers do not see the model's values. Default false.
    """
    calibration_set_id: Annotated[str | None, Field(max_length=64, min_length=1)] = None
    """
    A calibration set with the workflow's criteria: each completed blind review is appended to it as an item.
    """


class UpdateWorkflowRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    name: Annotated[str | None, Field(max_length=200, min_length=1)] = None
    status: Literal['active', 'paused', 'archived'] | None = None
    user_prompt: Annotated[str | None, Field(max_length=20000)] = None
    criteria: Annotated[
        list[CalibrationCriterionInput] | None, Field(max_length=50)
    ] = None
    """
    Replaces the criteria; runs created before keep theirs.
    """
    confidence: WorkflowConfidence | None = None
    review: WorkflowReviewPolicyInput | None = None


class Deleted(BaseModel):
    """
    The answer to every DELETE.
    """

    id: str
    object: str
    deleted: Literal[True]


class OutputFile(BaseModel):
    """
    The output file, signed afresh on every answer (webhook payloads: at each delivery attempt). Null until the run has succeeded, and after a refund.
    """

    url: AnyUrl
    """
    A signed download URL, valid until `expires_at` (OUTPUT_URL_TTL_S after this answer).
    """
    expires_at: AwareDatetime
    mime_type: Annotated[str, Field(examples=['application/json'])]


class PromptTemplate1(BaseModel):
    id: str
    version: int


class ReferenceIndexVersion(BaseModel):
    reference_document_id: str
    index_version: int


class Ocr(BaseModel):
    """
    How the document’s scanned pages were read: the OCR engine and its mean word confidence; null when no page was read by OCR (absent on runs made before OCR).
    """

    engine: Annotated[str, Field(examples=['tesseract.js 7.0.0 (eng)'])]
    mean_confidence: float
    """
    Mean word confidence, 0–100, over every page read.
    """
    pages: int
    """
    Pages of the document read by OCR.
    """


class Input(BaseModel):
    document_id: str
    pages_total: int
    """
    Pages, sheets, slides or sections of the extracted text.
    """
    pages_sent: int
    """
    Those sent whole; pages are only ever dropped from the end.
    """
    tokens_total: int
    tokens_sent: int
    ocr: Ocr | None = None
    """
    How the document’s scanned pages were read: the OCR engine and its mean word confidence; null when no page was read by OCR (absent on runs made before OCR).
    """


class Tokens(BaseModel):
    """
    o200k token counts of the first prompt sent; the provider's own count is `usage.input_tokens`.
    """

    instructions: int
    """
    System message, evaluation instructions, output contract and delimiters.
    """
    references: int
    inputs: int
    total: int


class Sample(BaseModel):
    index: int
    """
    The sample, from 0.
    """
    input_tokens: int | None
    output_tokens: int | None
    valid: bool
    """
    Whether its answer met the output contract (after one repair).
    """


class Coverage(BaseModel):
    """
    Below 1 when the context was cut to fit: long documents are never truncated silently.
    """

    input_pages: Annotated[float | None, Field(ge=0.0, le=1.0)]
    """
    Share of the input pages (sheets, slides, sections) the model received whole; null without inputs.
    """
    input_tokens: Annotated[float | None, Field(ge=0.0, le=1.0)]
    """
    Share of the input tokens the model received.
    """
    reference_tokens: Annotated[float | None, Field(ge=0.0, le=1.0)]
    """
    Share of the reference documents' indexed tokens the model received; null without references.
    """


class ProviderBatch(BaseModel):
    """
    An economy batch's item: the provider batch its requests went out in. Shown while the run waits `queued` for it.
    """

    id: str
    provider: Literal['openai', 'anthropic']


class Manifest(BaseModel):
    """
    What the model was sent. Null until the run has succeeded; omitted from webhook event payloads (GET the run).
    """

    model: str
    """
    The model that answered; `stub` in test mode.
    """
    provider: Literal['openai', 'anthropic', 'stub']
    policy: Literal[
        'auto', 'provider-a-file-search', 'provider-b-1m-fulltext', 'hybrid'
    ]
    """
    The model policy the workflow requested.
    """
    strategy: Literal['file_search', 'fulltext', 'hybrid']
    """
    What the policy did: the strategy a test-mode run would have used live.
    """
    prompt_template: PromptTemplate1 | None
    reference_index_versions: list[ReferenceIndexVersion]
    chunk_ids: list[str]
    """
    The reference chunks sent, in prompt order.
    """
    token_budget: int
    """
    The most input-document tokens a model call is sent (FULLTEXT_TOKEN_BUDGET).
    """
    inputs: list[Input]
    tokens: Tokens
    """
    o200k token counts of the first prompt sent; the provider's own count is `usage.input_tokens`.
    """
    samples: list[Sample] | None = None
    """
    Each model call of a run judged several times (the workflow's `confidence.samples`), with the provider's token counts, repairs included; absent for one call.
    """
    coverage: Coverage
    """
    Below 1 when the context was cut to fit: long documents are never truncated silently.
    """
    provider_batch: ProviderBatch | None = None
    """
    An economy batch's item: the provider batch its requests went out in. Shown while the run waits `queued` for it.
    """


class Error2(BaseModel):
    code: Literal[
        'model_unavailable',
        'model_error',
        'context_too_large',
        'model_refused',
        'output_invalid',
        'document_not_extracted',
        'workflow_missing',
        'timeout',
        'execution_ended',
        'creation_failed',
        'insufficient_credits',
        'workflow_not_active',
        'batch_canceled',
        'internal_error',
    ]
    """
    Why the run failed (every failed run is fully refunded), or why a batch item was canceled before it started (`workflow_not_active`, `batch_canceled`, `execution_ended`; never charged).
    """
    message: str


class RunUsage(BaseModel):
    input_tokens: int | None
    output_tokens: int | None
    model: str | None
    rag_strategy: str | None
    unverified_citations: Annotated[int | None, Field(ge=0)]
    """
    Quotes the model offered as evidence that do not occur in the text it was given; they were dropped, never shown as citations. Null until the run has produced output.
    """


class SectionLocation(BaseModel):
    """
    One unit of a document's extracted text: a PDF page, a sheet, a slide, or a heading's section.
    """

    kind: Literal['page', 'sheet', 'slide', 'section']
    index: int
    """
    1-based page or slide number; sheet or section order.
    """
    label: Annotated[str, Field(examples=['Page 3'])]


class CitationBox(BaseModel):
    """
    A rectangle on a page, in fractions of the page, origin top left.
    """

    page: Annotated[int, Field(ge=1)]
    """
    1-based page number.
    """
    x: Annotated[float, Field(ge=0.0, le=1.0)]
    """
    Left edge, as a fraction of the page width from its left.
    """
    y: Annotated[float, Field(ge=0.0, le=1.0)]
    """
    Top edge, as a fraction of the page height from its top.
    """
    w: Annotated[float, Field(ge=0.0, le=1.0)]
    """
    Width, as a fraction of the page width.
    """
    h: Annotated[float, Field(ge=0.0, le=1.0)]
    """
    Height, as a fraction of the page height.
    """


class RunCriterionConfidence(BaseModel):
    value: Annotated[float, Field(ge=0.0, le=1.0)]
    """
    The share of the valid answers equal to the consensus.
    """
    consensus: float | str | bool | None
    samples: list[float | str | bool | None]
    """
    Each valid answer's value at the criterion's pointer, in sample order.
    """


class RunReview(BaseModel):
    """
    Present when the run was sent to review (its workflow's `review` policy): `pending` already in `run.succeeded`; completed, with the reviewer and values.
    """

    id: str
    status: Literal['pending', 'claimed', 'completed', 'canceled']
    reviewer: str | None = None
    values: dict[str, Any] | None = None
    completed_at: AwareDatetime | None = None


class InputDocument(RootModel[str]):
    root: Annotated[str, Field(max_length=64, min_length=1)]


class CreateRunRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    mode: Literal['async', 'sync'] | None = None
    """
    Omitted: the workflow's default_mode.
    """
    metadata: dict[str, Any] | None = None
    input_documents: Annotated[list[InputDocument] | None, Field(max_length=20)] = None


class Balance(BaseModel):
    pro_credits: float
    bonus_pro: float
    regular_pro: float
    basic_credits_excluded: bool


class RunOutputFile(BaseModel):
    url: AnyUrl
    """
    A signed download URL, valid until `expires_at` (OUTPUT_URL_TTL_S after this answer).
    """
    expires_at: AwareDatetime
    mime_type: Annotated[str, Field(examples=['application/json'])]


class Reviews(BaseModel):
    """
    Its items' reviews (the API reference's section on reviews): open and completed; on `GET /batches/{id}` of a batch whose workflow reviews runs.
    """

    pending: int
    completed: int


class BatchCounts(BaseModel):
    """
    Always sums to `total`.
    """

    total: int
    queued: int
    """
    Items not yet started, admitted or not.
    """
    running: int
    succeeded: int
    failed: int
    canceled: int
    refunded: int


class ProviderBatchModel(BaseModel):
    id: Annotated[str, Field(examples=['msgbatch_013Zva2CMHLNnXjNJJKqJ2EF'])]
    """
    The provider's batch id.
    """
    provider: Literal['openai', 'anthropic']
    status: Literal[
        'in_progress', 'canceling', 'completed', 'expired', 'canceled', 'failed'
    ]
    requests: int
    """
    Model requests in it (an item with k samples counts k).
    """


class BatchItem(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    input_documents: Annotated[list[InputDocument], Field(max_length=20, min_length=1)]
    metadata: dict[str, Any] | None = None
    external_id: Annotated[str | None, Field(max_length=200, min_length=1)] = None
    """
    Your own id for the item, carried by its run and its row of the results file.
    """


class BatchResultsFile(BaseModel):
    url: AnyUrl
    """
    A signed download URL, valid until `expires_at`.
    """
    expires_at: AwareDatetime
    mime_type: Annotated[str, Field(examples=['text/csv'])]


class Thresholds(BaseModel):
    min_agreement: float
    max_degradation: float
    max_abs_smd: float


class ConfusionMatrix(BaseModel):
    labels: list[float | str | bool]
    counts: list[list[float]]


class Precision(BaseModel):
    value: float | None
    reason: str | None


class Recall(BaseModel):
    value: float | None
    reason: str | None


class PerLabelItem(BaseModel):
    label: float | str | bool
    precision: Precision
    recall: Recall
    support: int


class Distributions(BaseModel):
    human: list[float | str | bool]
    model: list[float | str | bool]


class Check(BaseModel):
    check: Literal['agreement', 'degradation', 'smd']
    value: float | None
    threshold: float
    passed: bool | None
    reason: str | None


class Verdict(BaseModel):
    status: Literal['pass', 'fail', 'insufficient_data']
    checks: list[Check]


class WorstItem(BaseModel):
    item_id: str
    external_id: str | None
    human: float | str | bool
    model: float | str | bool
    difference: float
    run_ids: list[str]


class ConfidenceAuroc(BaseModel):
    """
    How well confidence separates exact agreement with the first rater from disagreement (AUROC); null with the reason when undefined.
    """

    value: float | None
    reason: str | None


class RecommendedThreshold(BaseModel):
    """
    The lowest threshold whose metric meets `min_agreement`, with its coverage; null when none does.
    """

    threshold: float
    coverage: float


class CalibrationInterval(BaseModel):
    """
    95 % percentile bootstrap interval over items.
    """

    low: float | None
    high: float | None
    used: int
    skipped: int
    reason: str | None


class CalibrationSelectiveRow(BaseModel):
    threshold: float
    """
    The model confidence an item needs to be kept (0.5–1.0).
    """
    coverage: float
    """
    Share of the scored items with a confidence kept.
    """
    n: int
    value: float | None
    """
    The verdict metric over the kept items.
    """
    ci_low: float | None
    ci_high: float | None
    reason: str | None
    """
    Why `value` or its interval is null.
    """


class CalibrationFile(BaseModel):
    """
    A signed download URL (1 hour), null until the calibration is done.
    """

    url: AnyUrl
    expires_at: AwareDatetime
    mime_type: str


class CalibrationError(BaseModel):
    """
    Why the calibration failed; null unless `status` is `failed`.
    """

    code: Literal['creation_failed', 'execution_ended', 'report_failed']
    """
    `creation_failed`: the request that created it ended before its batch existed (nothing ran, nothing was charged); `execution_ended`: its job ended before writing the report (its batch and runs are unaffected); `report_failed`: the report could not be produced within its attempts (its batch and runs, and their charges, are as they stand).
    """
    message: str


class CalibrationThresholds(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    min_agreement: Annotated[float | None, Field(ge=-1.0, le=1.0)] = None
    """
    Minimum κ (Lin’s for numeric); 0.70.
    """
    max_degradation: Annotated[float | None, Field(ge=0.0, le=2.0)] = None
    """
    Largest shortfall below the human–human agreement; 0.10.
    """
    max_abs_smd: Annotated[float | None, Field(ge=0.0, le=10.0)] = None
    """
    Largest abs(SMD); 0.15.
    """


class Metrics(BaseModel):
    first: float | None
    second: float | None
    difference: float | None
    reason: str | None
    interval: CalibrationInterval


class Criterion(BaseModel):
    key: str
    items: int
    """
    Items both calibrations scored: the pairs compared.
    """
    metrics: dict[str, Metrics]


class CalibrationComparison(BaseModel):
    """
    Per criterion and metric, this calibration minus the other, with paired bootstrap intervals.
    """

    object: Literal['calibration_comparison']
    calibration_id: str
    with_: Annotated[str, Field(alias='with')]
    calibration_set_id: str
    seed: int
    criteria: list[Criterion]


class CalibrationComparisonPending(BaseModel):
    """
    The comparison is being computed; ask again after `Retry-After` seconds for the same answer.
    """

    object: Literal['calibration_comparison_pending']
    calibration_id: str
    with_: Annotated[str, Field(alias='with')]


class DocumentUpload(BaseModel):
    id: Annotated[str, Field(examples=['doc_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['document_upload']
    upload_url: AnyUrl
    """
    PUT the raw bytes here, with the Content-Type you declared.
    """
    upload_headers: dict[str, str]
    """
    Headers the PUT must carry exactly.
    """
    expires_at: AwareDatetime


class CreateDocumentRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    filename: Annotated[str, Field(max_length=255, min_length=1)]
    mime_type: Annotated[
        str | None,
        Field(
            max_length=255,
            pattern='^[\\w.+-]+\\/[\\w.+-]+(\\s*;\\s*[\\w.+-]+=("[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]*"|[\\w.+-]+))*$',
        ),
    ] = None
    size_bytes: Annotated[int | None, Field(ge=0, le=52428800)] = None


class ExtractionError(BaseModel):
    """
    Why no text could be extracted, when `extracted` is false.
    """

    code: str
    message: str


class Document(BaseModel):
    id: str
    object: Literal['document']
    filename: str
    mime_type: str | None
    size_bytes: int | None
    page_count: int | None
    ocr_pages: Annotated[int | None, Field(examples=[0])]
    """
    Pages whose text was read by OCR: image pages (PNG, JPEG, a TIFF frame each) and PDF pages without a usable text layer. 0 when none were; null until the document is extracted.
    """
    extracted: bool
    extraction_error: ExtractionError | None
    """
    Why no text could be extracted, when `extracted` is false.
    """
    text_version: Annotated[int | None, Field(examples=[2], ge=1)]
    """
    The form of the extracted text: 2 is structured Markdown (headings `#`, lists, pipe tables one row per line, speaker notes under `## Notes`); 1 is the flattened text of documents extracted before it, kept as it was (documents are never re-extracted on their own). Null until the document is extracted.
    """
    created_at: AwareDatetime


class Section(BaseModel):
    kind: Literal['page', 'sheet', 'slide', 'section']
    index: int
    """
    1-based page or slide number; sheet or section order.
    """
    label: Annotated[str, Field(examples=['Page 3'])]
    text: str


class DocumentText(BaseModel):
    """
    The text Assay extracted, by page, sheet, slide or section: what models read and what run citations point into (`citations[].input.start`/`end` are offsets into `sections[].text`).
    """

    object: Literal['document_text']
    document_id: str
    page_count: int | None
    text_version: Annotated[int, Field(examples=[2], ge=1)]
    """
    The form of the extracted text: 2 is structured Markdown (headings `#`, lists, pipe tables one row per line, speaker notes under `## Notes`); 1 is the flattened text of documents extracted before it, kept as it was (documents are never re-extracted on their own).
    """
    sections: list[Section]


class PageImage(BaseModel):
    """
    A page of a PDF (text layer or scan) or an image (a TIFF frame each), drawn as it is shown: turned as OCR read it, so a citation's `input.boxes` (fractions of the page from its top left) multiplied by `width` and `height` are the pixels of the quoted words.
    """

    object: Literal['page_image']
    page: int
    """
    1-based, as `boxes[].page` of a citation.
    """
    url: AnyUrl
    """
    A signed download of the PNG, valid until `expires_at`.
    """
    expires_at: AwareDatetime
    mime_type: Literal['image/png']
    width: Annotated[int, Field(examples=[1200])]
    """
    Pixels across: the `width` asked for.
    """
    height: Annotated[int, Field(examples=[1697])]
    """
    Pixels down.
    """


class ReferenceDocument(BaseModel):
    id: Annotated[str, Field(examples=['ref_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['reference_document']
    name: str
    filename: str
    status: Literal['processing', 'ready', 'failed']
    failure_reason: str | None
    mime_type: str | None
    size_bytes: int | None
    page_count: int | None
    chunk_count: int | None
    created_at: AwareDatetime


class ReferenceDocumentUpload(BaseModel):
    id: str
    object: Literal['reference_document']
    name: str
    status: Literal['processing', 'ready', 'failed']
    upload_url: AnyUrl
    upload_headers: dict[str, str]
    expires_at: AwareDatetime
    created_at: AwareDatetime


class CreateReferenceDocumentRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    name: Annotated[str, Field(max_length=200, min_length=1)]
    filename: Annotated[str, Field(max_length=255, min_length=1)]
    mime_type: Annotated[
        str | None,
        Field(
            max_length=255,
            pattern='^[\\w.+-]+\\/[\\w.+-]+(\\s*;\\s*[\\w.+-]+=("[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]*"|[\\w.+-]+))*$',
        ),
    ] = None
    size_bytes: Annotated[int | None, Field(ge=0, le=52428800)] = None


class WebhookEndpoint(BaseModel):
    id: Annotated[str, Field(examples=['whk_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['webhook_endpoint']
    url: AnyUrl
    events: list[
        Literal[
            'run.succeeded',
            'run.failed',
            'run.canceled',
            'run.refunded',
            'reference_document.ready',
            'batch.completed',
            'calibration.completed',
            'review.completed',
        ]
        | Literal['*']
    ]
    """
    The kinds delivered, or `["*"]`: every kind.
    """
    status: Literal['active', 'disabled']
    created_at: AwareDatetime


class CreatedWebhookEndpoint(BaseModel):
    id: Annotated[str, Field(examples=['whk_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['webhook_endpoint']
    url: AnyUrl
    events: list[
        Literal[
            'run.succeeded',
            'run.failed',
            'run.canceled',
            'run.refunded',
            'reference_document.ready',
            'batch.completed',
            'calibration.completed',
            'review.completed',
        ]
        | Literal['*']
    ]
    """
    The kinds delivered, or `["*"]`: every kind.
    """
    status: Literal['active', 'disabled']
    created_at: AwareDatetime
    secret: Annotated[str, Field(examples=['whsec_…'])]
    """
    Signing secret, shown only in this answer.
    """
    warning: str


class CreateWebhookEndpointRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    url: Annotated[AnyUrl, Field(examples=['https://example.com/hooks/assay'])]
    """
    https URL (http only where the deployment allows it)
    """
    events: Annotated[
        list[
            Literal[
                'run.succeeded',
                'run.failed',
                'run.canceled',
                'run.refunded',
                'reference_document.ready',
                'batch.completed',
                'calibration.completed',
                'review.completed',
            ]
            | Literal['*']
        ]
        | None,
        Field(max_length=9, min_length=1),
    ] = None
    """
    Omitted: the four kinds of version 1 (`run.succeeded`, `run.failed`, `run.canceled`, `reference_document.ready`), for good. Any other kind is delivered only when named, or with `*`: every kind, present and future (`*` needs an unrestricted key). `*` with other kinds is `*`.
    """


class UpdateWebhookEndpointRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    url: Annotated[
        AnyUrl | None, Field(examples=['https://example.com/hooks/assay'])
    ] = None
    """
    https URL (http only where the deployment allows it)
    """
    events: Annotated[
        list[
            Literal[
                'run.succeeded',
                'run.failed',
                'run.canceled',
                'run.refunded',
                'reference_document.ready',
                'batch.completed',
                'calibration.completed',
                'review.completed',
            ]
            | Literal['*']
        ]
        | None,
        Field(max_length=9, min_length=1),
    ] = None
    """
    Omitted: the four kinds of version 1 (`run.succeeded`, `run.failed`, `run.canceled`, `reference_document.ready`), for good. Any other kind is delivered only when named, or with `*`: every kind, present and future (`*` needs an unrestricted key). `*` with other kinds is `*`.
    """
    status: Literal['active', 'disabled'] | None = None


class RotatedWebhookEndpoint(BaseModel):
    id: Annotated[str, Field(examples=['whk_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['webhook_endpoint']
    url: AnyUrl
    events: list[
        Literal[
            'run.succeeded',
            'run.failed',
            'run.canceled',
            'run.refunded',
            'reference_document.ready',
            'batch.completed',
            'calibration.completed',
            'review.completed',
        ]
        | Literal['*']
    ]
    """
    The kinds delivered, or `["*"]`: every kind.
    """
    status: Literal['active', 'disabled']
    created_at: AwareDatetime
    secret: Annotated[str, Field(examples=['whsec_…'])]
    """
    The new signing secret, shown only in this answer.
    """
    previous_secret_expires_at: AwareDatetime | None
    """
    Until then deliveries also carry a signature under the replaced secret; null when it stopped at once, or when no configured key could open it (it could sign nothing).
    """
    warning: str


class RotateWebhookSecretRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    previous_secret_expires_in_s: Annotated[int | None, Field(ge=0, le=86400)] = 86400
    """
    How long the replaced secret keeps signing deliveries, in seconds (at most 24 h). 0 stops it, and every earlier replaced secret, at once.
    """


class WebhookAttempt(BaseModel):
    attempted_at: AwareDatetime
    status_code: int | None
    latency_ms: int
    error: str | None
    """
    Why the attempt failed without (or besides) a status code.
    """
    response_body: str | None
    """
    The first 1 KB of the answer.
    """


class Data1(BaseModel):
    """
    `run.*`: the run as it was when the event happened; `reference_document.ready`: the reference document; `batch.completed`: the batch in its final status; `calibration.completed`: the calibration, finished, its file URLs null (GET signs fresh ones); `review.completed`: the review, completed.
    """

    reference_document: ReferenceDocument


class EventType(
    RootModel[
        Literal[
            'run.succeeded',
            'run.failed',
            'run.canceled',
            'run.refunded',
            'reference_document.ready',
            'batch.completed',
            'calibration.completed',
            'review.completed',
        ]
    ]
):
    root: Literal[
        'run.succeeded',
        'run.failed',
        'run.canceled',
        'run.refunded',
        'reference_document.ready',
        'batch.completed',
        'calibration.completed',
        'review.completed',
    ]


class ReviewReason1(BaseModel):
    kind: Literal['low_confidence']
    criterion: str


class ReviewReason2(BaseModel):
    kind: Literal['audit']


class ReviewReason3(BaseModel):
    kind: Literal['all']


class ReviewReason(RootModel[ReviewReason1 | ReviewReason2 | ReviewReason3]):
    root: ReviewReason1 | ReviewReason2 | ReviewReason3


class ReviewCriterion(BaseModel):
    key: str
    kind: Literal['ordinal', 'categorical', 'boolean', 'numeric']
    min: float | None
    max: float | None
    labels: list[str] | None
    model_value: float | str | bool | None = None
    """
    The model's value at the criterion's pointer; absent when the review is blind.
    """
    confidence: float | None = None
    """
    The criterion's confidence (null for one judgment); absent when blind.
    """


class Period(BaseModel):
    from_: Annotated[date, Field(alias='from')]
    to: date


class Economy(BaseModel):
    """
    Of `total_runs` and the runs’ credits, the items of economy batches (`economy: true`), charged the discounted price.
    """

    runs: int
    credits: float


class ByWorkflowItem(BaseModel):
    workflow_id: str
    name: str
    runs: int
    credits: float


class UsageReport(BaseModel):
    period: Period
    total_runs: int
    total_credits: float
    """
    Credits charged in the period: runs plus live prompt generations.
    """
    total_generations: int
    """
    Prompt generations charged in the period (live keys; refunded ones are not counted).
    """
    economy: Economy
    """
    Of `total_runs` and the runs’ credits, the items of economy batches (`economy: true`), charged the discounted price.
    """
    by_workflow: list[ByWorkflowItem]


class CalibrationSet(BaseModel):
    id: Annotated[str, Field(examples=['cset_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['calibration_set']
    name: str
    criteria: list[CalibrationCriterion]
    item_count: int
    created_at: AwareDatetime
    updated_at: AwareDatetime


class CreateCalibrationSetRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    name: Annotated[str, Field(max_length=200, min_length=1)]
    criteria: Annotated[
        list[CalibrationCriterionInput] | None, Field(max_length=50, min_length=1)
    ] = None
    """
    Required unless `workflow_id` names a workflow whose criteria to copy.
    """
    workflow_id: Annotated[str | None, Field(max_length=64, min_length=1)] = None
    """
    Copies this workflow's criteria; not with `criteria`.
    """


class Labels(RootModel[str]):
    root: Annotated[str, Field(max_length=200)]


class CalibrationLabelValue1(RootModel[str]):
    root: Annotated[str, Field(max_length=200)]


class CalibrationLabelValue(RootModel[float | CalibrationLabelValue1 | bool]):
    root: float | CalibrationLabelValue1 | bool


class ClaimNextReviewRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    reviewer: Annotated[str, Field(max_length=100, min_length=1)]
    """
    The caller's name for the person (≤ 100 characters); the key is recorded beside it.
    """
    workflow_id: Annotated[str | None, Field(max_length=64)] = None


class ClaimReviewRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    reviewer: Annotated[str, Field(max_length=100, min_length=1)]
    """
    The caller's name for the person (≤ 100 characters); the key is recorded beside it.
    """


class ReleaseReviewRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    reviewer: Annotated[str, Field(max_length=100, min_length=1)]
    """
    The caller's name for the person (≤ 100 characters); the key is recorded beside it.
    """


class SubmitReviewRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    reviewer: Annotated[str, Field(max_length=100, min_length=1)]
    """
    The caller's name for the person (≤ 100 characters); the key is recorded beside it.
    """
    values: dict[str, CalibrationLabelValue]
    """
    Per criterion key, the person's value. Blind: every criterion; open: a missing key leaves the model's value.
    """
    note: Annotated[str | None, Field(max_length=2000)] = None


class ApiKeyList(BaseModel):
    data: list[ApiKeySummary]


class ProductList(BaseModel):
    data: list[Product]


class PromptTemplateList(BaseModel):
    data: list[PromptTemplate]


class Workflow(BaseModel):
    id: Annotated[str, Field(examples=['wf_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['workflow']
    product_code: str
    name: str
    status: Literal['active', 'paused', 'archived']
    prompt_template_id: str | None
    user_prompt: str | None
    reference_document_ids: list[str]
    output_format: Literal['json', 'markdown', 'docx', 'xlsx', 'csv']
    output_schema: dict[str, Any] | None
    output_schema_sample_id: str | None
    default_mode: Literal['sync', 'async']
    default_model_policy: Literal[
        'auto', 'provider-a-file-search', 'provider-b-1m-fulltext', 'hybrid'
    ]
    webhook_endpoint_id: str | None
    criteria: list[CalibrationCriterion]
    """
    Empty when none are declared.
    """
    confidence: Confidence
    """
    `samples` is 1 unless set.
    """
    review: WorkflowReviewPolicy
    created_at: AwareDatetime
    updated_at: AwareDatetime


class CreateWorkflowRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    product_code: Annotated[str, Field(max_length=64, min_length=1)]
    name: Annotated[str, Field(max_length=200, min_length=1)]
    prompt_template_id: Annotated[str | None, Field(max_length=64, min_length=1)] = None
    user_prompt: Annotated[str | None, Field(max_length=20000)] = None
    reference_document_ids: Annotated[
        list[ReferenceDocumentId] | None, Field(max_length=50)
    ] = None
    output_format: Literal['json', 'markdown', 'docx', 'xlsx', 'csv'] | None = None
    output_schema_sample_id: Annotated[
        str | None, Field(max_length=64, min_length=1)
    ] = None
    output_schema: dict[str, Any] | None = None
    """
    A JSON Schema (draft 2020-12), at most 64 KB as JSON.
    """
    default_mode: Literal['sync', 'async'] | None = None
    default_model_policy: (
        Literal['auto', 'provider-a-file-search', 'provider-b-1m-fulltext', 'hybrid']
        | None
    ) = None
    webhook_endpoint_id: Annotated[str | None, Field(max_length=64, min_length=1)] = (
        None
    )
    criteria: Annotated[
        list[CalibrationCriterionInput] | None, Field(max_length=50)
    ] = None
    """
    Where the workflow's verdicts stand in its output, each as a calibration set's criterion; with an output schema, each pointer names a property it declares, of a type that fits the kind. At most 50.
    """
    confidence: WorkflowConfidence | None = None
    review: WorkflowReviewPolicyInput | None = None


class Input1(BaseModel):
    """
    Where the quote is. `start`/`end` are UTF-16 offsets (JavaScript string indexes) into the text of that section as `GET /documents/{id}/text` returns it: `sections[i].text.slice(start, end) === quote` for the section with the same `kind` and `index`.
    """

    document_id: str
    location: SectionLocation
    start: Annotated[int, Field(ge=0)]
    end: Annotated[int, Field(ge=0)]
    boxes: list[CitationBox] | None = None
    """
    Where the quote is on the page, for text with positions (PDF pages): one box per line of the quote, together covering it. Empty for formats without positions; absent on citations made before positions existed.
    """


class Reference(BaseModel):
    """
    The reference clause the criterion was judged against; null when none was named or it was not in the context.
    """

    reference_document_id: str
    chunk_id: str
    """
    The reference passage as the model was shown it (`manifest.chunk_ids`).
    """
    location: SectionLocation


class RunCitation(BaseModel):
    criterion: str
    """
    The criterion or output field the model judged.
    """
    status: Literal['supported', 'insufficient_evidence']
    """
    `insufficient_evidence`: the documents do not support a judgement on this criterion (no quote).
    """
    quote: str | None
    """
    Exactly the extracted text at `input.start`..`input.end`: verified against the source, never paraphrased.
    """
    input: Input1 | None
    """
    Where the quote is. `start`/`end` are UTF-16 offsets (JavaScript string indexes) into the text of that section as `GET /documents/{id}/text` returns it: `sections[i].text.slice(start, end) === quote` for the section with the same `kind` and `index`.
    """
    reference: Reference | None
    """
    The reference clause the criterion was judged against; null when none was named or it was not in the context.
    """


class RunQuote(BaseModel):
    object: Literal['run_quote']
    workflow_id: str
    livemode: bool
    quoted_credits: float
    """
    The `quoted_credits` a run created with this body gets (test keys are quoted as live).
    """
    credits_due: float
    """
    What creating that run would debit: `quoted_credits` with a live key (for an input still being read, at most that, once it is read), 0 with a test key.
    """
    sufficient_credits: bool
    """
    Whether the balance covers `credits_due`; when false, creating the run answers 402 `insufficient_credits`.
    """
    economy_credits: float
    """
    The quote of the same run as an item of an economy batch (`economy: true`): the product’s `economy_discount` of `quoted_credits`, rounded down.
    """
    balance: Balance | None = None


class Batch(BaseModel):
    id: Annotated[str, Field(examples=['bat_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['batch']
    workflow_id: str
    status: Literal[
        'queued', 'running', 'succeeded', 'completed_with_failures', 'canceled'
    ]
    livemode: bool
    max_concurrency: int
    counts: BatchCounts
    quoted_credits: float
    """
    The sum of every item’s quote at creation (nothing reserved).
    """
    charged_credits: float
    """
    Credits the batch holds now: items charged at admission and not refunded (failed or canceled).
    """
    metadata: dict[str, Any]
    created_at: AwareDatetime
    started_at: AwareDatetime | None
    finished_at: AwareDatetime | None
    economy: bool | None = None
    """
    Created with `economy: true`. Absent in `batch.completed` events recorded before it.
    """
    reviews: Reviews | None = None
    """
    Its items' reviews (the API reference's section on reviews): open and completed; on `GET /batches/{id}` of a batch whose workflow reviews runs.
    """
    provider_batches: list[ProviderBatchModel] | None = None
    """
    The provider batches an economy batch’s items went out in (empty otherwise). Absent in `batch.completed` events recorded before it.
    """


class CreateBatchRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    items: Annotated[list[BatchItem], Field(max_length=10000, min_length=1)]
    metadata: dict[str, Any] | None = None
    max_concurrency: Annotated[int | None, Field(ge=1, le=50)] = None
    """
    Items running at once (1–50, default 10).
    """
    economy: bool | None = None
    """
    Answers within 24 hours through the providers’ batch APIs, each item quoted and charged the product’s `economy_discount` of its ordinary price. 409 `economy_unavailable` where the model server has no batch API.
    """


class BatchList(BaseModel):
    data: list[Batch]
    next_cursor: str | None


class CalibrationMetric(BaseModel):
    value: float | None
    reason: str | None
    interval: CalibrationInterval


class CreateCalibrationRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    calibration_set_id: Annotated[str, Field(max_length=64, min_length=1)]
    repeats: Annotated[int | None, Field(ge=1, le=5)] = None
    """
    Runs per item (1–5, default 1); items × repeats at most 10,000.
    """
    thresholds: CalibrationThresholds | None = None


class ReferenceDocumentList(BaseModel):
    data: list[ReferenceDocument]
    next_cursor: str | None


class WebhookEndpointList(BaseModel):
    data: list[WebhookEndpoint]


class WebhookDelivery(BaseModel):
    id: Annotated[str, Field(examples=['whd_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['webhook_delivery']
    endpoint_id: str
    event_id: str
    event_type: str
    status: Literal['pending', 'succeeded', 'failed']
    attempts: list[WebhookAttempt]
    created_at: AwareDatetime
    finished_at: AwareDatetime | None


class Data2(BaseModel):
    """
    `run.*`: the run as it was when the event happened; `reference_document.ready`: the reference document; `batch.completed`: the batch in its final status; `calibration.completed`: the calibration, finished, its file URLs null (GET signs fresh ones); `review.completed`: the review, completed.
    """

    batch: Batch


class Review(BaseModel):
    id: Annotated[str, Field(examples=['rev_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['review']
    livemode: bool
    run_id: str
    workflow_id: str
    batch_id: str | None
    input_documents: list[str]
    status: Literal['pending', 'claimed', 'completed', 'canceled']
    """
    A claim that expired reads `pending`.
    """
    reasons: list[ReviewReason]
    blind: bool
    criteria: list[ReviewCriterion]
    claimed_by: str | None
    claim_expires_at: AwareDatetime | None
    reviewer: str | None
    values: dict[str, Any] | None
    note: str | None
    created_at: AwareDatetime
    completed_at: AwareDatetime | None


class CalibrationSetList(BaseModel):
    data: list[CalibrationSet]
    next_cursor: str | None


class CalibrationRaterLabel(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    rater: Annotated[str, Field(max_length=100, min_length=1)]
    value: CalibrationLabelValue


class Labels3(RootModel[list[CalibrationRaterLabel]]):
    root: Annotated[list[CalibrationRaterLabel], Field(max_length=10, min_length=1)]


class CalibrationItemInput(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    input_documents: Annotated[list[InputDocument], Field(max_length=20, min_length=1)]
    external_id: Annotated[str | None, Field(max_length=200, min_length=1)] = None
    labels: dict[str, float | Labels | bool | Labels3]
    """
    Per criterion key: the label, or `[{rater, value}]` for several raters (the first is H1). An item may lack some criteria.
    """


class ReviewList(BaseModel):
    data: list[Review]
    next_cursor: str | None


class WorkflowList(BaseModel):
    data: list[Workflow]
    next_cursor: str | None


class Run(BaseModel):
    id: Annotated[str, Field(examples=['run_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['run']
    workflow_id: str
    batch_id: str | None
    """
    The batch this run is an item of; null for a run of its own.
    """
    external_id: str | None
    """
    The batch item’s `external_id`; null otherwise.
    """
    status: Literal['queued', 'running', 'succeeded', 'failed', 'canceled', 'refunded']
    mode: Literal['async', 'sync']
    livemode: bool
    quoted_credits: float
    """
    What the run was quoted at creation: the most it is charged. A run created while an input document is still being read waits in `queued`, quoted as if every page not yet known to have a text layer were read by OCR; it is charged what its input turns out to cost, never more (`charged_credits`).
    """
    charged_credits: float | None
    input_documents: list[str]
    metadata: dict[str, Any]
    result_url: AnyUrl
    output_format: Literal['json', 'markdown', 'docx', 'xlsx', 'csv'] | None
    output: dict[str, Any] | None = None
    output_file: OutputFile | None
    """
    The output file, signed afresh on every answer (webhook payloads: at each delivery attempt). Null until the run has succeeded, and after a refund.
    """
    usage: RunUsage
    citations: list[RunCitation] | None
    """
    The evidence for each judged criterion, verified against the documents after the model answered. Null until the run has succeeded.
    """
    manifest: Manifest | None = None
    """
    What the model was sent. Null until the run has succeeded; omitted from webhook event payloads (GET the run).
    """
    confidence: dict[str, Any] | None = None
    """
    Per criterion key, how sure the workflow's repeated judgments were (`confidence.samples` ≥ 2). Null until the run has succeeded, and for one judgment.
    """
    confidence_min: float | None = None
    """
    The lowest of the criteria's confidences; null when `confidence` is.
    """
    review: RunReview | None = None
    reviewed_output: dict[str, Any] | None = None
    """
    The output with the review's values at the criteria's pointers, once the review is completed.
    """
    error: Error2 | None
    created_at: AwareDatetime
    started_at: AwareDatetime | None
    finished_at: AwareDatetime | None


class RunList(BaseModel):
    data: list[Run]
    next_cursor: str | None


class HumanBaseline(BaseModel):
    items: int
    metrics: dict[str, CalibrationMetric]


class SelfAgreement(BaseModel):
    items: int
    metrics: dict[str, CalibrationMetric]


class CalibrationCriterionReport(BaseModel):
    key: str
    kind: Literal['ordinal', 'categorical', 'boolean', 'numeric']
    labelled: int
    scored: int
    unscorable: int
    metrics: dict[str, CalibrationMetric]
    human_baseline: HumanBaseline
    self_agreement: SelfAgreement | None
    confusion_matrix: ConfusionMatrix | None
    per_label: list[PerLabelItem] | None
    distributions: Distributions
    verdict: Verdict
    worst_items: list[WorstItem]
    selective: list[CalibrationSelectiveRow] | None = None
    """
    Selective agreement per confidence threshold 0.5, 0.6, 0.7, 0.8, 0.9, 1.0; null when the runs carry no confidence (the workflow’s `confidence.samples` is 1: `confidence_auroc.reason` says so).
    """
    confidence_auroc: ConfidenceAuroc | None = None
    """
    How well confidence separates exact agreement with the first rater from disagreement (AUROC); null with the reason when undefined.
    """
    recommended_threshold: RecommendedThreshold | None = None
    """
    The lowest threshold whose metric meets `min_agreement`, with its coverage; null when none does.
    """


class WebhookDeliveryList(BaseModel):
    data: list[WebhookDelivery]
    next_cursor: str | None


class Data(BaseModel):
    """
    `run.*`: the run as it was when the event happened; `reference_document.ready`: the reference document; `batch.completed`: the batch in its final status; `calibration.completed`: the calibration, finished, its file URLs null (GET signs fresh ones); `review.completed`: the review, completed.
    """

    run: Run


class Data4(BaseModel):
    """
    `run.*`: the run as it was when the event happened; `reference_document.ready`: the reference document; `batch.completed`: the batch in its final status; `calibration.completed`: the calibration, finished, its file URLs null (GET signs fresh ones); `review.completed`: the review, completed.
    """

    review: Review


class CalibrationItem(BaseModel):
    id: Annotated[str, Field(examples=['csi_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['calibration_item']
    calibration_set_id: str
    input_documents: list[str]
    external_id: str | None
    labels: dict[str, float | Labels | bool | Labels3]
    created_at: AwareDatetime


class AddCalibrationItemsRequest(BaseModel):
    model_config = ConfigDict(
        extra='forbid',
    )
    items: Annotated[list[CalibrationItemInput], Field(max_length=1000, min_length=1)]


class CalibrationItemList(BaseModel):
    data: list[CalibrationItem]
    next_cursor: str | None


class Calibration(BaseModel):
    id: Annotated[str, Field(examples=['cal_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['calibration']
    workflow_id: str
    calibration_set_id: str
    batch_id: str
    status: Literal['running', 'succeeded', 'canceled', 'failed']
    repeats: int
    livemode: bool
    items: int
    """
    The set’s items the calibration runs.
    """
    thresholds: Thresholds
    seed: int
    """
    The bootstrap’s seed: the same seed, the same intervals.
    """
    criteria: list[CalibrationCriterionReport] | None
    """
    Null until the batch is final.
    """
    report_file: CalibrationFile | None
    items_file: CalibrationFile | None
    error: CalibrationError | None
    created_at: AwareDatetime
    finished_at: AwareDatetime | None


class CalibrationList(BaseModel):
    data: list[Calibration]
    next_cursor: str | None


class Data3(BaseModel):
    """
    `run.*`: the run as it was when the event happened; `reference_document.ready`: the reference document; `batch.completed`: the batch in its final status; `calibration.completed`: the calibration, finished, its file URLs null (GET signs fresh ones); `review.completed`: the review, completed.
    """

    calibration: Calibration


class Event(BaseModel):
    """
    The webhook payload of the event, plus `object`. Kept 30 days.
    """

    id: Annotated[str, Field(examples=['evt_01JD3Y6J6Y5M5Q2A7Z9X8W4V3T'])]
    object: Literal['event']
    type: EventType
    created_at: AwareDatetime
    data: Data | Data1 | Data2 | Data3 | Data4
    """
    `run.*`: the run as it was when the event happened; `reference_document.ready`: the reference document; `batch.completed`: the batch in its final status; `calibration.completed`: the calibration, finished, its file URLs null (GET signs fresh ones); `review.completed`: the review, completed.
    """


class AddedCalibrationItems(BaseModel):
    data: list[CalibrationItem]
    item_count: int
    """
    The set's items, these included.
    """


class EventList(BaseModel):
    data: list[Event]
    next_cursor: str | None
