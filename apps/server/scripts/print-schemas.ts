/**
 * Writes the printed schema of every GraphQL endpoint to apps/server/schema/<name>.graphql and
 * the resolver types graphql-codegen generates from it to src/platform/graphql/generated/<name>.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedFile, generatedResolverTypes } from '../src/platform/graphql/codegen.ts';
import { printedSchemas } from '../src/platform/graphql/print.ts';
import type { EndpointName } from '../src/platform/graphql/types.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'schema');
fs.mkdirSync(dir, { recursive: true });
for (const [name, sdl] of Object.entries(printedSchemas())) {
  fs.writeFileSync(path.join(dir, `${name}.graphql`), sdl);
  console.log(`wrote schema/${name}.graphql`);
}
for (const [name, code] of Object.entries(await generatedResolverTypes())) {
  const file = generatedFile(name as EndpointName);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, code);
  console.log(`wrote ${path.relative(root, file)}`);
}
