import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type Request, type Response } from 'express';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { GatewayConfig } from '../config';
import { openApiDocument } from './openapi';

const VERSION = process.env['npm_package_version'] ?? '0.1.0';

const PAGE = (title: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <!-- Named here, or the browser asks for /favicon.ico, which is no file of ours (a 404). -->
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>`;

// A file, not an inline script: the content security policy allows scripts from this origin only.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** `/api/docs`: Swagger UI over the OpenAPI document of every gateway route. Public. */
export function serveApiDocs(app: NestExpressApplication, config: GatewayConfig): void {
  const document = openApiDocument(config.web.productName, VERSION);
  const title = `${config.web.productName} CMMS API`;
  app.use('/api/docs', (request: Request, response: Response, next: () => void) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (request.path === '/' || request.path === '') return void response.type('html').send(PAGE(title));
    if (request.path === '/openapi.json') return void response.json(document);
    if (request.path === '/init.js') return void response.type('js').send(INIT);
    next();
  });
  // Resolved at run time: a bundler would turn a plain require.resolve into a module id.
  const swaggerUi = dirname(createRequire(__filename).resolve('swagger-ui-dist/package.json'));
  app.use('/api/docs', express.static(swaggerUi, { index: false }));
}
