import { useEffect, useState, type ChangeEvent, type Dispatch, type SetStateAction } from 'react';

/** Typing searches once the user pauses this long; Enter searches at once. */
export const SEARCH_DELAY_MS = 400;

interface Searchable {
  search: string;
  page: number;
}

/** A new search starts at page 1; the same search leaves the list alone. */
export function withSearch<P extends Searchable>(params: P, value: string): P {
  const search = value.trim();
  return params.search === search ? params : { ...params, search, page: 1 };
}

/** A list's search box: props for an antd Input, feeding the list's query parameters. */
export function useTypedSearch<P extends Searchable>(setParams: Dispatch<SetStateAction<P>>) {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setParams((p) => withSearch(p, typed)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, setParams]);
  return {
    value: typed,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setTyped(event.target.value);
      // Clearing the box shows the whole list at once.
      if (!event.target.value) setParams((p) => withSearch(p, ''));
    },
    onPressEnter: () => setParams((p) => withSearch(p, typed)),
  };
}
