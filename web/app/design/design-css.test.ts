import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokensCss } from './design-css.ts';

const read = (relative: string) => readFile(new URL(relative, import.meta.url), 'utf8');
const app = path.resolve(import.meta.dirname, '..');

/** The storefront's stylesheets and code (the back office, on Mantine, has its own theme). */
async function storefrontSources(): Promise<string[]> {
  const files = (await readdir(app, { recursive: true })) as string[];
  const storefront = files.filter(
    (file) =>
      /\.(css|ts|tsx)$/.test(file) &&
      !/\.test\.tsx?$/.test(file) &&
      !/(^|[\\/])(admin[^\\/]*|generated)[\\/]|[\\/]admin[^\\/]*\.tsx?$/.test(file),
  );
  return Promise.all(storefront.map((file) => readFile(path.join(app, file), 'utf8')));
}

describe('the generated stylesheet', () => {
  it('is what the generator writes (run `npm run design-css -w web` after changing the tokens)', async () => {
    expect(await read('./generated/tokens.css')).toBe(tokensCss());
  });

  it("gives the primary colour, the kit's shades and the scales a variable", () => {
    const css = tokensCss();
    expect(css).toContain('--c-blue-8: #1971c2;');
    expect(css).toContain('--c-orange-0: #fff4e6;');
    expect(css).toContain('--c-primary: var(--c-blue-8);');
    expect(css).toContain('--space-md: 16px;');
    expect(css).toContain('--font-size-sm: 14px;');
    expect(css).not.toContain('mantine');
  });

  it('has a variable for every shade a storefront stylesheet or component names, and leaves the others out', async () => {
    const css = tokensCss();
    const named = new Set((await storefrontSources()).flatMap((text) => text.match(/--c-[a-z]+-\d\b/g) ?? []));
    expect(named.size).toBeGreaterThan(10);
    for (const variable of named) expect(css, variable).toContain(`${variable}:`);
    expect(css).not.toContain('--c-red-4:');
  });
});
