/** The users every test speaks as: the local service starts with `admin`/`admin`, an administrator. */
export const ADMIN = { login: 'admin', password: 'admin' };

export interface Login {
  readonly login: string;
  readonly password: string;
}

/** The login/password header, in the spec's `X-Service-*` names or the hosted platform's `X-Cybozu-*`. */
export function passwordHeader(
  user: Login = ADMIN,
  dialect: 'kintone' | 'service' = 'service',
): Record<string, string> {
  const name = dialect === 'kintone' ? 'X-Cybozu-Authorization' : 'X-Service-Authorization';
  return { [name]: Buffer.from(`${user.login}:${user.password}`).toString('base64') };
}
