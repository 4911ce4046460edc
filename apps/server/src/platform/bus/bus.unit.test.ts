import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayPublish, maySubscribe } from './acl.ts';
import { redactUrl, serverSubscription } from './bus.ts';
import { FactoryKeyError, resolveFactoryKey } from './factory-key.ts';

describe('embedded broker ACL', () => {
  it('lets a device publish under its own up topics only', () => {
    expect(mayPublish('AP2024000001', 'dev/AP2024000001/up/stats')).toBe(true);
    expect(mayPublish('AP2024000001', 'dev/AP2024000001/up/stats/x')).toBe(true);
    expect(mayPublish('AP2024000001', 'dev/AP2024000002/up/stats')).toBe(false);
    expect(mayPublish('AP2024000001', 'dev/AP2024000001/down/reboot')).toBe(false);
    expect(mayPublish('AP2024000001', 'dev/AP2024000001/up/')).toBe(false);
    expect(mayPublish('AP2024000001', 'dev/AP20240000011/up/stats')).toBe(false);
  });
  it('lets a device subscribe under its own down topics only', () => {
    expect(maySubscribe('AP2024000001', 'dev/AP2024000001/down/+')).toBe(true);
    expect(maySubscribe('AP2024000001', 'dev/AP2024000001/down/reboot')).toBe(true);
    expect(maySubscribe('AP2024000001', 'dev/+/down/+')).toBe(false);
    expect(maySubscribe('AP2024000001', '#')).toBe(false);
    expect(maySubscribe('AP2024000001', 'dev/AP2024000001/up/#')).toBe(false);
    expect(maySubscribe('AP2024000001', '$share/x/dev/AP2024000001/down/+')).toBe(false);
  });
});

describe('bus helpers', () => {
  it('names the shared subscription and hides credentials', () => {
    expect(serverSubscription('console')).toBe('$share/console/dev/+/up/#');
    expect(serverSubscription('')).toBe('dev/+/up/#');
    expect(redactUrl('mqtt://console:s3cret@broker:1883')).toBe('mqtt://broker:1883');
    expect(redactUrl('not a url')).toBe('(invalid URL)');
  });
});

describe('the factory key', () => {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-key-'));

  it('is created once in the data directory, readable by its owner only, then reused', () => {
    const dir = tmp();
    const first = resolveFactoryKey(undefined, dir);
    expect(first).toMatchObject({ created: true, source: path.join(dir, 'factory-key') });
    expect(first.hex).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(first.source).mode & 0o777).toBe(0o600);
    expect(resolveFactoryKey(undefined, dir)).toEqual({ ...first, created: false });
    fs.rmSync(dir, { recursive: true });
  });

  it('prefers FACTORY_KEY and refuses a damaged file', () => {
    const dir = tmp();
    const key = 'AB'.repeat(32);
    expect(resolveFactoryKey(key, dir)).toEqual({
      hex: key.toLowerCase(),
      source: 'environment',
      created: false,
    });
    expect(fs.existsSync(path.join(dir, 'factory-key'))).toBe(false);
    fs.writeFileSync(path.join(dir, 'factory-key'), 'not a key');
    expect(() => resolveFactoryKey(undefined, dir)).toThrow(FactoryKeyError);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('device bus configuration', () => {
  it('reads MQTT_PORT, MQTT_URL and FACTORY_KEY, and never echoes a bad key', async () => {
    const { ConfigError, loadConfig } = await import('../config.ts');
    expect(loadConfig({}).mqtt).toMatchObject({ port: 18830, url: undefined, factoryKey: undefined });
    expect(loadConfig({ MQTT_PORT: '0' }).mqtt.port).toBeNull();
    const key = 'AB'.repeat(32);
    expect(loadConfig({ MQTT_URL: 'mqtts://u:p@broker:8883', FACTORY_KEY: key }).mqtt).toMatchObject({
      url: 'mqtts://u:p@broker:8883',
      factoryKey: key.toLowerCase(),
      shareGroup: 'console',
    });
    const bad = () => loadConfig({ FACTORY_KEY: 'AB'.repeat(31), MQTT_URL: 'http://u:secret@x' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/FACTORY_KEY=\(hidden\): must be 64 hexadecimal digits/);
    expect(bad).not.toThrow(/ABAB|secret/);
    expect(() => loadConfig({ MQTT_PORT: '70000' })).toThrow(/MQTT_PORT/);
  });
});
