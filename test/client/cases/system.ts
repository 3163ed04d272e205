import { FormData } from 'undici';
import { expect } from 'vitest';
import type { EndpointCase } from './types.js';

const space = {
  id: '1',
  name: 'Sales',
  isPrivate: false,
  creator: { code: 'admin', name: 'Admin' },
  modifier: { code: 'admin', name: 'Admin' },
  memberCount: '2',
  coverType: 'PRESET',
  coverKey: 'GREEN',
  coverUrl: '',
  body: '<p>hi</p>',
  useMultiThread: true,
  isGuest: false,
  attachedApps: [],
  fixedMember: false,
  showAnnouncement: true,
  showThreadList: true,
  showAppList: true,
  showMemberList: true,
  showRelatedLinkList: true,
};
const members = [
  { entity: { type: 'USER', code: 'sato' }, isAdmin: true },
  { entity: { type: 'ORGANIZATION', code: 'sales' }, includeSubs: true },
] as const;
const guest = {
  name: 'Guest',
  code: 'g@example.com',
  password: 'guest-pass-1',
  timezone: 'UTC',
  company: 'ACME',
};

export const systemCases: EndpointCase[] = [
  {
    endpoint: 'GET /k/v1/file.json',
    method: 'files.download',
    call: (c) => c.files.download({ fileKey: 'key-1' }),
    query: 'fileKey=key-1',
    raw: {
      text: 'hello',
      contentType: 'text/plain',
      result: { data: Buffer.from('hello'), contentType: 'text/plain' },
    },
  },
  {
    endpoint: 'POST /k/v1/file.json',
    method: 'files.upload',
    call: (c) => c.files.upload(Buffer.from('hello'), { name: 'hello.txt', contentType: 'text/plain' }),
    checkBody: (body) => {
      expect(body).toBeInstanceOf(FormData);
      const file = (body as FormData).get('file') as File;
      expect({ name: file.name, type: file.type, size: file.size }).toEqual({
        name: 'hello.txt',
        type: 'text/plain',
        size: 5,
      });
    },
    response: { fileKey: 'key-2' },
  },
  {
    endpoint: 'GET /k/v1/plugins.json',
    method: 'plugins.getPlugins',
    call: (c) => c.plugins.getPlugins({ offset: 0, limit: 50, ids: ['p1', 'p2'] }),
    query: 'offset=0&limit=50&ids[]=p1&ids[]=p2',
    response: { plugins: [{ id: 'p1', name: 'Map', isMarketPlugin: false, version: '1', description: '' }] },
  },
  {
    endpoint: 'POST /k/v1/plugin.json',
    method: 'plugins.installPlugin',
    call: (c) => c.plugins.installPlugin({ fileKey: 'key-3' }),
    body: { fileKey: 'key-3' },
    response: { id: 'p1', version: '1' },
  },
  {
    endpoint: 'PUT /k/v1/plugin.json',
    method: 'plugins.updatePlugin',
    call: (c) => c.plugins.updatePlugin({ id: 'p1', fileKey: 'key-4' }),
    body: { id: 'p1', fileKey: 'key-4' },
    response: { id: 'p1', version: '2' },
  },
  {
    endpoint: 'DELETE /k/v1/plugin.json',
    method: 'plugins.uninstallPlugin',
    call: (c) => c.plugins.uninstallPlugin({ id: 'p1' }),
    body: { id: 'p1' },
  },
  {
    endpoint: 'GET /k/v1/plugin/apps.json',
    method: 'plugins.getPluginApps',
    call: (c) => c.plugins.getPluginApps({ id: 'p1', offset: 0, limit: 500 }),
    query: 'id=p1&offset=0&limit=500',
    response: { apps: [{ id: '3', name: 'Orders' }] },
  },
  {
    endpoint: 'GET /k/v1/plugins/required.json',
    method: 'plugins.getRequiredPlugins',
    call: (c) => c.plugins.getRequiredPlugins({ limit: 10 }),
    query: 'limit=10',
    response: { plugins: [{ id: 'p9', name: 'Old', isMarketPlugin: true }] },
  },
  {
    endpoint: 'GET /k/v1/space.json',
    method: 'spaces.getSpace',
    call: (c) => c.spaces.getSpace({ id: 1 }),
    query: 'id=1',
    response: space,
  },
  {
    endpoint: 'POST /k/v1/template/space.json',
    method: 'spaces.addSpaceFromTemplate',
    call: (c) =>
      c.spaces.addSpaceFromTemplate({
        id: 1,
        name: 'Sales',
        members: [...members],
        isPrivate: true,
        fixedMember: false,
      }),
    body: { id: 1, name: 'Sales', members, isPrivate: true, fixedMember: false },
    response: { id: '5' },
  },
  {
    endpoint: 'PUT /k/v1/space/body.json',
    method: 'spaces.updateSpaceBody',
    call: (c) => c.spaces.updateSpaceBody({ id: 5, body: '<p>x</p>' }),
    body: { id: 5, body: '<p>x</p>' },
  },
  {
    endpoint: 'DELETE /k/v1/space.json',
    method: 'spaces.deleteSpace',
    call: (c) => c.spaces.deleteSpace({ id: 5 }),
    body: { id: 5 },
  },
  {
    endpoint: 'GET /k/v1/space/members.json',
    method: 'spaces.getSpaceMembers',
    call: (c) => c.spaces.getSpaceMembers({ id: 5 }),
    query: 'id=5',
    response: { members },
  },
  {
    endpoint: 'PUT /k/v1/space/members.json',
    method: 'spaces.updateSpaceMembers',
    call: (c) => c.spaces.updateSpaceMembers({ id: 5, members: [...members] }),
    body: { id: 5, members },
  },
  {
    endpoint: 'POST /k/v1/space/thread/comment.json',
    method: 'spaces.addThreadComment',
    call: (c) =>
      c.spaces.addThreadComment({
        space: 5,
        thread: 6,
        comment: { text: 'hi', mentions: [{ code: 'sato', type: 'USER' }], files: [{ fileKey: 'key-5' }] },
      }),
    body: {
      space: 5,
      thread: 6,
      comment: { text: 'hi', mentions: [{ code: 'sato', type: 'USER' }], files: [{ fileKey: 'key-5' }] },
    },
    response: { id: '3' },
  },
  {
    endpoint: 'POST /k/v1/space/thread.json',
    method: 'spaces.addThread',
    call: (c) => c.spaces.addThread({ space: 5, name: 'News' }),
    body: { space: 5, name: 'News' },
    response: { id: '6', name: 'News' },
  },
  {
    endpoint: 'PUT /k/v1/space/thread.json',
    method: 'spaces.updateThread',
    call: (c) => c.spaces.updateThread({ id: 6, name: 'Updates', body: '<p>b</p>' }),
    body: { id: 6, name: 'Updates', body: '<p>b</p>' },
  },
  {
    endpoint: 'POST /k/v1/guests.json',
    method: 'guests.addGuests',
    call: (c) => c.guests.addGuests({ guests: [guest] }),
    body: { guests: [guest] },
  },
  {
    endpoint: 'PUT /k/guest/{spaceId}/v1/space/guests.json',
    method: 'guests.updateSpaceGuests',
    call: (c) => c.guests.updateSpaceGuests({ id: 9, guests: ['g@example.com'] }),
    path: '/k/guest/9/v1/space/guests.json',
    body: { id: 9, guests: ['g@example.com'] },
  },
  {
    endpoint: 'DELETE /k/v1/guests.json',
    method: 'guests.deleteGuests',
    call: (c) => c.guests.deleteGuests({ guests: ['g@example.com'] }),
    body: { guests: ['g@example.com'] },
  },
];
