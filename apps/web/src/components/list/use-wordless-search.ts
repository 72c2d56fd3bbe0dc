import { MATCH_ALL } from '@fieldbook/domain';
import { useEffect, useState } from 'react';

/**
 * Whether the list's `q` has no words to look for (`&&`, an emoji), so the API lists everything (the domain's
 * `isWordlessSearch`). Read with the search's parser, loaded on demand as the search box loads it: false until then.
 */
export function useWordlessSearch(q: string): boolean {
  const [wordless, setWordless] = useState<string | null>(null);
  // A letter or a digit is a word (and `*` is everything by name): only other text is read, so a list's first
  // download does not wait for the parser (3 KB).
  const maybe = q !== MATCH_ALL && !/[\p{L}\p{N}]/u.test(q);
  useEffect(() => {
    if (!maybe) return;
    let current = true;
    void import('@fieldbook/domain/search-text').then(({ isWordlessSearch }) => {
      if (current) setWordless(isWordlessSearch(q) ? q : null);
    });
    return () => {
      current = false;
    };
  }, [q, maybe]);
  return maybe && wordless === q;
}
