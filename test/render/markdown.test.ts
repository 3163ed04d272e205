import { describe, expect, it } from 'vitest';
import type { Plan, ProcessCanonical } from '../../src/plan/types.js';
import { MARKDOWN_MARKER, renderMarkdown } from '../../src/render/index.js';
import { everyAreaPlan, noChangesPlan } from './fixture.js';
import { add, area, planHead } from './fixture-helpers.js';

describe('renderMarkdown', () => {
  it('renders a plan that touches every area: table, risks, a diff and the process per app', () => {
    expect(renderMarkdown(everyAreaPlan)).toMatchInlineSnapshot(`
      "<!-- appdeploy-plan env=staging -->
      ### appdeploy plan for \`staging\`: 18 to add, 18 to change, 6 to remove

      Planned at 2026-11-24T09:30:00.000Z.

      | App | Id | Action | Add | Change | Remove | Risks |
      | --- | --- | --- | ---: | ---: | ---: | ---: |
      | \`deals\` Deals | 13 | update | 8 | 13 | 4 | 5 |
      | \`orders\` Orders \\| EU | 14 | update | 4 | 4 | 2 | 1 |
      | \`leads\` Leads | (new) | create | 5 | 0 | 0 | 0 |
      | \`contacts\` Contacts | 12 | no changes | 0 | 0 | 0 | 0 |

      #### System plug-ins (installed before the apps are written)

      | Plug-in | Id | Action | Version | Package |
      | --- | --- | --- | --- | --- |
      | Barcode scanner | \`aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\` | install | 1.2 | \`plugins/barcode-scanner.zip\` |
      | Calendar \\| plus | \`bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\` | update | 1.9 -> 2.0.1 | \`plugins/calendar-plus.zip\` |
      | Maps | \`cccccccccccccccccccccccccccccccc\` | no changes | 3 | \`plugins/maps.zip\` |

      #### Risks

      - **Data loss** (warning) in app \`deals\`, \`fields.notes\`: removing it deletes its value in 42 records. List them with the query \`notes != ""\`.
      - **Data loss** (warning) in app \`deals\`, \`fields.stage\`: removing the option "Lost" clears it in the 7 records that hold it. List them with the query \`stage in ("Lost")\`.
      - **Blocked change** (error) in app \`deals\`, \`fields.amount\`: the service cannot change a field's type (NUMBER to SINGLE\\_LINE\\_TEXT). Instead: add a new field of type SINGLE\\_LINE\\_TEXT, copy the values over, then remove amount.
      - **Deploy fails** (error) in app \`deals\`, \`fields.deal_code\`: adding unique fails the deploy: 3 records share a value with another record.
      - **Records need values** (warning) in app \`deals\`, \`fields.close_date\`: making it required leaves 1 record without a value: the deploy succeeds, but it is refused on its next update until the field gets a value. List them with the query \`close_date = ""\`.
      - **Pending draft** (warning) in app \`orders\`: the draft already differs from the live app in views, customize: a deploy would publish that unfinished change too.

      <details><summary>app <code>deals</code> (id 13) will be updated: 8 to add, 13 to change, 4 to remove</summary>

      \`\`\`diff
         # app "deals" (id 13) will be updated
      !  ~ app "deals" {
      !      ~ general {
      !          ~ name:  "Deals" -> "Deal pipeline"
      !          ~ theme: "WHITE" -> "BLUE"
               }
      !      ~ fields {
      +          + region {
      +              + type:         "DROP_DOWN"
      +              + label:        "Region"
      +              + required:     false
      +              + options: {
      +                  + East: { index: "0", label: "East" }
      +                  + West: { index: "1", label: "West" }
                       }
      +              + defaultValue: "East"
                   }
      !          ~ stage {
      !              ~ label:               "Stage" -> "Phase"
      +              + options.Negotiation: { index: "2", label: "Negotiation" }
      -              - options.Lost:        { index: "3", label: "Lost" }
      -              - defaultValue:        "Prospect"
                   }
      !          ~ deal_code {
      !              ~ unique: false -> true
                   }
      !          ~ close_date {
      !              ~ required: false -> true
                   }
      !          ~ customer -> client {  # data kept
      !              ~ label: "Customer" -> "Client"
                   }
      !          ~ rep -> sales_rep  # data kept
      !        -/+ amount {  # removed and added again: its data is lost
      !              ~ type: "NUMBER" -> "SINGLE_LINE_TEXT"  # forces replacement
      -              - unit: "USD"
                   }
      -          - notes {
      -              - type:         "MULTI_LINE_TEXT"
      -              - label:        "Notes"
      -              - required:     false
      -              - defaultValue: ""
                   }
                   # (6 unchanged fields hidden)
               }
      !      ~ layout {
      !          ~ [1] {
      !              ~ fields[0].code: "customer" -> "client"
                   }
      +          + [3] {
      +              + type: "ROW"
      +              + fields: [
      +                  + {
      +                      + type: "DROP_DOWN"
      +                      + code: "region"
      +                      + size: { width: "160" }
                           },
                       ]
                   }
      -          - [4] {
      -              - type: "ROW"
      -              - fields: [
      -                  - {
      -                      - type: "MULTI_LINE_TEXT"
      -                      - code: "notes"
      -                      - size: { width: "400", innerHeight: "120" }
                           },
                       ]
                   }
                   # (2 unchanged rows hidden)
               }
      !      ~ views {
      +          + "Closing this month" {
      +              + type:       "LIST"
      +              + index:      "0"
      +              + fields:     ["deal_name", "amount", "close_date"]
      +              + filterCond: "close_date = THIS_MONTH()"
      +              + sort:       "close_date asc"
                   }
      !          ~ Pipeline {
      !              ~ index: "0" -> "1"
                   }
      -          - "Old list" {
      -              - type:       "LIST"
      -              - index:      "2"
      -              - fields:     ["deal_name"]
      -              - filterCond: ""
      -              - sort:       "$id desc"
                   }
                   # (1 unchanged view hidden)
               }
      !      ~ process {
      +          + states."On hold" {
      +              + index: "2"
      +              + assignee: {
      +                  + type: "ONE"
      +                  + entities: [
      +                      + {
      +                          + entity:      { type: "FIELD_ENTITY", code: "owner" }
      +                          + includeSubs: false
                               },
                           ]
                       }
                   }
      !          ~ states.Done {
      !              ~ index: "2" -> "3"
                   }
      +          + actions[2] {
      +              + name:           "Pause"
      +              + from:           "In progress"
      +              + to:             "On hold"
      +              + filterCond:     ""
      +              + type:           "PRIMARY"
      +              + executableUser: { entities: [] }
                   }
      +          + actions[3] {
      +              + name:           "Resume"
      +              + from:           "On hold"
      +              + to:             "In progress"
      +              + filterCond:     ""
      +              + type:           "SECONDARY"
      +              + executableUser: { entities: [] }
                   }
                   # (4 unchanged items hidden)
               }
      !      ~ customize {
      !          ~ scope: "ALL" -> "ADMIN"
      +          + desktop.js[1]: {
      +              + type:   "FILE"
      +              + name:   "deals.js"
      +              + sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
                   }
               }
      !      ~ appAcl {
      !          ~ [0] {
      !              ~ recordDeletable: true -> false
                   }
      +          + [2] {
      +              + entity:           { type: "GROUP", code: "sales" }
      +              + includeSubs:      false
      +              + appEditable:      false
      +              + recordViewable:   true
      +              + recordAddable:    true
      +              + recordEditable:   true
      +              + recordDeletable:  false
      +              + recordImportable: false
      +              + recordExportable: false
                   }
                   # (1 unchanged rule hidden)
               }
           }
      \`\`\`

      **Process before**

      \`\`\`mermaid
      stateDiagram-v2
          state "未処理" as s0
          state "In progress" as s1
          state "Done" as s2
          [*] --> s0
          s0 --> s1: Start
          s1 --> s2: Finish
      \`\`\`

      **Process after** (new statuses in green)

      \`\`\`mermaid
      stateDiagram-v2
          state "未処理" as s0
          state "In progress" as s1
          state "On hold" as s2
          state "Done" as s3
          [*] --> s0
          s0 --> s1: Start
          s1 --> s3: Finish
          s1 --> s2: Pause
          s2 --> s1: Resume
          classDef changed fill:#dafbe1,stroke:#1a7f37
          class s2 changed
      \`\`\`

      </details>

      <details><summary>app <code>orders</code> (id 14) will be updated: 4 to add, 4 to change, 2 to remove</summary>

      \`\`\`diff
         # app "orders" (id 14) will be updated
      !  ~ app "orders" {
      !      ~ recordAcl {
      -          - [1] {
      -              - filterCond: "status in (\\"Closed\\")"
      -              - rights: [
      -                  - {
      -                      - entity:      { type: "GROUP", code: "everyone" }
      -                      - includeSubs: false
      -                      - viewable:    true
      -                      - editable:    false
                           },
                       ]
                   }
                   # (1 unchanged rule hidden)
               }
      !      ~ fieldAcl {
      +          + total {
      +              + rights: [
      +                  + {
      +                      + accessibility: "READ"
      +                      + entity:        { type: "GROUP", code: "sales" }
                           },
                       ]
                   }
                   # (2 unchanged rules hidden)
               }
      !      ~ notificationsGeneral {
      +          + [1] {
      +              + entity:       { type: "FIELD_ENTITY", code: "owner" }
      +              + includeSubs:  false
      +              + recordAdded:  true
      +              + recordEdited: true
      +              + commentAdded: true
      +              + fileImported: false
                   }
                   # (1 unchanged notification hidden)
               }
      !      ~ notificationsPerRecord {
      !          ~ [0] {
      !              ~ filterCond: "total > 1000" -> "total > 5000"
      !              ~ title:      "Large order" -> "Very large order"
                   }
               }
      !      ~ notificationsReminder {
      -          - [0] {
      -              - timing:     { code: "due_date", daysLater: -1, time: "09:00" }
      -              - filterCond: ""
      -              - title:      "Due tomorrow"
      -              - targets: [
      -                  - {
      -                      - entity:      { type: "FIELD_ENTITY", code: "owner" }
      -                      - includeSubs: false
                           },
                       ]
                   }
                   # (1 unchanged reminder hidden)
               }
      !      ~ reports {
      +          + "Won by month" {
      +              + chartType:      "COLUMN"
      +              + chartMode:      "NORMAL"
      +              + index:          "2"
      +              + groups:         [{ code: "close_date", per: "MONTH" }]
      +              + aggregations:   [{ type: "SUM", code: "total" }]
      +              + filterCond:     "status in (\\"Won\\")"
      +              + sorts:          [{ by: "GROUP1", order: "ASC" }]
      +              + periodicReport: null
                   }
                   # (2 unchanged graphs hidden)
               }
      !      ~ actions {
      !          ~ "Create invoice" {
      +              + mappings[2]: { srcType: "FIELD", srcField: "total", destField: "amount" }
                   }
               }
      !      ~ adminNotes {
      !          ~ content:                        "<p>Owner: sales ops</p>" -> "<p>Owner: sales ops</p><p>Escalate to #orders-help</p>"
      !          ~ includeInTemplateAndDuplicates: false -> true
               }
      !      ~ plugins {
      +          + djmhffjhfgmebgnfcbdhhjnfcmfhonpa {
      +              + name:    "Kanban board"
      +              + enabled: true
                   }
                   # (1 unchanged plug-in hidden)
               }
               # (2 unchanged areas hidden)
           }
      \`\`\`

      </details>

      <details><summary>app <code>leads</code> will be created: 5 to add, 0 to change, 0 to remove</summary>

      \`\`\`diff
         # app "leads" will be created
      +  + app "leads" {
      +      + general {
      +          + name:        "Leads"
      +          + description: ""
      +          + theme:       "WHITE"
               }
      +      + fields {
      +          + company {
      +              + type:     "SINGLE_LINE_TEXT"
      +              + label:    "Company"
      +              + required: true
      +              + unique:   false
                   }
      +          + source {
      +              + type:         "RADIO_BUTTON"
      +              + label:        "Source"
      +              + options: {
      +                  + Web:      { index: "0", label: "Web" }
      +                  + Referral: { index: "1", label: "Referral" }
                       }
      +              + defaultValue: "Web"
                   }
               }
           }
      \`\`\`

      </details>
      "
    `);
  });

  it('starts with a marker naming the environment, which a CI step finds its earlier comment by', () => {
    expect(renderMarkdown(everyAreaPlan).split('\n')[0]).toBe('<!-- appdeploy-plan env=staging -->');
    expect(renderMarkdown(noChangesPlan).split('\n')[0]).toBe('<!-- appdeploy-plan env=staging -->');
    // Two environments' plans on one pull request keep a comment each.
    const production = renderMarkdown({ ...noChangesPlan, environment: 'production' }).split('\n')[0];
    expect(production).toBe('<!-- appdeploy-plan env=production -->');
    // No name ends the HTML comment early, or reads as another environment's marker.
    for (const environment of ['a-->b', 'x y', 'stag\ning', 'ステージ'])
      expect(renderMarkdown({ ...noChangesPlan, environment }).split('\n')[0]).toMatch(
        /^<!-- appdeploy-plan env=[A-Za-z0-9%_.!~*'()-]+ -->$/,
      );
    expect(MARKDOWN_MARKER).toBe('<!-- appdeploy-plan -->');
  });

  it('says so when nothing differs', () => {
    expect(renderMarkdown(noChangesPlan)).toMatchInlineSnapshot(`
      "<!-- appdeploy-plan env=staging -->
      ### appdeploy plan for \`staging\`: no changes

      Planned at 2026-11-24T09:30:00.000Z.

      No changes. The apps match the manifests.
      "
    `);
  });

  it('titles a plan that only installs a system plug-in with its count, and lists the plug-in', () => {
    const plan: Plan = {
      ...noChangesPlan,
      plugins: [everyAreaPlan.plugins[0]!],
      summary: { add: 1, change: 0, remove: 0 },
    };
    const markdown = renderMarkdown(plan);
    expect(markdown).toContain('### appdeploy plan for `staging`: 1 to add, 0 to change, 0 to remove\n');
    expect(markdown).toContain('| Barcode scanner | `aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa` | install | 1.2 |');
    expect(markdown).not.toContain('No changes.');
  });

  it('draws only the new process of an app it creates, with names Mermaid would misread escaped', () => {
    const process: ProcessCanonical = {
      enable: false,
      states: {
        '完了 "done"': { index: '1', assignee: { type: 'ONE', entities: [] } },
        '未処理; #1': { index: '0', assignee: { type: 'ONE', entities: [] } },
      },
      actions: [
        {
          name: 'Close: 100% <sure>',
          from: '未処理; #1',
          to: '完了 "done"',
          filterCond: '',
          type: 'PRIMARY',
        },
      ],
    };
    const plan: Plan = {
      ...planHead(),
      plugins: [],
      heldReferences: [],
      apps: [
        {
          key: 'tickets',
          name: 'Tickets',
          id: null,
          action: 'create-app',
          revisions: null,
          areas: [
            area('process', 'item', [add([], process)], 0, {
              action: 'create-app',
              before: null,
              after: process,
            }),
          ],
          risks: [],
        },
      ],
      summary: { add: 1, change: 0, remove: 0 },
    };
    const markdown = renderMarkdown(plan);
    expect(markdown).not.toContain('Process before');
    expect(markdown.slice(markdown.indexOf('**Process after**'))).toMatchInlineSnapshot(`
      "**Process after** (process management off)

      \`\`\`mermaid
      stateDiagram-v2
          state "未処理#59; #35;1" as s0
          state "完了 #34;done#34;" as s1
          [*] --> s0
          s0 --> s1: Close#58; 100#37; #60;sure#62;
      \`\`\`

      </details>
      "
    `);
  });

  it('keeps code spans, fences and table cells whole whatever the names hold', () => {
    const plan: Plan = {
      ...everyAreaPlan,
      environment: 'a`b',
      apps: [
        {
          key: 'x|y',
          name: 'A *bold* <b>name</b> | pipe',
          id: '7',
          action: 'update',
          revisions: { draft: '1', live: '1' },
          areas: [area('adminNotes', 'setting', [add([], { content: 'Use ```code``` here' })], 0)],
          risks: [],
        },
      ],
      summary: { add: 1, change: 0, remove: 0 },
    };
    const markdown = renderMarkdown(plan);
    expect(markdown).toContain('### appdeploy plan for ``a`b``: 1 to add, 0 to change, 0 to remove');
    expect(markdown).toContain('| `x\\|y` A \\*bold\\* &lt;b&gt;name&lt;/b&gt; \\| pipe | 7 | update |');
    expect(markdown).toContain('<summary>app <code>x|y</code> (id 7) will be updated');
    expect(markdown).toContain('````diff\n');
    expect(markdown).toContain('+          + content: "Use ```code``` here"\n');
    expect(markdown).toContain('\n     }\n````\n');
  });

  it('keeps a name that holds line breaks, comment marks and mentions in its row, pinging no one', () => {
    // The comment is posted on a pull request: a CR or LF (or U+2028) in a cell ends the table's
    // row, `<!--` would hide the rest of the comment, `-->` would end appdeploy's marker, and
    // `@someone` or `@org/team` notifies them each time the plan is posted.
    const plan: Plan = {
      ...everyAreaPlan,
      apps: [
        {
          key: 'x',
          name: 'a\rb\nc\r\nd\u2028e <!-- f --> @octocat cc @acme/reviewers, mail a@b.example',
          id: '7',
          action: 'update',
          revisions: { draft: '1', live: '1' },
          areas: [area('adminNotes', 'setting', [add([], { content: 'x' })], 0)],
          risks: [],
        },
      ],
      summary: { add: 1, change: 0, remove: 0 },
    };
    const markdown = renderMarkdown(plan);
    expect(markdown.split('\n').filter((line) => line.startsWith('| `x`'))).toEqual([
      '| `x` a b c d e &lt;!-- f --&gt; @&#8203;octocat cc @&#8203;acme/reviewers, mail a@b.example | 7 | update | 1 | 0 | 0 | 0 |',
    ]);
    expect(markdown.match(/-->/g)).toHaveLength(1);
  });
});
