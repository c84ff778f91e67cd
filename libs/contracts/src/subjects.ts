/** NATS request/reply subjects, one namespace per owning service. */
export const SUBJECTS = {
  identity: {
    requestOtp: 'identity.otp.request',
    verifyOtp: 'identity.otp.verify',
    sessionUser: 'identity.session.user',
    updateProfile: 'identity.users.update-me',
    updateNotifications: 'identity.settings.notifications',
    updateReportDefaults: 'identity.settings.reports',
    health: 'identity.health',
  },
} as const;

/** Queue groups: every replica of a service joins its group, so each request is handled once. */
export const QUEUE_GROUPS = {
  identity: 'identity',
} as const;

/** NATS subjects of domain events (published by the owner, forwarded to browsers by the gateway). */
export const EVENT_SUBJECT_PREFIX = 'events';
export const EVENT_SUBJECTS = {
  userSignedIn: 'events.identity.user-signed-in',
} as const;
