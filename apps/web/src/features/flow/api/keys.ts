/** Everything of the flow screens: what a live change or a watch-list edit refetches. */
export const FLOW_KEY = ['flow'] as const;

/** A query's values as the API client takes them: undefined ones are left out. */
export type Query = Record<string, string | number | undefined>;
