import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// schema.d.ts must be what openapi-typescript makes of the committed API
// document, openapi.json (which the Go test TestOpenAPICommitted holds to
// the server's code): `make openapi` writes both. The types are generated
// again into a temporary file, with the options of `npm run openapi`.
describe('the generated API types', () => {
  it('are generated from the committed openapi.json', () => {
    const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), 'marquee-schema-'));
    try {
      const out = join(dir, 'schema.d.ts');
      execFileSync(process.execPath, [here('../../node_modules/openapi-typescript/bin/cli.js'), here('./openapi.json'), '-o', out], {
        stdio: 'pipe',
      });
      const fresh = readFileSync(out, 'utf8');
      const committed = readFileSync(here('./schema.d.ts'), 'utf8');
      expect(committed === fresh, 'src/api/schema.d.ts is stale: run make openapi and commit it').toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
