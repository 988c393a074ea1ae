/** Similarity checks (decision 0020 §5): enums shared by the schema, the API and the web. */
export const SIMILARITY_PROVIDERS = ['local', 'turnitin'] as const;
export type SimilarityProviderName = (typeof SIMILARITY_PROVIDERS)[number];

export const SIMILARITY_STATUSES = ['queued', 'running', 'done', 'failed', 'skipped'] as const;
export type SimilarityStatus = (typeof SIMILARITY_STATUSES)[number];

export const SUBMISSION_TEXT_SOURCES = ['text', 'pdf', 'docx', 'txt'] as const;
export type SubmissionTextSource = (typeof SUBMISSION_TEXT_SOURCES)[number];

/** A work whose share of words found elsewhere reaches this is flagged (amber badge). */
export const SIMILARITY_FLAG_PERCENT = 20;
