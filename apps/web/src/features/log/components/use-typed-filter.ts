import {
  useCallback,
  useEffect,
  useState,
  type ChangeEvent,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { SEARCH_DELAY_MS } from '#shared/use-typed-search.ts';

interface Paged {
  page: number;
}

/**
 * A typed filter of a log list (text, account, module): the list follows once the user pauses,
 * Enter at once, and a new value starts at page 1. Like `useTypedSearch`, for any one key.
 */
export function useTypedFilter<P extends Paged, K extends keyof P & string>(
  setParams: Dispatch<SetStateAction<P>>,
  key: K,
  initial = '',
) {
  const [typed, setTyped] = useState(initial);
  const apply = useCallback(
    (value: string) =>
      setParams((p) => {
        const next = value.trim() || undefined;
        return p[key] === next ? p : { ...p, [key]: next, page: 1 };
      }),
    [setParams, key],
  );
  useEffect(() => {
    const timer = setTimeout(() => apply(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, apply]);
  return {
    /** Props for an antd Input. */
    input: {
      value: typed,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setTyped(event.target.value);
        if (!event.target.value) apply('');
      },
      onPressEnter: () => apply(typed),
    },
    /** Empties the box (the filters' reset). */
    clear: () => setTyped(''),
  };
}

/** What `useTypedFilter` gives a field. */
export type TypedFilter = ReturnType<typeof useTypedFilter>;
