import { aclHandlers } from './acl.js';
import { bulkHandlers } from './bulk.js';
import { commentHandlers } from './comments.js';
import { cursorHandlers } from './cursors.js';
import { processHandlers } from './process.js';
import { readHandlers } from './read.js';
import { writeHandlers } from './write.js';
import type { Route } from '../../context.js';

/**
 * Records, cursors, comments, process management, record permission evaluation and bulk
 * requests. `bulk: true` marks the calls a bulk request may carry (platform-facts).
 *
 * Error codes chosen here where platform-facts leaves the choice open: GAIA_CU01 (404, unknown,
 * deleted or expired cursor), GAIA_CU02 (400, more than 10 cursors open), GAIA_IQ01 (400, query or
 * filterCond syntax error; the type-check codes GAIA_IQ03/07/08/09/11/12 come from src/query).
 */
export const recordRoutes: Route[] = [
  { method: 'GET', path: '/k/v1/record.json', auth: 'any', handler: readHandlers.getRecord },
  { method: 'POST', path: '/k/v1/record.json', auth: 'any', bulk: true, handler: writeHandlers.addRecord },
  { method: 'PUT', path: '/k/v1/record.json', auth: 'any', bulk: true, handler: writeHandlers.updateRecord },
  { method: 'GET', path: '/k/v1/records.json', auth: 'any', handler: readHandlers.listRecords },
  { method: 'POST', path: '/k/v1/records.json', auth: 'any', bulk: true, handler: writeHandlers.addRecords },
  {
    method: 'PUT',
    path: '/k/v1/records.json',
    auth: 'any',
    bulk: true,
    handler: writeHandlers.updateRecords,
  },
  {
    method: 'DELETE',
    path: '/k/v1/records.json',
    auth: 'any',
    bulk: true,
    handler: writeHandlers.deleteRecords,
  },
  { method: 'POST', path: '/k/v1/records/cursor.json', auth: 'any', handler: cursorHandlers.createCursor },
  { method: 'GET', path: '/k/v1/records/cursor.json', auth: 'any', handler: cursorHandlers.readCursor },
  { method: 'DELETE', path: '/k/v1/records/cursor.json', auth: 'any', handler: cursorHandlers.deleteCursor },
  { method: 'GET', path: '/k/v1/record/comments.json', auth: 'any', handler: commentHandlers.listComments },
  { method: 'POST', path: '/k/v1/record/comment.json', auth: 'any', handler: commentHandlers.addComment },
  {
    method: 'DELETE',
    path: '/k/v1/record/comment.json',
    auth: 'any',
    handler: commentHandlers.deleteComment,
  },
  {
    method: 'PUT',
    path: '/k/v1/record/status.json',
    auth: 'any',
    bulk: true,
    handler: processHandlers.updateStatus,
  },
  {
    method: 'PUT',
    path: '/k/v1/records/status.json',
    auth: 'any',
    bulk: true,
    handler: processHandlers.updateStatuses,
  },
  {
    method: 'PUT',
    path: '/k/v1/record/assignees.json',
    auth: 'any',
    bulk: true,
    handler: processHandlers.updateAssignees,
  },
  { method: 'GET', path: '/k/v1/records/acl/evaluate.json', auth: 'any', handler: aclHandlers.evaluate },
  { method: 'POST', path: '/k/v1/bulkRequest.json', auth: 'any', handler: bulkHandlers.bulkRequest },
];
