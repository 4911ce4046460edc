import { describe, expect, it } from 'vitest';
import { errorCatalogue, ErrorCode, httpStatusFor } from '../errors.ts';
import {
  DNS_CATEGORIES,
  dnsCategoryLabels,
  dnsGetAllQuery,
  listPartUrlQuery,
  normalizeDomain,
} from './behaviour.ts';

describe('DNS behaviour contract', () => {
  it('stores domains trimmed, in lower case, without the final dot, and refuses malformed ones', () => {
    expect(normalizeDomain(' WWW.Example.COM. ')).toBe('www.example.com');
    expect(normalizeDomain('_dmarc.example.org')).toBe('_dmarc.example.org');
    expect(normalizeDomain('localhost')).toBe('localhost');
    for (const bad of [
      '',
      '.',
      'a..b',
      '-a.com',
      'a-.com',
      'exa mple.com',
      'ex/ample.com',
      `${'a'.repeat(64)}.com`,
    ]) {
      expect(normalizeDomain(bad)).toBeNull();
    }
    expect(normalizeDomain(`${'a.'.repeat(126)}a`)).not.toBeNull();
    expect(normalizeDomain(`${'a.'.repeat(127)}a`)).toBeNull();
  });

  it('labels every category in both languages and gives every error code both texts and a status', () => {
    for (const c of DNS_CATEGORIES) expect(dnsCategoryLabels[c].zh).not.toBe('');
    const codes = Object.values(ErrorCode).filter((c) => c >= 29040 && c <= 29079);
    expect(codes.length).toBeGreaterThan(10);
    for (const c of codes) {
      expect(errorCatalogue[c]?.en).toBeTruthy();
      expect(errorCatalogue[c]?.zh).toBeTruthy();
      expect(httpStatusFor(c)).toBeLessThan(500);
    }
    expect(httpStatusFor(ErrorCode.DnsWatchNotFound)).toBe(404);
    expect(httpStatusFor(ErrorCode.DnsWatchExists)).toBe(409);
  });

  it('defaults the period to 7 days and the top to 10, and caps the top', () => {
    expect(dnsGetAllQuery.parse({})).toMatchObject({ Period: '7d', page: 1, limit: 10 });
    expect(listPartUrlQuery.parse({ Top: '5' })).toMatchObject({ Top: 5, By: 'domain' });
    expect(listPartUrlQuery.safeParse({ Top: '101' }).success).toBe(false);
    expect(listPartUrlQuery.safeParse({ Period: 'year' }).success).toBe(false);
  });
});
