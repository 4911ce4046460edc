import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts, for React and non-React code alike (the API client, session timers). antd's message
 * code (~10 KB gzip) loads on the first toast: until then toasts wait in a queue, and a visit
 * without any toast never downloads it. The app mounts the context-aware message API on demand.
 */
type Kind = 'success' | 'info' | 'warning' | 'error';

let instance: MessageInstance | null = null;
const pending: { kind: Kind; text: string }[] = [];
let demanded = false;
const demandListeners = new Set<() => void>();

/** Whether anything has asked for a toast yet: the app then mounts the message API. */
export function notifierDemanded(): boolean {
  return demanded;
}

export function subscribeNotifierDemand(listener: () => void): () => void {
  demandListeners.add(listener);
  return () => demandListeners.delete(listener);
}

export function registerNotifier(api: MessageInstance | null): void {
  instance = api;
  if (!api) return;
  for (const { kind, text } of pending.splice(0)) void api[kind](text);
}

function show(kind: Kind, text: string): void {
  if (instance) {
    void instance[kind](text);
    return;
  }
  pending.push({ kind, text });
  if (!demanded) {
    demanded = true;
    for (const listener of demandListeners) listener();
  }
}

export const notify = {
  success: (text: string) => show('success', text),
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
  error: (text: string) => show('error', text),
};
