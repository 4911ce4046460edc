/**
 * Access control of the embedded broker (protocol §2.5): a device publishes only under
 * `dev/{its SN}/up/` and subscribes only under `dev/{its SN}/down/`. The client id and user name are
 * the SN, checked at CONNECT, so the SN here is authenticated.
 */
import { TOPIC_ROOT } from '@netconsole/contract';

export function mayPublish(sn: string, topic: string): boolean {
  const prefix = `${TOPIC_ROOT}/${sn}/up/`;
  return topic.length > prefix.length && topic.startsWith(prefix);
}

export function maySubscribe(sn: string, filter: string): boolean {
  const prefix = `${TOPIC_ROOT}/${sn}/down/`;
  return filter.length > prefix.length && filter.startsWith(prefix);
}
