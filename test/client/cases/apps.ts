import type { EndpointCase } from './types.js';

const app = {
  appId: '3',
  code: 'ORD',
  name: 'Orders',
  description: '',
  spaceId: null,
  threadId: null,
  createdAt: '2024-01-01T00:00:00Z',
  creator: { code: 'admin', name: 'Admin' },
  modifiedAt: '2024-01-01T00:00:00Z',
  modifier: { code: 'admin', name: 'Admin' },
};

export const appCases: EndpointCase[] = [
  {
    endpoint: 'GET /k/v1/app.json',
    method: 'apps.getApp',
    call: (c) => c.apps.getApp({ id: 3 }),
    query: 'id=3',
    response: app,
  },
  {
    endpoint: 'GET /k/v1/apps.json',
    method: 'apps.getApps',
    call: (c) =>
      c.apps.getApps({ ids: [3, 4], codes: ['ORD'], name: 'Ord', spaceIds: [1], offset: 0, limit: 100 }),
    query: 'ids[]=3&ids[]=4&codes[]=ORD&name=Ord&spaceIds[]=1&offset=0&limit=100',
    response: { apps: [app] },
  },
  {
    endpoint: 'POST /k/v1/preview/app.json',
    method: 'apps.addApp',
    call: (c) => c.apps.addApp({ name: 'Orders', space: 1, thread: 2 }),
    body: { name: 'Orders', space: 1, thread: 2 },
    response: { app: '12', revision: '2' },
  },
  {
    endpoint: 'POST /k/v1/preview/app/deploy.json',
    method: 'apps.deploy',
    call: (c) =>
      c.apps.deploy({
        apps: [
          { app: 12, revision: 5 },
          { app: 13, revision: -1 },
        ],
        revert: false,
      }),
    body: {
      apps: [
        { app: 12, revision: 5 },
        { app: 13, revision: -1 },
      ],
      revert: false,
    },
  },
  {
    endpoint: 'GET /k/v1/preview/app/deploy.json',
    method: 'apps.getDeployStatus',
    call: (c) => c.apps.getDeployStatus({ apps: [12, 13] }),
    query: 'apps[]=12&apps[]=13',
    response: {
      apps: [
        { app: '12', status: 'PROCESSING' },
        { app: '13', status: 'SUCCESS' },
      ],
    },
  },
  {
    endpoint: 'POST /k/v1/app/move.json',
    method: 'apps.moveApp',
    call: (c) => c.apps.moveApp({ app: 12, space: null }),
    body: { app: 12, space: null },
  },
  {
    endpoint: 'GET /k/v1/app/plugins.json',
    method: 'appPlugins.getPlugins',
    call: (c) => c.appPlugins.getPlugins({ app: 3, offset: 0, limit: 100 }),
    query: 'app=3&offset=0&limit=100',
    response: { plugins: [{ id: 'abc', name: 'Map', enabled: true }], revision: '4' },
  },
  {
    endpoint: 'GET /k/v1/preview/app/plugins.json',
    method: "appPlugins.getPlugins({ copy: 'draft' })",
    call: (c) => c.appPlugins.getPlugins({ app: 3, copy: 'draft' }),
    query: 'app=3',
    response: { plugins: [], revision: '5' },
  },
  {
    endpoint: 'POST /k/v1/app/plugins.json',
    method: 'appPlugins.addPlugins',
    call: (c) => c.appPlugins.addPlugins({ app: 3, ids: ['abc'], revision: 4 }),
    body: { app: 3, ids: ['abc'], revision: 4 },
    response: { revision: '5' },
  },
];
