import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/**
 * Validates an OpenAPI document with @seriousme/openapi-schema-validator (the official OpenAPI JSON schemas). The
 * package is ESM-only, so it runs in a child Node process; the document goes in on stdin.
 */
export function validateOpenApi(document: unknown): { valid: boolean; errors?: unknown } {
  const entry = pathToFileURL(require.resolve('@seriousme/openapi-schema-validator')).href;
  const script = `
    import { Validator } from ${JSON.stringify(entry)};
    let input = '';
    process.stdin.on('data', (chunk) => { input += chunk; });
    process.stdin.on('end', async () => {
      const result = await new Validator().validate(JSON.parse(input));
      process.stdout.write(JSON.stringify(result));
    });`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(document), encoding: 'utf8' });
  return JSON.parse(output) as { valid: boolean; errors?: unknown };
}
