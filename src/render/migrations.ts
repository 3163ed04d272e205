/**
 * What the plan says of each migration (docs/migrations.md, "What the plan says"), worded once
 * for the text and the Markdown: the note on the `-/+` line (`values kept: 12,408 records`), and
 * per field how each value converts, what does not, the query listing those, the requests the
 * copy spends against the app's daily budget, and the window.
 */
import type { AppPlan, Change, FieldMigration } from '../plan/types.js';
import { formatName, plural, thousands } from './values.js';

/** The migration a fields change is, when it is one. */
export function migrationOf(app: AppPlan, change: Change): FieldMigration | undefined {
  if (change.action !== 'replace') return undefined;
  const code = String(change.path[change.path.length - 1]);
  return app.migrations?.find((m) => m.to.code === code);
}

/** The note on a migration's `-/+` line. */
export function migrationNote(m: FieldMigration): string {
  const kept =
    m.records === null
      ? 'values kept'
      : `values kept: ${plural(m.records.withValue - m.records.notConverted.records, 'record')}`;
  return m.state === 'copying' ? `${kept}; an earlier apply began it: apply copies again, then swaps` : kept;
}

/** `MULTI_LINE_TEXT -> SINGLE_LINE_TEXT`, with the tables a move goes between. */
function what(m: FieldMigration): string {
  const from = m.from.table === null ? 'the top level' : `table ${formatName(m.from.table)}`;
  const to = m.to.table === null ? 'the top level' : `table ${formatName(m.to.table)}`;
  const moved =
    m.from.table !== m.to.table ? `, moved from ${from} ${m.to.table === null ? 'to' : 'into'} ${to}` : '';
  return `${m.from.type} -> ${m.to.type}${moved}`;
}

/** The sentences of one app's migrations: a title per field and its lines under it. */
export function migrationSentences(app: AppPlan): { title: string; lines: string[] }[] {
  return (app.migrations ?? []).map((m) => {
    const title = `fields.${formatName(m.to.code)}${m.from.code !== m.to.code ? ` (was ${formatName(m.from.code)})` : ''}: ${what(m)}; ${m.rule}.`;
    const lines: string[] = [];
    if (m.timeZone) lines.push(zoneLine(m.timeZone));
    const r = m.records;
    if (r === null) lines.push('No records read: the app has none yet.');
    else {
      lines.push(
        `${plural(r.withValue, 'record')} of ${thousands(r.read)} ${r.withValue === 1 ? 'holds' : 'hold'} a value.`,
      );
      const lost = r.notConverted;
      if (lost.records > 0) {
        const samples = lost.samples.map((s) => `record ${s.id}: ${JSON.stringify(s.value)} (${s.reason})`);
        lines.push(
          `${plural(lost.records, 'record')} ${lost.records === 1 ? 'holds a value that does' : 'hold values that do'} not convert and ${lost.records === 1 ? 'is' : 'are'} left empty: ${samples.join('; ')}.`,
          lost.query !== null
            ? `They are listed by: ${lost.query}`
            : `No query lists them: ${lost.note ?? ''}.`,
        );
      }
      if (r.defaulted > 0)
        lines.push(
          `${plural(r.defaulted, 'record')} ${r.defaulted === 1 ? 'gets' : 'get'} migrate.default ${JSON.stringify(m.migrate.default)} instead.`,
        );
      const q = r.requests;
      const share = ((q.total / q.dailyQuota) * 100).toFixed(q.total * 1000 < q.dailyQuota ? 2 : 1);
      lines.push(
        `Requests: about ${thousands(q.total)} (${plural(q.reads, 'read')}, ${plural(q.writeCalls, 'write call')} in ${plural(q.bulkRequests, 'bulk request')}, ${q.sweep} for the sweep, ${plural(q.settings, 'settings call')}): ${share}% of the app's ${thousands(q.dailyQuota)} a day.`,
      );
    }
    lines.push(
      'The window: an edit of this field made after the last sweep and before the swap is in the backup taken just before the swap, and written into the new field once the swap is live; one made in the moments after the last read by apply, while the swap deploys, is in neither.',
    );
    return { title, lines };
  });
}

/** Which zone a date conversion takes, and where from: the one a reviewer must agree with. */
function zoneLine(zone: NonNullable<FieldMigration['timeZone']>): string {
  switch (zone.source) {
    case 'migrate':
      return `Time zone: ${zone.name} (migrate.timeZone).`;
    case 'environment':
      return `Time zone: ${zone.name} (the environment's timeZone).`;
    case 'machine':
      return `Time zone: ${zone.name}, this machine's: set timeZone on the environment in appdeploy.yaml (or migrate.timeZone on the field) so that every machine converts alike.`;
  }
}
