// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { MAP_TYPE_KEY, defaultMapType, getMapType, setMapType } from './map-type.ts';

afterEach(() => {
  localStorage.clear();
  document.cookie = 'language=; max-age=0; path=/';
});

describe('map type', () => {
  it('a first visit (nothing stored) draws with the language’s default type', () => {
    expect(defaultMapType('zh')).toBe('baidu');
    expect(defaultMapType('en')).toBe('google');
    expect(getMapType()).toBe('google');
    document.cookie = 'language=zh; path=/';
    expect(getMapType()).toBe('baidu');
    // Not a type of spec §3: as if nothing were stored.
    localStorage.setItem(MAP_TYPE_KEY, 'bing');
    expect(getMapType()).toBe('baidu');
  });

  it('a choice is stored and wins over the default', () => {
    document.cookie = 'language=zh; path=/';
    setMapType('google');
    expect(localStorage.getItem(MAP_TYPE_KEY)).toBe('google');
    expect(getMapType()).toBe('google');
  });
});
