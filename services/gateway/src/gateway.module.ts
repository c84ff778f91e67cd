import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ClientProxy, ClientsModule } from '@nestjs/microservices';
import { PassportModule } from '@nestjs/passport';
import {
  fileStoreFromSettings,
  fileStoreProviders,
  MetricsModule,
  natsClientOptions,
  statementProviders,
  StatementSigner,
} from '@caliber/service-kit';
import type { Logger } from 'pino';
import { forwardingController } from './api/operation-routes';
import { documentsController } from './documents/documents.controller';
import { IncomingUploads } from './documents/incoming-uploads';
import { OPERATIONS } from './api/operations';
import { AuthController } from './auth/auth.controller';
import { JwtAuthGuard } from './auth/jwt-auth.guard';
import { JwtStrategy, JWT_ALGORITHM, sessionKeyOf } from './auth/jwt.strategy';
import { KnownDevices } from './auth/known-devices';
import { OtpRateLimiter } from './auth/otp-rate-limiter';
import { GATEWAY_CONFIG, GATEWAY_LOGGER, type GatewayConfig } from './config';
import { EquipmentClient } from './equipment/equipment.client';
import { EquipmentFilesController } from './equipment/equipment-files.controller';
import { OutgoingFiles } from './http/outgoing-files';
import { TasksClient } from './tasks/tasks.client';
import { UsersClient } from './users/users.client';
import { UsersController } from './users/users.controller';
import { TasksController } from './tasks/tasks.controller';
import { HealthController } from './health/health.controller';
import { HealthChecks } from './health/health-checks';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardService } from './dashboard/dashboard.service';
import { DashboardFiguresCache } from './dashboard/dashboard-figures-cache';
import { DropsDashboardFigures } from './dashboard/drops-dashboard-figures.interceptor';
import { OwnSettingsController } from './settings/own-settings.controller';
import { HttpExceptionFilter } from './http/http-exception.filter';
import { IdentityClient } from './identity/identity.client';
import type { ServiceChannel } from '@caliber/service-kit';
import { SERVICE_CHANNEL, SERVICES_CLIENT } from './identity/service-client';
import { SessionCache } from './auth/session-cache';
import { SessionIssuer } from './auth/session-issuer';
import { SsoController } from './auth/sso.controller';
import { SessionChecker } from './auth/session-checker';
import { DomainEventsRelay } from './live/domain-events.relay';
import { LiveGateway } from './live/live.gateway';
import { GatewayMetrics } from './metrics/gateway-metrics';
import { RedisConnection } from './redis/redis.provider';
import { ReportsClient } from './reports/reports.client';
import { ReportsController } from './reports/reports.controller';
import { SafetyClient } from './safety/safety.client';
import { SafetyTestsController } from './safety/safety-tests.controller';
import { AuditClient, AuditController } from './audit/audit.controller';

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        // On a port of its own (METRICS_PORT): the gateway's HTTP port is the public one.
        MetricsModule.forRoot({
          service: 'gateway',
          logger,
          ownListener: { port: config.metricsPort, host: config.host },
        }),
        ClientsModule.register([{ name: SERVICES_CLIENT, ...natsClientOptions(config.nats, 'gateway') }]),
        PassportModule,
        JwtModule.register({
          secret: sessionKeyOf(config.jwtSecret),
          signOptions: { algorithm: JWT_ALGORITHM },
          verifyOptions: { algorithms: [JWT_ALGORITHM] },
        }),
      ],
      controllers: [
        AuthController,
        SsoController,
        OwnSettingsController,
        EquipmentFilesController,
        TasksController,
        // After OwnSettingsController: `PUT /users/me` is matched before `PUT /users/:id`.
        UsersController,
        ReportsController,
        SafetyTestsController,
        HealthController,
        DashboardController,
        AuditController,
        // Last: the routes of the gateway's own handlers, some of them specific paths (`users/me`),
        // are matched before the forwarded ones, which are ordered among themselves likewise.
        documentsController(),
        forwardingController(OPERATIONS),
      ],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: GATEWAY_LOGGER, useValue: logger },
        HealthChecks,
        DashboardService,
        DashboardFiguresCache,
        DropsDashboardFigures,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        // The gateway signs every request it sends with its own key, and checks what identity
        // vouches for and what the services publish against their public keys.
        ...statementProviders('gateway', config.trust),
        {
          provide: SERVICE_CHANNEL,
          inject: [SERVICES_CLIENT, StatementSigner],
          useFactory: (client: ClientProxy, signer: StatementSigner): ServiceChannel => ({
            client,
            signer,
            timeoutMs: config.natsRequestTimeoutMs,
            logger,
          }),
        },
        SessionCache,
        SessionIssuer,
        SessionChecker,
        RedisConnection,
        OtpRateLimiter,
        KnownDevices,
        IdentityClient,
        JwtStrategy,
        LiveGateway,
        GatewayMetrics,
        DomainEventsRelay,
        EquipmentClient,
        TasksClient,
        UsersClient,
        ReportsClient,
        SafetyClient,
        AuditClient,
        ...fileStoreProviders(fileStoreFromSettings(config.files)),
        IncomingUploads,
        OutgoingFiles,
      ],
    };
  }
}
