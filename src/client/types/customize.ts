/** JavaScript and CSS customization (spec "Customization"). */

export type CustomizeResource =
  | { type: 'URL'; url: string }
  | { type: 'FILE'; file: { fileKey: string; name?: string; contentType?: string; size?: string } };

export interface CustomizeSettings {
  scope: 'ALL' | 'ADMIN' | 'NONE';
  desktop: { js: CustomizeResource[]; css: CustomizeResource[] };
  mobile: { js: CustomizeResource[]; css?: CustomizeResource[] };
}

export interface CustomizeResult extends CustomizeSettings {
  revision: string;
}

export type CustomizeUpdate = Partial<CustomizeSettings>;
