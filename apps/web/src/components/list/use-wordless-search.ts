import { useEffect, useState } from 'react';

/**
 * Whether the list's `q` has no words to look for (`&&`, an emoji), so the API lists everything (the domain's
 * `isWordlessSearch`). Read with the search's parser, loaded on demand as the search box loads it: false until then.
 */
export function useWordlessSearch(q: string): boolean {
  const [wordless, setWordless] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('@fieldbook/domain/search-text').then(({ isWordlessSearch }) => {
      if (current) setWordless(isWordlessSearch(q) ? q : null);
    });
    return () => {
      current = false;
    };
  }, [q]);
  return wordless === q;
}
