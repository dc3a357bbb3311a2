import { afterEach, describe, expect, it } from 'vitest';
import { customerName } from './customer-name';
import { i18n } from './i18n';

describe('customerName (issue 20: Walk-in Customer in the reader’s language)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('translates the Walk-in Customer, by its flag or its stored name, and nobody else', async () => {
    await i18n.changeLanguage('sw');
    expect(customerName({ name: 'Walk-in Customer', is_walk_in: true })).toBe('Mteja wa Papo Hapo');
    // A sale's customer carries only the name it is stored under.
    expect(customerName({ name: 'Walk-in Customer' })).toBe('Mteja wa Papo Hapo');
    expect(customerName({ name: 'Grace Wambui', is_walk_in: false })).toBe('Grace Wambui');
    await i18n.changeLanguage('fr');
    expect(customerName({ name: 'Walk-in Customer' })).toBe('Client de passage');
  });
});
