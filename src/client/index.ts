/** The REST client's public surface. */
export { createClient, type Client, type ClientConnection } from './client.js';
export type { CallOptions, ClientEvent, ClientLogger, ClientOptions } from './options.js';
export type { Platform } from './platform.js';
export { DEFAULT_CONCURRENCY, MAX_CONCURRENCY } from './options.js';
export type { ApiTokenAuth, Auth, BasicAuth, PasswordAuth, SignedInAs } from './auth.js';
export type { ClientCertificate, FileOrBytes } from './reach.js';
export type { RetryOptions } from './retry.js';
export {
  ClientError,
  ClientOptionsError,
  ServiceError,
  TransportAbortedError,
  TransportError,
  TransportInvalidResponseError,
  TransportNetworkError,
  TransportTimeoutError,
  failedUnrefused,
  type ClientErrorKind,
  type ServiceValidationErrors,
} from './errors.js';
export {
  BulkWriteError,
  DeployTimeoutError,
  type WriteOperation,
  type WrittenRecord,
} from './helper-errors.js';
export { AppPluginsClient } from './app-plugins.js';
export { AppsClient } from './apps.js';
export { BulkClient, MAX_BULK_CALLS } from './bulk.js';
export { CommentsClient } from './comments.js';
export { CursorsClient } from './cursors.js';
export { DirectoryClient, DIRECTORY_PAGE } from './directory.js';
export { FilesClient, type DownloadTarget, type UploadOptions, type UploadSource } from './files.js';
export { FormClient } from './form.js';
export { GuestsClient } from './guests.js';
export { PluginsClient } from './plugins.js';
export { ProcessClient } from './process.js';
export { RecordsClient } from './records.js';
export {
  SettingsClient,
  type CopyWriteParams,
  type LocalizedReadParams,
  type ReadParams,
  type WriteParams,
} from './settings.js';
export { SpacesClient } from './spaces.js';
export { MAX_GET_URL_LENGTH } from './transport.js';
export { MAX_RECORDS_PER_CALL, type WriteAllOptions, type WriteAllResult } from './record-writes.js';
export type { IterateParams } from './record-iterate.js';
export type { WaitForDeployOptions } from './deploy-wait.js';
export type * from './types/index.js';
