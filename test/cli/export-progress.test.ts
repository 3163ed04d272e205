import { describe, expect, it } from 'vitest';
import { progress } from '../../src/cli/commands/export.js';
import type { ExportedApp } from '../../src/export/index.js';

const app = (key: string, id: string): ExportedApp => ({
  key,
  id,
  name: key,
  manifest: `apps/${key}.yaml`,
  status: 'created',
  files: [],
  notes: [],
  unmanaged: [],
});

describe('export progress on stderr', () => {
  it('is a line per app without a terminal', () => {
    expect(progress({ index: 1, total: 2, app: app('orders', '7') }, false)).toBe(
      '[1/2] orders (app 7): created apps/orders.yaml\n',
    );
  });

  it('adds a live counter on a terminal, overwritten by the next line and gone after the last', () => {
    const first = progress({ index: 1, total: 2, app: app('orders', '7') }, true);
    const last = progress({ index: 2, total: 2, app: app('customers', '8') }, true);
    expect(first).toBe('\r\u001b[K[1/2] orders (app 7): created apps/orders.yaml\nexported 1 of 2 apps...');
    expect(last).toBe('\r\u001b[K[2/2] customers (app 8): created apps/customers.yaml\n');
  });
});
