import type { EndpointCase } from './types.js';

const record = { $id: { type: '__ID__', value: '7' }, title: { type: 'SINGLE_LINE_TEXT', value: 'x' } };

export const recordCases: EndpointCase[] = [
  {
    endpoint: 'GET /k/v1/record.json',
    method: 'records.getRecord',
    call: (c) => c.records.getRecord({ app: 3, id: '7' }),
    query: 'app=3&id=7',
    response: { record },
  },
  {
    endpoint: 'GET /k/v1/records.json',
    method: 'records.getRecords',
    call: (c) =>
      c.records.getRecords({
        app: 3,
        query: 'title = "a b" order by $id asc',
        fields: ['$id', 'title'],
        totalCount: true,
      }),
    // Values percent-encoded; the brackets of array names left as the spec writes them.
    query:
      'app=3&query=title%20%3D%20%22a%20b%22%20order%20by%20%24id%20asc' +
      '&fields[]=%24id&fields[]=title&totalCount=true',
    response: { records: [record], totalCount: '1' },
  },
  {
    endpoint: 'POST /k/v1/record.json',
    method: 'records.addRecord',
    call: (c) => c.records.addRecord({ app: 3, record: { title: { value: 'x' } } }),
    body: { app: 3, record: { title: { value: 'x' } } },
    response: { id: '8', revision: '1' },
  },
  {
    endpoint: 'POST /k/v1/records.json',
    method: 'records.addRecords',
    call: (c) =>
      c.records.addRecords({ app: 3, records: [{ title: { value: 'a' } }, { title: { value: 'b' } }] }),
    body: { app: 3, records: [{ title: { value: 'a' } }, { title: { value: 'b' } }] },
    response: { ids: ['8', '9'], revisions: ['1', '1'] },
  },
  {
    endpoint: 'PUT /k/v1/record.json',
    method: 'records.updateRecord',
    call: (c) =>
      c.records.updateRecord({
        app: 3,
        updateKey: { field: 'code', value: 'A-1' },
        record: { title: { value: 'y' } },
        revision: 2,
      }),
    body: {
      app: 3,
      updateKey: { field: 'code', value: 'A-1' },
      record: { title: { value: 'y' } },
      revision: 2,
    },
    response: { revision: '3' },
  },
  {
    endpoint: 'PUT /k/v1/records.json',
    method: 'records.updateRecords',
    call: (c) => c.records.updateRecords({ app: 3, records: [{ id: 7, record: { title: { value: 'z' } } }] }),
    body: { app: 3, records: [{ id: 7, record: { title: { value: 'z' } } }] },
    response: { records: [{ id: '7', revision: '4' }] },
  },
  {
    endpoint: 'DELETE /k/v1/records.json',
    method: 'records.deleteRecords',
    call: (c) => c.records.deleteRecords({ app: 3, ids: [7, 8], revisions: [4, 1] }),
    body: { app: 3, ids: [7, 8], revisions: [4, 1] },
  },
  {
    endpoint: 'GET /k/v1/records/acl/evaluate.json',
    method: 'process.evaluateAcl',
    call: (c) => c.process.evaluateAcl({ app: 3, ids: [7, '8'] }),
    query: 'app=3&ids[0]=7&ids[1]=8',
    response: { evaluate: [{ id: '7', viewable: true, editable: false, deletable: false }] },
  },
  {
    endpoint: 'POST /k/v1/records/cursor.json',
    method: 'cursors.createCursor',
    call: (c) => c.cursors.createCursor({ app: 3, fields: ['title'], query: 'title != ""', size: 500 }),
    body: { app: 3, fields: ['title'], query: 'title != ""', size: 500 },
    response: { id: 'cur-1', totalCount: '1200' },
  },
  {
    endpoint: 'GET /k/v1/records/cursor.json',
    method: 'cursors.getRecords',
    call: (c) => c.cursors.getRecords({ id: 'cur-1' }),
    query: 'id=cur-1',
    response: { records: [record], next: true },
  },
  {
    endpoint: 'DELETE /k/v1/records/cursor.json',
    method: 'cursors.deleteCursor',
    call: (c) => c.cursors.deleteCursor({ id: 'cur-1' }),
    body: { id: 'cur-1' },
  },
  {
    endpoint: 'GET /k/v1/record/comments.json',
    method: 'comments.getComments',
    call: (c) => c.comments.getComments({ app: 3, record: 7, order: 'asc', offset: 10, limit: 10 }),
    query: 'app=3&record=7&order=asc&offset=10&limit=10',
    response: { comments: [], older: true, newer: false },
  },
  {
    endpoint: 'POST /k/v1/record/comment.json',
    method: 'comments.addComment',
    call: (c) =>
      c.comments.addComment({
        app: 3,
        record: 7,
        comment: { text: 'hi', mentions: [{ code: 'sato', type: 'USER' }] },
      }),
    body: { app: 3, record: 7, comment: { text: 'hi', mentions: [{ code: 'sato', type: 'USER' }] } },
    response: { id: '2' },
  },
  {
    endpoint: 'DELETE /k/v1/record/comment.json',
    method: 'comments.deleteComment',
    call: (c) => c.comments.deleteComment({ app: 3, record: 7, comment: 2 }),
    body: { app: 3, record: 7, comment: 2 },
  },
  {
    endpoint: 'PUT /k/v1/record/status.json',
    method: 'process.updateStatus',
    call: (c) => c.process.updateStatus({ app: 3, id: 7, action: 'Submit', assignee: 'sato', revision: 4 }),
    body: { app: 3, id: 7, action: 'Submit', assignee: 'sato', revision: 4 },
    response: { revision: '6' },
  },
  {
    endpoint: 'PUT /k/v1/records/status.json',
    method: 'process.updateStatuses',
    call: (c) => c.process.updateStatuses({ app: 3, records: [{ id: 7, action: 'Approve' }] }),
    body: { app: 3, records: [{ id: 7, action: 'Approve' }] },
    response: { records: [{ id: '7', revision: '8' }] },
  },
  {
    endpoint: 'PUT /k/v1/record/assignees.json',
    method: 'process.updateAssignees',
    call: (c) => c.process.updateAssignees({ app: 3, id: 7, assignees: [] }),
    body: { app: 3, id: 7, assignees: [] },
    response: { revision: '9' },
  },
  {
    endpoint: 'POST /k/v1/bulkRequest.json',
    method: 'bulk.send',
    call: (c) =>
      c.bulk.send([
        { method: 'POST', api: 'record.json', payload: { app: 3, record: {} } },
        { method: 'PUT', api: 'record/status.json', payload: { app: 3, id: 7, action: 'Submit' } },
      ]),
    body: {
      requests: [
        { method: 'POST', api: '/k/v1/record.json', payload: { app: 3, record: {} } },
        { method: 'PUT', api: '/k/v1/record/status.json', payload: { app: 3, id: 7, action: 'Submit' } },
      ],
    },
    response: { results: [{ id: '9', revision: '1' }, { revision: '6' }] },
  },
];
