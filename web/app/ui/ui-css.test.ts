import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { responsiveCss, tokensCss } from './css-generator.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const generated = (name: string) => readFile(path.join(here, 'generated', name), 'utf8');

describe('the generated parts of ui.css', () => {
  it('are what the generator writes (run `npm run ui-css -w web` after changing it)', async () => {
    expect(await generated('tokens.css')).toBe(tokensCss());
    expect(await generated('responsive.css')).toBe(responsiveCss());
  });

  it('give every responsive property a rule at each width step', () => {
    const css = responsiveCss();
    for (const step of ['base', 'sm', 'md', 'lg']) expect(css).toContain(`width: var(--width-${step});`);
    expect(css).toContain('@media (min-width: 48em)');
  });
});
