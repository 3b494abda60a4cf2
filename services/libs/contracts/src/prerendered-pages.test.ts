import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES, prerenderedPageName } from './prerendered-pages.js';

const nameOf = (address: string) => {
  const url = new URL(address, 'http://localhost');
  return prerenderedPageName(url.pathname, url.searchParams);
};

describe('which pre-rendered page a page load gets', () => {
  it('is the page drawn for that address, for every pre-rendered page', () => {
    expect(PRERENDERED_PAGES.map(({ path }) => nameOf(path))).toEqual(
      PRERENDERED_PAGES.map(({ name }) => name),
    );
    expect(new Set(PRERENDERED_PAGES.map(({ name }) => name)).size).toBe(PRERENDERED_PAGES.length);
  });

  it('draws the landing pages and each topic of the game screen', () => {
    expect(PRERENDERED_PAGES.map(({ name }) => name)).toEqual([
      'index',
      'games',
      'gameplay-toplama',
      'gameplay-cikarma',
      'gameplay-carpma',
      'gameplay-bolme',
      'gameplay-kesirler',
    ]);
  });

  it('reads the topic in any spelling the app accepts, and ignores the language parameter', () => {
    expect(nameOf('/gameplay?type=%C3%A7%C4%B1karma')).toBe('gameplay-cikarma');
    expect(nameOf('/gameplay?type=div')).toBe('gameplay-bolme');
    expect(nameOf('/gameplay?type=kesirler&lng=en')).toBe('gameplay-kesirler');
    expect(nameOf('/?lng=en')).toBe('index');
  });

  it('is the shell where the page depends on what this device stored, or is not drawn ahead', () => {
    for (const address of [
      '/gameplay',
      '/gameplay?type=unknown',
      '/gameplay?type=toplama&start=1',
      '/games/',
      '/faq',
      '/shell',
      '/index',
      '/gameplay-toplama',
      '/statistics',
    ])
      expect(nameOf(address), address).toBeNull();
  });
});
