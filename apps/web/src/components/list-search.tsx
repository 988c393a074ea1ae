import { useEffect, useRef, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

type ListSearchProps = {
  /** The search of the address. */
  value: string;
  onSearch: (q: string) => void;
  placeholder: string;
};

/** A list's search box: it writes to the address once the user pauses typing, and follows the
 * address when it changes otherwise (Back, a shared link). */
export function ListSearch({ value, onSearch, placeholder }: ListSearchProps) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  const [debounced] = useDebouncedValue(text.trim(), 350);
  // The page the text was typed on. A row clicked within the pause moves the address on before
  // this list unmounts; the search would then land in the next page's address.
  const typedOn = useRef<string | null>(null);
  useEffect(() => {
    if (typedOn.current !== null && typedOn.current !== window.location.pathname) return;
    if (debounced !== value) onSearch(debounced);
    // Only a pause in typing sends a search; a new address must not send the old text back.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the debounced text may trigger a search
  }, [debounced]);
  return (
    <TextInput
      label="Search"
      placeholder={placeholder}
      type="search"
      w={{ base: '100%', sm: 280 }}
      value={text}
      onChange={(event) => {
        typedOn.current = window.location.pathname;
        setText(event.currentTarget.value);
      }}
    />
  );
}
