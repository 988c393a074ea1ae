import { apiDownload } from '../../../lib/api-client';

/** The report's learners as CSV, fetched with the bearer token. */
export const exportWbtReport = (itemId: number) =>
  apiDownload(`/api/en/lms/wbt/${itemId}/report/export`, {
    fallbackName: `training-${itemId}-report.csv`,
  });
