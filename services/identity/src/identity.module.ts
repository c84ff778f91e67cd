import { type DynamicModule, Module } from '@nestjs/common';
import { BUNDLED_FILE_WORKER, FILE_WORKER_THREAD, type FileWorkerThread } from '@caliber/file-kit';
import { ClientsModule } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  createSmsSender,
  fileStoreFromSettings,
  fileStoreProviders,
  SmsSender,
  Mailer,
  MetricsModule,
  natsClientOptions,
  serviceDataSourceOptions,
  serviceAuditController,
  serviceHealthController,
  serviceChannelProvider,
  serviceInboxPrefix,
  trustProviders,
} from '@caliber/service-kit';
import { SUBJECTS } from '@caliber/contracts';
import type { Logger } from 'pino';
import { AssigneesController } from './assignees/assignees.controller';
import { AssigneesService } from './assignees/assignees.service';
import { NotificationRecipientsController } from './recipients/notification-recipients.controller';
import { NotificationRecipientsService } from './recipients/notification-recipients.service';
import { IDENTITY_CONFIG, type IdentityConfig } from './config';
import { identityDatabase } from './database';
import { OtpController } from './otp/otp.controller';
import { OtpService } from './otp/otp.service';
import { LOGGER, PEERS_CHANNEL, PEERS_CLIENT } from './tokens';
import { DepartmentsFollower } from './departments/departments.follower';
import { EquipmentPeer } from './peers/equipment.peer';
import { OwnSettingsController } from './users/own-settings.controller';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';
import { RosterImportService } from './users/roster-import.service';
import { FileWorkers } from './files/file-workers';
import { RosterFiles } from './roster-files/roster-files';
import { RosterFilesController } from './roster-files/roster-files.controller';
import { OwnSettingsService } from './users/own-settings.service';
import { SessionController } from './sessions/session.controller';
import { IDENTITY_EVENTS_CLIENT, SessionsEndedRelay } from './sessions/sessions-ended.relay';
import { SessionsService } from './sessions/sessions.service';
import { UserEntity } from './users/user.entity';
import { AuditNamesController } from './users/audit-names.controller';
import { EmailConfirmationController } from './email/email-confirmation.controller';
import { EmailConfirmationService } from './email/email-confirmation.service';
import { OidcProviders } from './sso/oidc-providers';
import { SsoController } from './sso/sso.controller';
import { SignInPolicyController } from './sso/sign-in-policy.controller';
import { SignInPolicyService } from './sso/sign-in-policy.service';
import { SsoRecheck } from './sso/sso-recheck';
import { SsoService } from './sso/sso.service';

/** What a run of the service may change: its file worker thread (its source in tests). */
export interface IdentityRun {
  fileWorkerThread?: FileWorkerThread;
}

@Module({})
export class IdentityModule {
  static forRoot(config: IdentityConfig, logger: Logger, run: IdentityRun = {}): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        MetricsModule.forRoot({ service: 'identity', logger }),
        TypeOrmModule.forRoot(serviceDataSourceOptions(identityDatabase(config.databaseUrl))),
        TypeOrmModule.forFeature([UserEntity]),
        ClientsModule.register([
          { name: IDENTITY_EVENTS_CLIENT, ...natsClientOptions(config.nats, 'identity-events') },
          {
            name: PEERS_CLIENT,
            ...natsClientOptions(config.nats, 'identity-client', serviceInboxPrefix('identity')),
          },
        ]),
      ],
      controllers: [
        OtpController,
        SsoController,
        SignInPolicyController,
        SessionController,
        OwnSettingsController,
        EmailConfirmationController,
        AssigneesController,
        NotificationRecipientsController,
        UsersController,
        RosterFilesController,
        AuditNamesController,
        serviceHealthController('identity', SUBJECTS.identity.health),
        serviceAuditController(
          'identity',
          { page: SUBJECTS.identity.auditPage, verify: SUBJECTS.identity.auditVerify },
          'user',
        ),
      ],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        { provide: SmsSender, useValue: createSmsSender(config, logger) },
        { provide: Mailer, useValue: new Mailer(config.mail, logger.child({ component: 'mail' })) },
        ...trustProviders('identity', config.trust),
        serviceChannelProvider(PEERS_CHANNEL, PEERS_CLIENT, {
          timeoutMs: config.natsRequestTimeoutMs,
          logger,
        }),
        EquipmentPeer,
        DepartmentsFollower,
        SessionsService,
        SessionsEndedRelay,
        OtpService,
        OidcProviders,
        SsoService,
        SsoRecheck,
        SignInPolicyService,
        OwnSettingsService,
        EmailConfirmationService,
        AssigneesService,
        NotificationRecipientsService,
        UsersService,
        RosterImportService,
        RosterFiles,
        { provide: FILE_WORKER_THREAD, useValue: run.fileWorkerThread ?? BUNDLED_FILE_WORKER },
        FileWorkers,
        ...fileStoreProviders(fileStoreFromSettings(config.files)),
      ],
    };
  }
}
