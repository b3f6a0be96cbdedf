// Writes the generated parts of the storefront's stylesheet (web/app/ui/css-generator.ts).
import { writeFile } from 'node:fs/promises';
import { responsiveCss, tokensCss } from '../app/ui/css-generator.ts';

const generated = new URL('../app/ui/generated/', import.meta.url);
await writeFile(new URL('tokens.css', generated), tokensCss());
await writeFile(new URL('responsive.css', generated), responsiveCss());
