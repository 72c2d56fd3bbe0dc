import { MATCH_ALL } from '@fieldbook/domain';
import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ListParams } from '../../lib/list-params';
import { withQuery } from '../../lib/paths';

interface SearchFormProps {
  /** The list route the search goes to. */
  path: string;
  params: ListParams;
  placeholder?: string;
}

/**
 * The search box of a list screen. A search goes to the first page of `path` with the same page size;
 * an empty one means everything (q=*).
 */
export function SearchForm({ path, params, placeholder }: SearchFormProps) {
  const navigate = useNavigate();
  const [text, setText] = useState(params.q === MATCH_ALL ? '' : params.q);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(withQuery(path, { q: text.trim() || MATCH_ALL, p: 1, s: params.s }));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet known to every supported browser (nor jsdom); the role is.
    <form role="search" onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Search"
          type="search"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          placeholder={placeholder}
          autoComplete="off"
          style={{ flex: 1 }}
          maw={480}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </form>
  );
}
