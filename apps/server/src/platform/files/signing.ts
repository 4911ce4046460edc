/**
 * The key of pre-signed download URLs (configuration files, firmware images): derived from the
 * factory key (HMAC with a label of its own), which every server node already shares and keeps
 * across restarts, so a URL handed to an offline device stays good on any node until its command
 * expires. Knowing a signature reveals nothing of the factory key. Each kind of URL signs a message
 * that starts with its own path prefix, so a signature of one kind is never valid for another.
 */
import { createHmac } from 'node:crypto';
import { resolveFactoryKey } from '../bus/factory-key.ts';
import type { Config } from '../config.ts';

export function fileSigningKey(config: Config): Buffer {
  const factory = resolveFactoryKey(config.mqtt.factoryKey, config.dataDir);
  return createHmac('sha256', Buffer.from(factory.hex, 'hex')).update('config-file-url/v1').digest();
}
