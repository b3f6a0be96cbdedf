/**
 * The storefront's CSS variables, written from the design tokens: `npm run design-css -w web` writes
 * generated/tokens.css; design-css.test.ts fails when the file and the tokens differ.
 */
import {
  contentWidth,
  defaultRadius,
  dimmedText,
  fontFamilies,
  fontSizes,
  palettes,
  primary,
  radii,
  spacing,
  storefrontShades,
  surfaces,
} from './tokens.ts';

const px = (value: number) => `${value}px`;
const scale = (prefix: string, values: Record<string, number>) =>
  Object.entries(values).map(([name, value]) => `  --${prefix}-${name}: ${px(value)};`);

export function tokensCss(): string {
  const lines: string[] = [];
  const more: Partial<Record<string, readonly number[]>> = storefrontShades.more;
  for (const [name, shades] of Object.entries(palettes)) {
    const kept = new Set<number>([...storefrontShades.kit, ...(more[name] ?? [])]);
    shades.forEach((value, shade) => kept.has(shade) && lines.push(`  --c-${name}-${shade}: ${value};`));
  }
  lines.push(
    `  --c-primary: var(--c-${primary.palette}-${primary.shade});`,
    `  --c-primary-hover: var(--c-${primary.palette}-${primary.shade + 1});`,
    `  --c-dimmed: ${dimmedText};`,
    `  --c-body: ${surfaces.body};`,
    `  --c-text: ${surfaces.text};`,
    `  --c-white: #fff;`,
    `  --c-on-primary: ${surfaces.onPrimary};`,
    `  --c-border: var(--c-${surfaces.border});`,
    `  --c-error: var(--c-${surfaces.error});`,
    ...scale('space', spacing),
    ...scale('radius', radii),
    `  --radius-default: var(--radius-${defaultRadius});`,
    ...scale('font-size', fontSizes),
    `  --font-text: ${fontFamilies.text};`,
    `  --font-mono: ${fontFamilies.mono};`,
    `  --content-width: ${px(contentWidth)};`,
  );
  return (
    '/* Generated from web/app/design/tokens.ts (npm run design-css -w web). Do not edit. */\n' +
    `:root {\n${lines.join('\n')}\n}\n`
  );
}
