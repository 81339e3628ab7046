import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Names the box for assistive technology. */
  label: string;
  width?: number;
}

/** A debounced search box; the `/` key focuses it and Esc leaves it. */
export function SearchInput({ value, onChange, placeholder, label, width = 280 }: SearchInputProps) {
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const push = useDebouncedCallback((next: string) => onChange(next.trim()), 250);
  useHotkeys([['/', () => input.current?.focus()]]);

  // The URL may change the search from outside (back button, a cleared filter): follow it.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  return (
    <TextInput
      ref={input}
      size="xs"
      w={width}
      placeholder={`${placeholder}  /`}
      aria-label={label}
      leftSection={<IconSearch size={14} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        push(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.currentTarget.blur();
        if (event.key === 'Enter') onChange(event.currentTarget.value.trim());
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              onChange('');
            }}
          />
        ) : null
      }
    />
  );
}
