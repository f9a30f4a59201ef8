import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, cssVariablesResolver, DIMMED_TEXT, theme } from './theme.ts';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolved).light as Record<string, string>;
const WHITE = '#ffffff';
const PAGE = resolved.colors.gray[0];

describe('theme contrast (WCAG AA, 4.5:1 for text)', () => {
  it('white on the primary filled colour, and links on white and on the page', () => {
    const shade =
      typeof resolved.primaryShade === 'number' ? resolved.primaryShade : resolved.primaryShade.light;
    const primary = resolved.colors[resolved.primaryColor][shade];
    expect(contrast(WHITE, primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(primary, PAGE)).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text on white and on the page', () => {
    expect(light['--mantine-color-dimmed']).toBe(DIMMED_TEXT);
    expect(contrast(DIMMED_TEXT, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DIMMED_TEXT, PAGE)).toBeGreaterThanOrEqual(4.5);
  });

  it('every colour of light badges and alerts, on its tint and on white', () => {
    for (const [name, shades] of Object.entries(resolved.colors)) {
      if (name === 'dark') continue;
      const text = light[`--mantine-color-${name}-light-color`];
      expect(text, name).toBeDefined();
      for (const background of [shades[1], shades[2], WHITE])
        expect(contrast(text, background), `${name} on ${background}`).toBeGreaterThanOrEqual(4.5);
      expect(light[`--mantine-color-${name}-text`]).toBe(text);
    }
    expect(contrast(light['--mantine-color-error'], PAGE)).toBeGreaterThanOrEqual(4.5);
  });
});
