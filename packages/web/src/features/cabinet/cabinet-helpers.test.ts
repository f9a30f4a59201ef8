import { describe, expect, it } from 'vitest';
import { breadcrumbSegments, folderSearch, humanSize, isPdf, joinPath, normalizePath } from './paths.ts';

describe('humanSize', () => {
  it('shows bytes, then KB, MB and GB', () => {
    expect(humanSize(0)).toBe('0 B');
    expect(humanSize(1023)).toBe('1023 B');
    expect(humanSize(1536)).toBe('1.5 KB');
    expect(humanSize(200 * 1024)).toBe('200 KB');
    expect(humanSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(humanSize(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });
});

describe('breadcrumbSegments', () => {
  it('starts at the cabinet and adds each folder on the way', () => {
    expect(breadcrumbSegments('/')).toEqual([{ name: 'File Cabinet', path: '/' }]);
    expect(breadcrumbSegments('/A/B')).toEqual([
      { name: 'File Cabinet', path: '/' },
      { name: 'A', path: '/A' },
      { name: 'B', path: '/A/B' },
    ]);
    expect(breadcrumbSegments('A//B C/')).toEqual([
      { name: 'File Cabinet', path: '/' },
      { name: 'A', path: '/A' },
      { name: 'B C', path: '/A/B C' },
    ]);
  });
});

describe('paths', () => {
  it('normalizes, joins and puts a folder in the query string', () => {
    expect(normalizePath(null)).toBe('/');
    expect(normalizePath('/A/')).toBe('/A');
    expect(joinPath('/', 'A')).toBe('/A');
    expect(joinPath('/A', ' B ')).toBe('/A/B');
    expect(folderSearch('/')).toBe('');
    expect(folderSearch('/A/B C&D')).toBe('?path=/A/B%20C%26D');
  });

  it('knows a PDF by its type or its name', () => {
    expect(isPdf({ filename: 'a.PDF', content_type: 'application/octet-stream' })).toBe(true);
    expect(isPdf({ filename: 'a', content_type: 'application/pdf' })).toBe(true);
    expect(isPdf({ filename: 'a.docx', content_type: 'application/msword' })).toBe(false);
  });
});
