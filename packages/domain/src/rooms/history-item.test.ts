import { describe, expect, it } from 'vitest';
import { historyItem } from './history-item.ts';

describe('a room history entry on one line', () => {
  it('names the page once when the detail already is the page', () => {
    expect(historyItem({ label: 'Term sheet', sublabel: 'Page 5', page: 5 })).toBe('Term sheet · Page 5');
    expect(historyItem({ label: 'Term sheet', sublabel: '', page: 2 })).toBe('Term sheet · Page 2');
  });

  it('keeps a detail of its own, and shows -- for an empty entry', () => {
    expect(historyItem({ label: 'NDA', sublabel: 'Signed', page: null })).toBe('NDA · Signed');
    expect(historyItem({ label: 'Deck', sublabel: 'Download', page: 3 })).toBe('Deck · Download · Page 3');
    expect(historyItem({ label: '', sublabel: '', page: null })).toBe('--');
  });
});
