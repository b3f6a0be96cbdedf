import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { responsiveCss } from '../ui/css-generator.ts';
import { tokensCss } from './design-css.ts';

const read = (relative: string) => readFile(new URL(relative, import.meta.url), 'utf8');

describe('the generated stylesheets', () => {
  it('are what the generators write (run `npm run design-css -w web` after changing the tokens)', async () => {
    expect(await read('./generated/tokens.css')).toBe(tokensCss());
    expect(await read('../ui/generated/responsive.css')).toBe(responsiveCss());
  });

  it('give every palette shade, the primary colour and the scales a variable', () => {
    const css = tokensCss();
    expect(css).toContain('--c-blue-8: #1971c2;');
    expect(css).toContain('--c-primary: var(--c-blue-8);');
    expect(css).toContain('--space-md: 16px;');
    expect(css).toContain('--font-size-sm: 14px;');
    expect(css).not.toContain('mantine');
  });

  it('give every responsive property a rule at each width step', () => {
    const css = responsiveCss();
    for (const step of ['base', 'sm', 'md', 'lg']) expect(css).toContain(`width: var(--width-${step});`);
    expect(css).toContain('@media (min-width: 48em)');
  });
});
