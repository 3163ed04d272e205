import { describe, expect, it } from 'vitest';
import type { AppPlan, Plan } from '../../src/plan/types.js';
import { renderText } from '../../src/render/index.js';
import { everyAreaPlan, noChangesPlan } from './fixture.js';
import { add, area, change, planHead, remove } from './fixture-helpers.js';

const ESC = '\u001b[';

function onePlan(app: Partial<AppPlan>, summary: Plan['summary']): Plan {
  return {
    ...planHead(),
    plugins: [],
    heldReferences: [],
    apps: [
      {
        key: 'a',
        name: 'A',
        id: '1',
        action: 'update',
        revisions: { draft: '1', live: '1' },
        areas: [],
        risks: [],
        ...app,
      },
    ],
    summary,
  };
}

/** The app blocks, without the header, the legend and the summary line. */
function actionsOf(text: string): string {
  return text.split('appdeploy will perform the following actions:\n\n')[1]!.split('\n\nPlan:')[0]!;
}

describe('renderText', () => {
  it('renders a plan that touches every area, risks first', () => {
    expect(renderText(everyAreaPlan, { color: false })).toMatchInlineSnapshot(`
      "appdeploy plan for environment "staging", as of 2026-11-24T09:30:00.000Z

      Warning: Data loss in app "deals" (id 13)

        fields.notes: removing it deletes its value in 42 records.
        List them with the query: notes != ""

      Warning: Data loss in app "deals" (id 13)

        fields.stage: removing the option "Lost" clears it in the 7 records that hold it.
        List them with the query: stage in ("Lost")

      Error: Blocked change in app "deals" (id 13)

        fields.amount: the service cannot change a field's type (NUMBER to SINGLE_LINE_TEXT).
        Instead: add a new field of type SINGLE_LINE_TEXT, copy the values over, then remove amount.

      Error: Deploy fails in app "deals" (id 13)

        fields.deal_code: adding unique fails the deploy: 3 records share a value with another record.

      Warning: Records need values in app "deals" (id 13)

        fields.close_date: making it required leaves 1 record without a value: the deploy succeeds, but it is refused on its next update until the field gets a value.
        List them with the query: close_date = ""

      Warning: Pending draft in app "orders" (id 14)

        The draft already differs from the live app in views, customize: a deploy would publish that unfinished change too.

      Actions are shown with these symbols:
        + add
        ~ change
        - remove
      -/+ replace (remove, then add again: the data is lost)

      appdeploy will perform the following actions:

        # system plug-ins will be installed or updated first (for the whole service)
        + plugin "Barcode scanner" (aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa) version 1.2  # from plugins/barcode-scanner.zip
        ~ plugin "Calendar | plus" (bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb) version 1.9 -> 2.0.1  # from plugins/calendar-plus.zip
          # (1 unchanged plug-in hidden)

        # app "deals" (id 13) will be updated
        ~ app "deals" {
            ~ general {
                ~ name:  "Deals" -> "Deal pipeline"
                ~ theme: "WHITE" -> "BLUE"
              }
            ~ fields {
                + region {
                    + type:         "DROP_DOWN"
                    + label:        "Region"
                    + required:     false
                    + options: {
                        + East: { index: "0", label: "East" }
                        + West: { index: "1", label: "West" }
                      }
                    + defaultValue: "East"
                  }
                ~ stage {
                    ~ label:               "Stage" -> "Phase"
                    + options.Negotiation: { index: "2", label: "Negotiation" }
                    - options.Lost:        { index: "3", label: "Lost" }
                    - defaultValue:        "Prospect"
                  }
                ~ deal_code {
                    ~ unique: false -> true
                  }
                ~ close_date {
                    ~ required: false -> true
                  }
                ~ customer -> client {  # data kept
                    ~ label: "Customer" -> "Client"
                  }
                ~ rep -> sales_rep  # data kept
              -/+ amount {  # removed and added again: its data is lost
                    ~ type: "NUMBER" -> "SINGLE_LINE_TEXT"  # forces replacement
                    - unit: "USD"
                  }
                - notes {
                    - type:         "MULTI_LINE_TEXT"
                    - label:        "Notes"
                    - required:     false
                    - defaultValue: ""
                  }
                  # (6 unchanged fields hidden)
              }
            ~ layout {
                ~ [1] {
                    ~ fields[0].code: "customer" -> "client"
                  }
                + [3] {
                    + type: "ROW"
                    + fields: [
                        + {
                            + type: "DROP_DOWN"
                            + code: "region"
                            + size: { width: "160" }
                          },
                      ]
                  }
                - [4] {
                    - type: "ROW"
                    - fields: [
                        - {
                            - type: "MULTI_LINE_TEXT"
                            - code: "notes"
                            - size: { width: "400", innerHeight: "120" }
                          },
                      ]
                  }
                  # (2 unchanged rows hidden)
              }
            ~ views {
                + "Closing this month" {
                    + type:       "LIST"
                    + index:      "0"
                    + fields:     ["deal_name", "amount", "close_date"]
                    + filterCond: "close_date = THIS_MONTH()"
                    + sort:       "close_date asc"
                  }
                ~ Pipeline {
                    ~ index: "0" -> "1"
                  }
                - "Old list" {
                    - type:       "LIST"
                    - index:      "2"
                    - fields:     ["deal_name"]
                    - filterCond: ""
                    - sort:       "$id desc"
                  }
                  # (1 unchanged view hidden)
              }
            ~ process {
                + states."On hold" {
                    + index: "2"
                    + assignee: {
                        + type: "ONE"
                        + entities: [
                            + {
                                + entity:      { type: "FIELD_ENTITY", code: "owner" }
                                + includeSubs: false
                              },
                          ]
                      }
                  }
                ~ states.Done {
                    ~ index: "2" -> "3"
                  }
                + actions[2] {
                    + name:           "Pause"
                    + from:           "In progress"
                    + to:             "On hold"
                    + filterCond:     ""
                    + type:           "PRIMARY"
                    + executableUser: { entities: [] }
                  }
                + actions[3] {
                    + name:           "Resume"
                    + from:           "On hold"
                    + to:             "In progress"
                    + filterCond:     ""
                    + type:           "SECONDARY"
                    + executableUser: { entities: [] }
                  }
                  # (4 unchanged items hidden)
              }
            ~ customize {
                ~ scope: "ALL" -> "ADMIN"
                + desktop.js[1]: {
                    + type:   "FILE"
                    + name:   "deals.js"
                    + sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
                  }
              }
            ~ appAcl {
                ~ [0] {
                    ~ recordDeletable: true -> false
                  }
                + [2] {
                    + entity:           { type: "GROUP", code: "sales" }
                    + includeSubs:      false
                    + appEditable:      false
                    + recordViewable:   true
                    + recordAddable:    true
                    + recordEditable:   true
                    + recordDeletable:  false
                    + recordImportable: false
                    + recordExportable: false
                  }
                  # (1 unchanged rule hidden)
              }
          }

        # app "orders" (id 14) will be updated
        ~ app "orders" {
            ~ recordAcl {
                - [1] {
                    - filterCond: "status in (\\"Closed\\")"
                    - rights: [
                        - {
                            - entity:      { type: "GROUP", code: "everyone" }
                            - includeSubs: false
                            - viewable:    true
                            - editable:    false
                          },
                      ]
                  }
                  # (1 unchanged rule hidden)
              }
            ~ fieldAcl {
                + total {
                    + rights: [
                        + {
                            + accessibility: "READ"
                            + entity:        { type: "GROUP", code: "sales" }
                          },
                      ]
                  }
                  # (2 unchanged rules hidden)
              }
            ~ notificationsGeneral {
                + [1] {
                    + entity:       { type: "FIELD_ENTITY", code: "owner" }
                    + includeSubs:  false
                    + recordAdded:  true
                    + recordEdited: true
                    + commentAdded: true
                    + fileImported: false
                  }
                  # (1 unchanged notification hidden)
              }
            ~ notificationsPerRecord {
                ~ [0] {
                    ~ filterCond: "total > 1000" -> "total > 5000"
                    ~ title:      "Large order" -> "Very large order"
                  }
              }
            ~ notificationsReminder {
                - [0] {
                    - timing:     { code: "due_date", daysLater: -1, time: "09:00" }
                    - filterCond: ""
                    - title:      "Due tomorrow"
                    - targets: [
                        - {
                            - entity:      { type: "FIELD_ENTITY", code: "owner" }
                            - includeSubs: false
                          },
                      ]
                  }
                  # (1 unchanged reminder hidden)
              }
            ~ reports {
                + "Won by month" {
                    + chartType:      "COLUMN"
                    + chartMode:      "NORMAL"
                    + index:          "2"
                    + groups:         [{ code: "close_date", per: "MONTH" }]
                    + aggregations:   [{ type: "SUM", code: "total" }]
                    + filterCond:     "status in (\\"Won\\")"
                    + sorts:          [{ by: "GROUP1", order: "ASC" }]
                    + periodicReport: null
                  }
                  # (2 unchanged graphs hidden)
              }
            ~ actions {
                ~ "Create invoice" {
                    + mappings[2]: { srcType: "FIELD", srcField: "total", destField: "amount" }
                  }
              }
            ~ adminNotes {
                ~ content:                        "<p>Owner: sales ops</p>" -> "<p>Owner: sales ops</p><p>Escalate to #orders-help</p>"
                ~ includeInTemplateAndDuplicates: false -> true
              }
            ~ plugins {
                + djmhffjhfgmebgnfcbdhhjnfcmfhonpa {
                    + name:    "Kanban board"
                    + enabled: true
                  }
                  # (1 unchanged plug-in hidden)
              }
              # (2 unchanged areas hidden)
          }

        # app "leads" will be created
        + app "leads" {
            + general {
                + name:        "Leads"
                + description: ""
                + theme:       "WHITE"
              }
            + fields {
                + company {
                    + type:     "SINGLE_LINE_TEXT"
                    + label:    "Company"
                    + required: true
                    + unique:   false
                  }
                + source {
                    + type:         "RADIO_BUTTON"
                    + label:        "Source"
                    + options: {
                        + Web:      { index: "0", label: "Web" }
                        + Referral: { index: "1", label: "Referral" }
                      }
                    + defaultValue: "Web"
                  }
              }
          }

      Plan: 18 to add, 18 to change, 6 to remove.
      "
    `);
  });

  it('says so when nothing differs', () => {
    expect(renderText(noChangesPlan, { color: false })).toMatchInlineSnapshot(`
      "appdeploy plan for environment "staging", as of 2026-11-24T09:30:00.000Z

      No changes. The apps match the manifests.
      "
    `);
  });

  it('shows a plan that only updates a system plug-in as a change, not as no changes', () => {
    const plan: Plan = {
      ...onePlan({ action: 'no-op' }, { add: 0, change: 1, remove: 0 }),
      plugins: [everyAreaPlan.plugins[1]!],
    };
    expect(actionsOf(renderText(plan, { color: false }))).toMatchInlineSnapshot(`
      "  # system plug-ins will be installed or updated first (for the whole service)
        ~ plugin "Calendar | plus" (bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb) version 1.9 -> 2.0.1  # from plugins/calendar-plus.zip"
    `);
  });

  it('still shows the risks of a plan without changes', () => {
    const plan = onePlan(
      { action: 'no-op', risks: [{ kind: 'pending-draft', areas: ['process'] }] },
      noChangesPlan.summary,
    );
    expect(renderText(plan, { color: false })).toMatchInlineSnapshot(`
      "appdeploy plan for environment "local", as of 2026-01-01T00:00:00.000Z

      Warning: Pending draft in app "a" (id 1)

        The draft already differs from the live app in process: a deploy would publish that unfinished change too.

      No changes. The apps match the manifests.
      "
    `);
  });

  it('colours markers, headings and diagnostics only when asked', () => {
    const plain = renderText(everyAreaPlan, { color: false });
    const coloured = renderText(everyAreaPlan, { color: true });
    expect(plain).not.toContain(ESC);
    expect(coloured).toContain(`${ESC}32m+${ESC}0m region {`);
    expect(coloured).toContain(`${ESC}33m~${ESC}0m stage {`);
    expect(coloured).toContain(`${ESC}31m-${ESC}0m notes {`);
    expect(coloured).toContain(`${ESC}31m-${ESC}0m/${ESC}32m+${ESC}0m amount {`);
    expect(coloured).toContain(`${ESC}1m# app "deals" (id 13) will be updated${ESC}0m`);
    expect(coloured).toContain(`${ESC}1m${ESC}31mError:${ESC}0m${ESC}0m`);
    expect(coloured).toContain(`${ESC}1m${ESC}33mWarning:${ESC}0m${ESC}0m`);
    // Without the escape codes, the coloured text is the plain one.
    const stripped = coloured
      .split(ESC)
      .map((part, i) => (i === 0 ? part : part.replace(/^\d+m/, '')))
      .join('');
    expect(stripped).toBe(plain);
  });

  it('quotes names that are not identifiers, in item paths and attribute paths', () => {
    const plan = onePlan(
      {
        areas: [
          area(
            'views',
            'view',
            [
              change(['今月の案件'], { type: 'LIST', fields: ['x', 'a'] }, [
                { path: ['fields', 1], before: 'a', after: 'b' },
              ]),
              change(['Won "big"'], { type: 'LIST' }, [{ path: ['sort key'], before: 'a', after: 'b' }]),
              remove(['Old list'], 'x'),
              add(['Empty'], {}),
            ],
            0,
          ),
        ],
      },
      { add: 1, change: 2, remove: 1 },
    );
    expect(actionsOf(renderText(plan, { color: false }))).toMatchInlineSnapshot(`
      "  # app "a" (id 1) will be updated
        ~ app "a" {
            ~ views {
                ~ 今月の案件 {
                    ~ fields[1]: "a" -> "b"
                  }
                ~ "Won \\"big\\"" {
                    ~ "sort key": "a" -> "b"
                  }
                - "Old list": "x"
                + Empty: {}
              }
          }"
    `);
  });

  it('words counts of one in the singular', () => {
    const plan = onePlan(
      {
        areas: [area('reports', 'graph', [add(['x'], 1)], 1), area('appAcl', 'policy', [add([0], 1)], 2)],
        risks: [{ kind: 'deploy-fails', field: 'code', reason: 'unique', records: 1 }],
      },
      { add: 2, change: 0, remove: 0 },
    );
    const text = renderText(plan, { color: false });
    expect(text).toContain('# (1 unchanged graph hidden)');
    expect(text).toContain('# (2 unchanged policies hidden)');
    expect(text).toContain('1 record shares a value with another record.');
  });

  it('shows a changed scalar setting on one line, without an empty key', () => {
    const plan = onePlan(
      {
        areas: [
          area('general', 'setting', [change(['name'], 'A', [{ path: [], before: 'A', after: 'B' }])], 1),
          area('adminNotes', 'setting', [change([], false, [{ path: [], before: false, after: true }])], 0),
        ],
      },
      { add: 0, change: 2, remove: 0 },
    );
    expect(actionsOf(renderText(plan, { color: false }))).toMatchInlineSnapshot(`
      "  # app "a" (id 1) will be updated
        ~ app "a" {
            ~ general {
                ~ name: "A" -> "B"
                  # (1 unchanged setting hidden)
              }
            ~ adminNotes: false -> true
          }"
    `);
  });
  it('lines values up in the columns a terminal shows: a kanji or kana takes two, a combining mark none', () => {
    // A terminal draws East Asian wide and full-width characters (UAX #11) two columns wide: with
    // the key's length as its width, the values after Japanese option names fell out of line.
    const options = {
      低: { index: '0', label: '低' },
      ｶﾅ: { index: '1', label: 'half-width kana' },
      'Cafe\u0301': { index: '2', label: 'e and U+0301' },
      とても高い: { index: '3', label: 'とても高い' },
      medium: { index: '4', label: 'medium' },
    };
    const plan = onePlan(
      { areas: [area('fields', 'field', [add(['優先度'], { type: 'DROP_DOWN', options })], 0)] },
      { add: 1, change: 0, remove: 0 },
    );
    const text = renderText(plan, { color: false });
    const lines = text.split('\n').filter((line) => line.includes('{ index:'));
    expect(lines).toHaveLength(5);
    // The column each value starts in, counted as the terminal counts.
    const starts = lines.map((line) => width(line.slice(0, line.indexOf('{ index:'))));
    expect(new Set(starts).size).toBe(1);
  });
});

/** Columns as a terminal draws them: wide (UAX #11 W and F) two, combining marks none. */
function width(text: string): number {
  let columns = 0;
  for (const c of text) {
    if (/\p{M}/u.test(c)) continue;
    columns +=
      /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff01-\uff60\uffe0-\uffe6]/u.test(
        c,
      )
        ? 2
        : 1;
  }
  return columns;
}
