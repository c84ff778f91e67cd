import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DEFAULT_API_BASE_PATH } from '@caliber/contracts';
import { PinoNestLogger, ProcessMetrics, securityHeaders } from '@caliber/service-kit';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config';
import { GatewayModule } from './gateway.module';
import { ASSET_LABELS_BODY_LIMIT, jsonBodyMiddleware } from './http/json-body';
import { httpMetrics } from './http/http-metrics';
import { requestLog } from './http/request-log';
import { dropUntrustedTraceContext, trustedNetworks } from './http/trace-context';
import { assignRequestId, resumeRequestId } from './http/request-id';
import { signedInBeforeUpload } from './http/upload-sign-in';
import { serveApiDocs } from './docs/serve-docs';
import { serveWebApps } from './web/web-apps';

/** Builds the gateway application (not yet listening), so tests run exactly what production runs. */
export async function createGatewayApp(
  config: GatewayConfig,
  logger: Logger,
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config, logger), {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  app.set('trust proxy', config.trustProxy);
  // Idle keep-alive connections stay open longer than a proxy's or a client's idle timeout (60 s
  // is common): the other side then closes them first. With Node's 5 s default, a proxy or client
  // reusing a connection at the moment the gateway closes it gets a reset ("other side closed").
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // Before tracing reads it: a caller outside the trusted networks cannot choose its trace.
  const trusted = config.traceContextTrustedNetworks;
  dropUntrustedTraceContext(server, trusted.length > 0 ? trustedNetworks(trusted) : null);
  app.disable('x-powered-by');
  // First: every answer, even a refused or failed one, carries its request's id.
  app.use(assignRequestId());
  // Next, so each request's time includes every middleware after it.
  app.use(httpMetrics(app.get(ProcessMetrics)));
  // The app's pages and files carry the same headers here as from each front end's own server.
  app.use(securityHeaders(config.web));
  app.use(requestLog(logger.child({ component: 'http' })));
  if (config.corsOrigins.length > 0) app.enableCors({ origin: config.corsOrigins, credentials: true });
  serveApiDocs(app, config);
  serveWebApps(app, config);
  const signedIn = signedInBeforeUpload(app.get(JwtService));
  // A sheet of labels by the devices chosen lists up to the contract's most ids: more than the
  // usual limit holds, so its route reads a body of that size, and only from someone signed in.
  app.use(
    `${DEFAULT_API_BASE_PATH}/equipment/labels`,
    signedIn,
    ...jsonBodyMiddleware(ASSET_LABELS_BODY_LIMIT),
  );
  app.use(...jsonBodyMiddleware(config.bodyLimit));
  app.use(resumeRequestId());
  app.setGlobalPrefix(DEFAULT_API_BASE_PATH.replace(/^\//, ''));
  return app;
}
