/** Writes the printed schema of every GraphQL endpoint to apps/server/schema/<name>.graphql. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printedSchemas } from '../src/platform/graphql/print.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../schema');
fs.mkdirSync(dir, { recursive: true });
for (const [name, sdl] of Object.entries(printedSchemas())) {
  fs.writeFileSync(path.join(dir, `${name}.graphql`), sdl);
  console.log(`wrote schema/${name}.graphql`);
}
