/**
 * The shadow of a target (`plan --check`): a local service started inside the command, in memory
 * only (nothing is written to disk), on a loopback port with a one-time administrator, seeded with
 * a copy read from the target (shadow-read.ts). Apply runs against it exactly as against the
 * target; closing it forgets everything, records included: they never leave the machine.
 */
import { randomBytes } from 'node:crypto';
import { createClient, type Client } from '../client/index.js';
import { startEmulator, type AddedSettingsEndpoint } from '../emulator/index.js';
import type { Seed } from '../emulator/handlers/control-seed.js';
import type { Platform } from '../client/platform.js';

export interface Shadow {
  client: Client;
  /** The shadow's address and the headers that sign in to it (tests read it raw). */
  url: string;
  headers: Record<string, string>;
  close(): Promise<void>;
}

export type { AddedSettingsEndpoint };

export interface ShadowOptions {
  platform: Platform;
  /** Settings endpoints the shadow serves beside the platform's, as the target does. */
  endpoints?: readonly AddedSettingsEndpoint[] | undefined;
}

export async function startShadow(seed: Seed, options: ShadowOptions): Promise<Shadow> {
  const admin = { login: 'shadow', password: randomBytes(18).toString('base64url') };
  const emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    data: null,
    // A deploy still takes a moment, so apply polls as it does on the target.
    deployMs: 10,
    users: [{ ...admin, admin: true }],
    endpoints: options.endpoints ?? [],
  });
  const client = createClient({
    baseUrl: emulator.url,
    auth: admin,
    platform: options.platform,
    concurrency: 8,
    // On this machine's loopback: never through a proxy HTTPS_PROXY may name.
    proxy: false,
  });
  const close = async () => {
    await client.close();
    await emulator.close();
  };
  const headers = {
    'X-Service-Authorization': Buffer.from(`${admin.login}:${admin.password}`).toString('base64'),
  };
  try {
    const answer = await fetch(`${emulator.url}/_emulator/seed`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(seed),
    });
    if (!answer.ok) throw new Error(`seeding the shadow failed: ${answer.status} ${await answer.text()}`);
  } catch (error) {
    await close();
    throw error;
  }
  return { client, url: emulator.url, headers, close };
}
