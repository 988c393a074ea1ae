import '@mantine/core/styles/Typography.layer.css';
import { Typography } from '@mantine/core';

/**
 * The one renderer of stored HTML (decision 0019, "Rich text"; a lint rule forbids
 * dangerouslySetInnerHTML elsewhere). The server sanitised the HTML against its allow-list
 * before storing it; the CSP is the second wall. Course images arrive as signed links.
 */
export function RichText({ html }: { html: string }) {
  if (html.trim() === '') return null;
  return (
    <Typography className="lantern-rich-text">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
