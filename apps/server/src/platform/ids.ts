import { randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

export type Clock = () => number;
export const systemClock: Clock = () => Date.now();
