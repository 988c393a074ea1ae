import type { SimilarityPassage } from '@lantern/db/schema/similarity';
import type { SimilarityProviderName } from '@lantern/contracts/similarity-enums';

/** One part of the checked work with the text read from it. */
export type CheckText = { part: number; text: string; sha256: string };
/** A handed-in file, for a provider that reads files itself. */
export type CheckFile = { part: number; name: string; mime: string; bytes: () => Promise<Buffer> };

export type ProviderMatch = {
  otherSubmissionId: number;
  score: number;
  otherScore: number;
  longestWords: number;
  passages: SimilarityPassage[];
};

export type ProviderResult =
  | { status: 'done'; score: number; words: number; matches: ProviderMatch[]; reportUrl?: string }
  | { status: 'pending'; externalId: string }
  | { status: 'skipped'; reason: string };

export type CheckInput = {
  checkId: number;
  submissionId: number;
  itemId: number;
  studentId: number;
  texts: CheckText[];
  files: CheckFile[];
};

/** Where a similarity check is done (decision 0020 §5.4): here, or by an outside service. */
export type SimilarityProvider = {
  name: SimilarityProviderName;
  check: (input: CheckInput) => Promise<ProviderResult>;
  poll?: (externalId: string) => Promise<ProviderResult>;
};
