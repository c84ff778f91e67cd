import type { NestExpressApplication } from '@nestjs/platform-express';
import { startGateway, type RunningGateway } from '@caliber/testing/stack';
import { OPERATIONS } from '../api/operations';
import { openApiDocument } from './openapi';

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
  match(path: string): boolean;
}

describe('API documentation at /api/docs', () => {
  let gateway: RunningGateway;

  beforeAll(async () => {
    gateway = await startGateway({ REDIS_KEY_PREFIX: `docs-${Date.now()}` });
  });
  afterAll(() => gateway.app.close());

  it('documents every route the gateway serves, and nothing it does not', () => {
    const router = (gateway.app as NestExpressApplication).getHttpAdapter().getInstance()
      .router as unknown as {
      stack: RouterLayer[];
    };
    const served = router.stack
      .filter((layer) => layer.route)
      .flatMap((layer) =>
        Object.keys(layer.route?.methods ?? {}).map(
          (method) => `${method} ${(layer.route?.path ?? '').replace(/:(\w+)/g, '{$1}')}`,
        ),
      )
      .sort();
    const documented = OPERATIONS.map((route) => `${route.method} ${route.path}`).sort();
    expect(documented).toEqual(served);
  });

  it("routes each operation's path to its own handler: no path is taken by another operation's route", () => {
    const router = (gateway.app as NestExpressApplication).getHttpAdapter().getInstance()
      .router as unknown as {
      stack: RouterLayer[];
    };
    const routes = router.stack.filter((layer) => layer.route);
    const takenBy = OPERATIONS.flatMap((operation) => {
      // A record id where the path names one: what real calls send.
      const path = operation.path.replace(/\{\w+\}/g, '0b9f3c8e-2d1a-4c5e-9f7b-6a1d2e3f4a5b');
      const first = routes.find(
        (layer) => layer.route?.methods[operation.method] === true && layer.match(path),
      );
      const served = (first?.route?.path ?? '').replace(/:(\w+)/g, '{$1}');
      return served === operation.path ? [] : [`${operation.method} ${operation.path} → ${served}`];
    });
    expect(takenBy).toEqual([]);
  });

  it('serves the OpenAPI document, with request schemas from the contract, and the Swagger UI page', async () => {
    const document = (await (await fetch(`${gateway.url}/api/docs/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
      >;
    };
    expect(document.openapi).toBe('3.1.0');
    const create =
      document.paths['/api/equipment']?.['post']?.requestBody?.content['application/json']?.schema;
    expect(create?.required).toEqual(
      expect.arrayContaining(['name', 'serialNumber', 'installationDate', 'status', 'category']),
    );

    const page = await fetch(`${gateway.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/docs/swagger-ui-bundle.js');
    const bundle = await fetch(`${gateway.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    // Read it all: an unread body keeps the connection busy and the server from closing.
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it('names every operation once, and documents the refusals of a body (413, 415) on each route that takes one', () => {
    const document = openApiDocument('Caliber', '1.0.0') as {
      paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>;
    };
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(operations.length);
    for (const route of OPERATIONS.filter((candidate) => candidate.body)) {
      const responses = document.paths[route.path]?.[route.method]?.responses ?? {};
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(['413', '415']));
    }
  });
});
