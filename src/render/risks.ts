/**
 * What each risk says, worded once for the text and the Markdown renderings: which app, what
 * goes wrong, how many records, and what to run or do about it.
 */
import type { FieldUse, Risk } from '../plan/types.js';
import { formatName, formatPath, plural } from './values.js';
import { lengthBounds, recordNumbers } from '../wording.js';

export interface RiskView {
  /** An error stops the apply or its deploy; a warning is a consequence the reviewer accepts. */
  severity: 'Error' | 'Warning';
  /** Short and fixed per kind, so that a reader (or a search) finds the same words every time. */
  title: string;
  /** The setting concerned (`fields.notes`), when the risk is about one. */
  subject: string | null;
  /** What happens, one sentence. */
  message: string;
  /** What to do instead, for a change the service cannot make. */
  instead?: string;
  /** A record query that lists the records concerned. */
  query?: string;
  /** Where the project still names the field, one place each (`view "Open" (filter)`). */
  usedBy?: string[];
}

/** One place, with its app when it is another app than the risk's. */
function describeUses(uses: readonly FieldUse[] | undefined, app: string): { usedBy?: string[] } {
  if (uses === undefined || uses.length === 0) return {};
  return { usedBy: uses.map((u) => (u.app === app ? u.where : `app ${u.app}: ${u.where}`)) };
}

/** `deploy-fails` and `records-need-values` are about a field's `unique` and `required`. */
const fieldPath = (field: string): string => `fields.${formatName(field)}`;

/** The verb agreeing with a count of records. */
const verb = (count: number, one: string, many: string): string => (count === 1 ? one : many);

/** `app`: the key of the app the risk is about, so places in that app are not prefixed with it. */
export function describeRisk(risk: Risk, app: string): RiskView {
  switch (risk.kind) {
    case 'data-loss':
      return {
        severity: 'Warning',
        title: 'Data loss',
        subject: `${risk.area}.${formatName(risk.field)}`,
        message:
          risk.notConverted === true
            ? `migrating it leaves ${plural(risk.records, 'record')} empty: ${verb(risk.records, 'its value does', 'their values do')} not convert to the new type (a migrate.default that fits the new field would take ${verb(risk.records, 'its', 'their')} place).`
            : risk.option === undefined
              ? `removing it deletes its value in ${plural(risk.records, 'record')}.`
              : `removing the option ${JSON.stringify(risk.option)} clears it in the ${plural(risk.records, 'record')} that ${verb(risk.records, 'holds', 'hold')} it.`,
        ...(risk.query !== '' ? { query: risk.query } : {}),
        ...describeUses(risk.usedBy, app),
      };
    case 'blocked':
      return {
        severity: 'Error',
        title: 'Blocked change',
        subject: formatPath(risk.path, risk.area),
        message: sentence(risk.reason),
        instead: sentence(risk.instead),
        ...describeUses(risk.usedBy, app),
      };
    case 'field-still-used':
      return {
        severity: 'Warning',
        title: 'Field still used',
        subject: `${risk.area}.${formatName(risk.field)}`,
        message:
          risk.renamedTo === undefined
            ? `it is removed, but the project still names it: each place named stops working.`
            : `it is renamed to ${formatName(risk.renamedTo)}, but the project still names the old code: each place named stops working until it names the new one.`,
        ...describeUses(risk.usedBy, app),
      };
    case 'pending-draft':
      return {
        severity: 'Warning',
        title: 'Pending draft',
        subject: null,
        message: `the draft already differs from the live app in ${risk.areas.join(', ')}: a deploy would publish that unfinished change too.`,
      };
    case 'deploy-fails':
      return {
        severity: 'Error',
        title: 'Deploy fails',
        subject: fieldPath(risk.field),
        message:
          risk.reason === 'length'
            ? `its new length, ${lengthBounds(risk)}, fails the deploy: ${plural(risk.records, 'record')} ${verb(risk.records, 'holds', 'hold')} a value outside it (${recordNumbers(risk.recordIds)}${risk.records > risk.recordIds.length ? ' among them' : ''}; an empty value is shorter than a minimum).`
            : `adding ${risk.reason} fails the deploy: ${plural(risk.records, 'record')} ${verb(risk.records, 'shares', 'share')} a value with another record.`,
        ...(risk.reason === 'length'
          ? { instead: `give those records values of ${lengthBounds(risk)} first, or keep the old bounds.` }
          : {}),
      };
    case 'records-need-values':
      return {
        severity: 'Warning',
        title: 'Records need values',
        subject: fieldPath(risk.field),
        message: `making it required leaves ${plural(risk.records, 'record')} without a value: the deploy succeeds, but ${risk.records === 1 ? 'it is' : 'each of them is'} refused on its next update until the field gets a value.`,
        query: risk.query,
      };
    case 'records-in-removed-status':
      return {
        severity: 'Warning',
        title: 'Records in a removed status',
        subject: `process.states.${formatName(risk.status)}`,
        message: `removing it strands the ${plural(risk.records, 'record')} in it: no action moves ${risk.records === 1 ? 'it' : 'them'} on, and a query naming the status is refused once it is gone. Move them first, or rename the status with renamedFrom.`,
        query: risk.query,
      };
    default: {
      const unreachable: never = risk;
      return unreachable;
    }
  }
}

/** The planner's phrases (`reason`, `instead`) read as sentences whether or not they end in a stop. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The first letter upper-cased, for a message that starts a line of its own. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
