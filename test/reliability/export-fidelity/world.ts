/**
 * Writes a drawn shape (draw.ts) to the local service straight over REST, as hands in the
 * platform's screens would leave it: `side` (the app lookups, related records and copy actions
 * name) and `hub` (every area), each deployed.
 */
import type { Client } from '../../../src/client/index.js';
import { installPlugin } from '../../export/harness.js';
import { SIDE_FIELDS, type Shape } from './draw.js';

type Obj = Record<string, any>;
export type Control = (method: string, path: string, body?: unknown) => Promise<any>;

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Deploys the app's draft and waits for the deploy to end; throws unless it succeeded. */
export async function deploy(control: Control, app: string): Promise<void> {
  await control('POST', '/k/v1/preview/app/deploy.json', { apps: [{ app }] });
  for (;;) {
    const { apps } = await control('GET', `/k/v1/preview/app/deploy.json?apps[0]=${app}`);
    if (apps[0].status === 'SUCCESS') return;
    if (apps[0].status !== 'PROCESSING') throw new Error(`deploy of app ${app}: ${apps[0].status}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** `{side}` in a body: the side app's id. */
function withSide(value: unknown, side: string): any {
  return JSON.parse(JSON.stringify(value).replaceAll('"{side}"', JSON.stringify(side)));
}

export async function newApp(control: Control, name: string, fields: Obj): Promise<string> {
  const { app } = await control('POST', '/k/v1/preview/app.json', { name });
  await control('POST', '/k/v1/preview/app/form/fields.json', { app, properties: fields });
  return app as string;
}

export interface Written {
  side: string;
  hub: string;
  /** The REST writes the service refused: `path: answer`. */
  refused: string[];
}

/** The side app with records, and the hub app with every drawn area; both deployed. */
export async function writeShape(control: Control, client: Client, shape: Shape): Promise<Written> {
  const side = await newApp(control, 'Side', SIDE_FIELDS);
  await deploy(control, side);
  const hub = await newApp(control, 'Hub', withSide(shape.fields, side));
  const refused: string[] = [];
  const put = async (path: string, body: Obj) => {
    try {
      await control('PUT', `/k/v1/preview/${path}.json`, { app: hub, ...body });
    } catch (error) {
      refused.push(`${path}: ${(error as Error).message}`);
    }
  };
  if (shape.layout) await put('app/form/layout', { layout: shape.layout });
  // Views before process management: turning it on adds the built-in view a views PUT would drop.
  const order = ['app/views', 'app/status'];
  const bodies = [...shape.bodies].sort(
    ([a], [b]) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99),
  );
  for (const [path, body] of bodies) {
    if (path === 'app/settings' && shape.fileIcon) {
      const { fileKey } = await client.files.upload(PNG, { name: 'icon.png' });
      await put(path, { ...body, icon: { type: 'FILE', file: { fileKey } } });
    } else await put(path, withSide(body, side));
  }
  if (shape.customize) await put('app/customize', await uploaded(client, shape.customize));
  for (let i = 0; i < shape.plugins; i++) {
    const id = await installPlugin(client, `Sweep ${i}`);
    try {
      await control('POST', '/k/v1/preview/app/plugins.json', { app: hub, ids: [id] });
    } catch (error) {
      refused.push(`app/plugins: ${(error as Error).message}`);
    }
  }
  await deploy(control, hub);
  return { side, hub, refused };
}

/** Customize's FILE resources uploaded: `{ upload: name }` -> `{ file: { fileKey } }`. */
async function uploaded(client: Client, customize: Obj): Promise<Obj> {
  const out: Obj = { scope: customize.scope };
  for (const device of ['desktop', 'mobile']) {
    out[device] = {};
    for (const kind of ['js', 'css']) {
      out[device][kind] = [];
      for (const r of customize[device][kind] as Obj[]) {
        if (r.type === 'URL') out[device][kind].push(r);
        else {
          const content =
            kind === 'js'
              ? `console.log(${JSON.stringify(r.upload)});\n`
              : `.x { content: "${r.upload}"; }\n`;
          const { fileKey } = await client.files.upload(Buffer.from(content), { name: r.upload });
          out[device][kind].push({ type: 'FILE', file: { fileKey } });
        }
      }
    }
  }
  return out;
}
