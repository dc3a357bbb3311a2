import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import frSystem from '@/locales/fr/system.json';
import { formatSize } from './format-size';

describe('formatSize (a backup file, issue 27)', () => {
  it('writes KB under 1,000 KB, then MB, then GB (1 KB = 1,024 bytes)', () => {
    expect(formatSize(840 * 1024)).toBe('840 KB');
    expect(formatSize(5 * 1024 + 300)).toBe('5.3 KB');
    expect(formatSize(1000 * 1024)).toBe('1 MB');
    expect(formatSize(13_002_342)).toBe('12.4 MB');
    expect(formatSize(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });

  it('never writes a file as 0 KB', () => {
    expect(formatSize(12)).toBe('0.1 KB');
    expect(formatSize(0)).toBe('0 KB');
  });

  it("writes the language's decimal mark and units", () => {
    i18n.addResourceBundle('fr', 'system', frSystem);
    expect(formatSize(13_002_342, 'fr')).toBe('12,4 Mo');
    expect(formatSize(null)).toBe('N/A');
  });
});
