import { MATCH_ALL } from '@fieldbook/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ListParams } from '../../lib/list-params';
import { withQuery } from '../../lib/paths';
import { useDebounced } from '../../lib/use-debounced';
import { PlainButton } from '../plain-button';
import { PlainTextInput } from '../plain-inputs';
import './list-screen.css';

/**
 * What typed text searches for (`searchQuery`, with the query syntax's parser): loaded with the first search, as a
 * list is usable without it (2 KB of the first download).
 */
const readSearch = async (typed: string) =>
  (await import('@fieldbook/domain/search-text')).searchQuery(typed);

/** How long typing pauses before the list follows it. */
export const SEARCH_AS_YOU_TYPE_MS = 250;

interface SearchFormProps {
  /** The list route the search goes to. */
  path: string;
  params: ListParams;
  placeholder?: string;
}

/**
 * The search box of a list screen. The list follows the box as the user types (after a short pause), and
 * Enter or the Search button searches at once. A search goes to the first page of `path` with the same page
 * size; an empty one means everything (q=*), and words the query syntax cannot read go in quotes
 * (`searchQuery`), so no everyday text is refused. The box keeps what the user typed; it shows the URL's
 * search only when the URL changes by other means (Back, Forward, a link).
 */
export function SearchForm({ path, params, placeholder }: SearchFormProps) {
  const navigate = useNavigate();
  const { key: here } = useLocation();
  /**
   * The address the box is on, or null once it has gone: a search still being read when the user has moved on
   * (a link, Back) does not pull them back to the list.
   */
  const onAddress = useRef<string | null>(here);
  useEffect(() => {
    onAddress.current = here;
    return () => {
      onAddress.current = null;
    };
  }, [here]);
  const searched = params.q === MATCH_ALL ? '' : params.q;
  const [text, setText] = useState(searched);
  const [shownQ, setShownQ] = useState(params.q);
  /** The q this box last sent: its arrival in the URL is not a reason to change the box. */
  const sent = useRef<string | undefined>(undefined);
  if (params.q !== shownQ) {
    setShownQ(params.q);
    if (params.q !== sent.current) setText(searched);
  }

  const search = async (typed: string, how: 'typing' | 'submit') => {
    const from = onAddress.current;
    const q = await readSearch(typed);
    if (onAddress.current !== from) return;
    if (how === 'typing' && q === params.q) return;
    // Typing refines one search: it replaces its own history entry rather than adding one per pause.
    const replace = how === 'typing' && sent.current === params.q;
    sent.current = q;
    void navigate(withQuery(path, { q, p: 1, s: params.s }), { replace });
  };
  const searchAsTyped = useDebounced((typed: string) => void search(typed, 'typing'), SEARCH_AS_YOU_TYPE_MS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    searchAsTyped.cancel();
    void search(text, 'submit');
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet known to every supported browser (nor jsdom); the role is.
    <form role="search" onSubmit={submit} noValidate>
      <div className="search-form-row">
        <PlainTextInput
          label="Search"
          style={{ flex: 1, maxWidth: 'calc(30rem * var(--mantine-scale))' }}
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            searchAsTyped(event.currentTarget.value);
          }}
          placeholder={placeholder}
          autoComplete="off"
        />
        <PlainButton type="submit" variant="default">
          Search
        </PlainButton>
      </div>
    </form>
  );
}
