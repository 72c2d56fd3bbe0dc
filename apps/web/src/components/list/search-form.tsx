import { MATCH_ALL } from '@fieldbook/domain';
import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ListParams } from '../../lib/list-params';
import { withQuery } from '../../lib/paths';
import { searchQuery } from '../../lib/search-query';

interface SearchFormProps {
  /** The list route the search goes to. */
  path: string;
  params: ListParams;
  placeholder?: string;
}

/**
 * The search box of a list screen. A search goes to the first page of `path` with the same page size;
 * an empty one means everything (q=*), and words the query syntax cannot read go in quotes (`searchQuery`).
 * The box shows the URL's search: after Back or Forward too, without losing the keyboard's place.
 */
export function SearchForm({ path, params, placeholder }: SearchFormProps) {
  const navigate = useNavigate();
  const searched = params.q === MATCH_ALL ? '' : params.q;
  const [text, setText] = useState(searched);
  const [shown, setShown] = useState(searched);
  if (searched !== shown) {
    setShown(searched);
    setText(searched);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(withQuery(path, { q: searchQuery(text), p: 1, s: params.s }));
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
