import type { Route } from '../context.js';
import type { AddedSettingsEndpoint } from '../options.js';
import { appRoutes } from './apps.js';
import { controlRoutes } from './control.js';
import { seedRoutes } from './control-seed.js';
import { deployRoutes } from './deploy.js';
import { settingsRoutes } from './settings/routes.js';
import { formFieldRoutes } from './form-fields.js';
import { formLayoutRoutes } from './form-layout.js';
import { fileRoutes } from './files.js';
import { systemPluginRoutes } from './plugins/system.js';
import { appPluginRoutes } from './app-plugins.js';
import { spaceRoutes } from './spaces/spaces.js';
import { guestRoutes } from './guests.js';
import { recordRoutes } from './records/index.js';
import { userApiRoutes } from './user-api.js';

/**
 * Every endpoint the emulator serves, one list per resource group, with the settings endpoints
 * it serves beside the platform's (the option `endpoints`).
 */
export function routesWith(added: readonly AddedSettingsEndpoint[]): readonly Route[] {
  return [
    ...appRoutes,
    ...deployRoutes,
    ...settingsRoutes(added),
    ...formFieldRoutes,
    ...formLayoutRoutes,
    ...controlRoutes,
    ...seedRoutes,
    ...fileRoutes,
    ...systemPluginRoutes,
    ...appPluginRoutes,
    ...spaceRoutes,
    ...guestRoutes,
    ...recordRoutes,
    ...userApiRoutes,
  ];
}

/** Every endpoint the emulator serves with no settings endpoint added. */
export const allRoutes: readonly Route[] = routesWith([]);
