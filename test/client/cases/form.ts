import { localized, readCases } from './reads.js';
import type { EndpointCase } from './types.js';

const properties = {
  title: { type: 'SINGLE_LINE_TEXT', code: 'title', label: 'Title', required: true, unique: false },
};
const layout = [
  { type: 'ROW', fields: [{ type: 'SINGLE_LINE_TEXT', code: 'title', size: { width: '200' } }] },
];

export const formCases: EndpointCase[] = [
  ...readCases('form.getFields', 'app/form/fields.json', (c, copy) => c.form.getFields(localized(copy)), {
    live: { properties, revision: '4' },
    draft: { properties, revision: '6' },
    liveQuery: 'app=3&lang=en',
  }),
  {
    endpoint: 'POST /k/v1/preview/app/form/fields.json',
    method: 'form.addFields',
    call: (c) =>
      c.form.addFields({
        app: 3,
        properties: {
          amount: { type: 'NUMBER', code: 'amount', label: 'Amount', unit: '$', unitPosition: 'BEFORE' },
        },
        revision: 6,
      }),
    body: {
      app: 3,
      properties: {
        amount: { type: 'NUMBER', code: 'amount', label: 'Amount', unit: '$', unitPosition: 'BEFORE' },
      },
      revision: 6,
    },
    response: { revision: '7' },
  },
  {
    endpoint: 'PUT /k/v1/preview/app/form/fields.json',
    method: 'form.updateFields',
    call: (c) =>
      c.form.updateFields({ app: 3, properties: { title: { type: 'SINGLE_LINE_TEXT', label: 'Name' } } }),
    body: { app: 3, properties: { title: { type: 'SINGLE_LINE_TEXT', label: 'Name' } } },
    response: { revision: '8' },
  },
  {
    endpoint: 'DELETE /k/v1/preview/app/form/fields.json',
    method: 'form.deleteFields',
    call: (c) => c.form.deleteFields({ app: 3, fields: ['amount'], revision: 8 }),
    body: { app: 3, fields: ['amount'], revision: 8 },
    response: { revision: '9' },
  },
  ...readCases('form.getLayout', 'app/form/layout.json', (c, copy) => c.form.getLayout({ app: 3, copy }), {
    live: { layout, revision: '4' },
    draft: { layout, revision: '9' },
  }),
  {
    endpoint: 'PUT /k/v1/preview/app/form/layout.json',
    method: 'form.updateLayout',
    call: (c) =>
      c.form.updateLayout({ app: 3, layout: [{ type: 'ROW', fields: [{ type: 'HR' }] }], revision: -1 }),
    body: { app: 3, layout: [{ type: 'ROW', fields: [{ type: 'HR' }] }], revision: -1 },
    response: { revision: '10' },
  },
  ...readCases('form.getForm', 'form.json', (c, copy) => c.form.getForm({ app: 3, copy }), {
    live: { properties: [properties.title] },
    draft: { properties: [properties.title] },
  }),
];
