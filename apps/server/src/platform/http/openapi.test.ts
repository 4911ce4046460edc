import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
let served: Record<string, unknown>;

beforeAll(async () => {
  h = await startHarness();
  served = (await h.app.inject({ url: '/docs/json' })).json();
});
afterAll(async () => {
  await h.close();
});

// Whoever generates a client from our API feeds the served document to tools like these.
describe('the served OpenAPI document', () => {
  it('passes a maintained validator (every $ref resolves)', async () => {
    // validate() dereferences in place; give it a copy so the next test sees the served text.
    await expect(SwaggerParser.validate(structuredClone(served) as never)).resolves.toBeDefined();
  });

  it('generates a typed client naming the known paths', async () => {
    const ts = astToString(await openapiTS(structuredClone(served) as never));
    for (const path of [
      '/v1/user/login',
      '/v1/user/getCurrentUser',
      '/v1/dashboard/uploadLogo',
      '/system/version',
    ]) {
      expect(ts).toContain(`"${path}": {`);
    }
    expect(ts).toContain('ErrorReply: {');
  });
});
