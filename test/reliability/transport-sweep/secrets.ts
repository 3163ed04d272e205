/**
 * The credentials of a draw in every form docs/client.md says no error, message or log event
 * holds: "a password, token or their Base64, as written, JSON-escaped or URL-encoded" (JSON
 * escaped as JSON.stringify writes it, and as servers that escape every non-ASCII character do:
 * Python's json.dumps, PHP's json_encode). A one-character password is left alone, as the docs say.
 */
import type { Draw } from './draw.js';
import { asciiJson } from './server.js';

export function forbiddenForms(draw: Draw): string[] {
  const secrets: string[] = [];
  const { auth } = draw.credentials;
  if ('password' in auth) secrets.push(auth.password, base64(`${auth.login}:${auth.password}`));
  else {
    const tokens = typeof auth.apiToken === 'string' ? [auth.apiToken] : auth.apiToken;
    secrets.push(...tokens, tokens.join(','));
  }
  if (draw.basicAuth)
    secrets.push(draw.basicAuth.password, base64(`${draw.basicAuth.login}:${draw.basicAuth.password}`));
  const forms = secrets
    .filter((secret) => secret.length >= 2)
    .flatMap((secret) => [
      secret,
      JSON.stringify(secret).slice(1, -1),
      asciiJson(secret).slice(1, -1),
      encodeURIComponent(secret),
      new URLSearchParams({ s: secret }).toString().slice(2),
    ]);
  return [...new Set(forms)];
}

function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
