import { describe, expect, it } from 'vitest';
import { authPathFor, safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/users', '/users'],
    ['/users?tab=2#top', '/users?tab=2#top'],
    ['/inventory/../users', '/users'],
    ['/no-such-page', '/no-such-page'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['users'],
    ['//evil.example'],
    ['//evil.example/users'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/users\\..\\..\\evil'],
    ['https://evil.example/users'],
    ['javascript:alert(1)'],
    [' /users'],
    ['/auth'],
    ['/auth?next=/users'],
    ['/.//evil.example/x'],
    ['/x/..//evil.example/'],
    ['/%2e//evil.example'],
    ['/unauthorized'],
  ])('refuses %j', (value) => {
    expect(safeNextPath(value)).toBeNull();
  });
});

describe('authPathFor', () => {
  it('carries the page to come back to, encoded', () => {
    expect(authPathFor('/users?tab=2')).toBe('/auth?next=%2Fusers%3Ftab%3D2');
  });

  it('adds nothing for the home page or an unsafe path', () => {
    expect(authPathFor('/')).toBe('/auth');
    expect(authPathFor('//evil.example')).toBe('/auth');
  });
});
