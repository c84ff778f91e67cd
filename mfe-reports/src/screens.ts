import type { RemoteScreensModule } from '@caliber/web';

/**
 * The screens this remote provides to the shell, by screen id. Each one arrives with its domain's
 * issue; until then the shell says the screen is not part of this version.
 */
export const screens: RemoteScreensModule['screens'] = {};
