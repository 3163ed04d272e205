/**
 * Why bytes are not a plug-in package. The message is one sentence saying what is wrong (`the
 * package has no PUBKEY.`), so each caller can put it in its own words: the local service in a
 * GAIA_PL03 answer, validation in a located problem, the planner in an error naming the file.
 */
export class PluginPackageError extends Error {
  override readonly name: string = 'PluginPackageError';
}
