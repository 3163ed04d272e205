/**
 * The migrations the deploy-unknown sweep runs, each with the deploy calls its apply makes (the
 * expand, the swap, and the second step of a contract holding a lookup back), its records, the
 * edits another client makes in the window, and what every record must hold in the end.
 */
import type { RecordForWrite } from '../../../src/client/types/records.js';
import { lookupField } from '../../support/fields.js';

export interface Scenario {
  name: string;
  /** The app whose field migrates. */
  app: string;
  /** The field's code before, and after (with the table it ends in, if any). */
  from: string;
  to: string;
  table: string | null;
  v1: Record<string, Record<string, unknown>>;
  v2: Record<string, Record<string, unknown>>;
  /** The migration apply's deploy calls, in order, named. */
  deploys: string[];
  records: RecordForWrite[];
  /** Another client's edits in the old field just before the swap: by record id, '' empties; `added` is a new record. */
  edits: { changed: Record<string, string>; added: RecordForWrite };
}

const RECORDS = 30;

const SUBJECT = { type: 'SINGLE_LINE_TEXT', label: 'Subject' };

/** notes changes type in place (one line to several): an expand deploy, then the swap. */
export const IN_PLACE: Scenario = {
  name: 'a type changed in place',
  app: 'tickets',
  from: 'notes',
  to: 'notes',
  table: null,
  v1: {
    tickets: {
      name: 'Tickets',
      fields: { subject: SUBJECT, notes: { type: 'SINGLE_LINE_TEXT', label: 'Notes' } },
    },
  },
  v2: {
    tickets: {
      name: 'Tickets',
      fields: { subject: SUBJECT, notes: { type: 'MULTI_LINE_TEXT', label: 'Notes' } },
    },
  },
  deploys: ['expand', 'swap'],
  records: Array.from({ length: RECORDS }, (_, i) => ({
    subject: { value: `ticket ${i}` },
    notes: { value: `note ${i}` },
  })),
  edits: {
    changed: { '1': 'edited in the window', '2': '' },
    added: { subject: { value: 'added' }, notes: { value: 'added in the window' } },
  },
};

const customers = (company: Record<string, unknown>) => ({
  name: 'Customers',
  fields: {
    code: { type: 'SINGLE_LINE_TEXT', label: 'Code', unique: true, required: true },
    ...company,
  },
});

/** Orders: a lookup of customers by code, copying `mapped` (a customers field) into company_name when given. */
const orders = (mapped: string | null) => ({
  name: 'Orders',
  fields: {
    customer: lookupField('Customer', 'customers', 'code', {
      copies: mapped === null ? {} : { company_name: mapped },
      picker: mapped === null ? ['code'] : ['code', mapped],
    }),
    company_name: { type: 'MULTI_LINE_TEXT', label: 'Company name' },
  },
});

/**
 * company becomes company_text (several lines, renamedFrom), and orders' lookup starts copying it:
 * the lookup names a field not live until the swap, so the contract deploys in two steps (the
 * swap, then the lookup: plan/held.ts).
 */
export const LOOKUP_NAMES_IT: Scenario = {
  name: 'a lookup names the migrated field',
  app: 'customers',
  from: 'company',
  to: 'company_text',
  table: null,
  v1: {
    customers: customers({ company: { type: 'SINGLE_LINE_TEXT', label: 'Company' } }),
    orders: orders(null),
  },
  v2: {
    customers: customers({
      company_text: { type: 'MULTI_LINE_TEXT', label: 'Company', renamedFrom: 'company' },
    }),
    orders: orders('company_text'),
  },
  deploys: ['expand', 'swap (step 1)', 'lookup (step 2)'],
  records: Array.from({ length: RECORDS }, (_, i) => ({
    code: { value: `C${i}` },
    company: { value: `Company ${i}` },
  })),
  edits: {
    changed: { '1': 'edited in the window', '2': '' },
    added: { code: { value: 'NEW' }, company: { value: 'added in the window' } },
  },
};

export const SCENARIOS = [IN_PLACE, LOOKUP_NAMES_IT];
