// Writes the generated stylesheet: the design tokens' variables.
import { writeFile } from 'node:fs/promises';
import { tokensCss } from '../app/design/design-css.ts';

await writeFile(new URL('../app/design/generated/tokens.css', import.meta.url), tokensCss());
