/** Plug-ins: added to apps, and installed system-wide (spec "App plug-in item", "Installed plug-in"). */

export interface AppPlugin {
  id: string;
  name: string;
  enabled: boolean;
  links?: unknown;
}

export interface AppPluginsResult {
  plugins: AppPlugin[];
  revision: string;
}

export interface InstalledPlugin {
  id: string;
  name: string;
  isMarketPlugin: boolean;
  version: string;
  description: string;
}

export interface PluginVersion {
  id: string;
  version: string;
}

export interface RequiredPlugin {
  id: string;
  name: string;
  isMarketPlugin: boolean;
}

export interface Paging {
  offset?: number | undefined;
  limit?: number | undefined;
}
