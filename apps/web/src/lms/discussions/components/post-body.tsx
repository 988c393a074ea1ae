import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const ADDRESS = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]]/g;

/**
 * A post's plain text with its line breaks; web addresses become links opened in a new tab
 * without access to this page. Built as React nodes: no stored HTML is ever rendered.
 */
export function linkify(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const at = match.index;
    if (at > last) nodes.push(text.slice(last, at));
    nodes.push(
      <Anchor key={at} href={match[0]} target="_blank" rel="noopener noreferrer">
        {match[0]}
      </Anchor>,
    );
    last = at + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

export function PostBody({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {linkify(text)}
    </Text>
  );
}
