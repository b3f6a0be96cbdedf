// Writes the generated stylesheets: the design tokens' variables and the responsive steps of the kit's style props.
import { writeFile } from 'node:fs/promises';
import { tokensCss } from '../app/design/design-css.ts';
import { responsiveCss } from '../app/ui/css-generator.ts';

await writeFile(new URL('../app/design/generated/tokens.css', import.meta.url), tokensCss());
await writeFile(new URL('../app/ui/generated/responsive.css', import.meta.url), responsiveCss());
