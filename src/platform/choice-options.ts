/**
 * A choice field's options (DROP_DOWN, RADIO_BUTTON, CHECK_BOX, MULTI_SELECT) as both validate
 * (project/checks/fields.ts) and the local service (emulator/validate/fields.ts) check them, each
 * in its own words. This folder imports nothing.
 *
 * The hosted platform keys an option by its label. kintone's own MCP server says so to its callers
 * of Add Form Fields ("For selection fields (DROP_DOWN/RADIO_BUTTON/CHECK_BOX/MULTI_SELECT), option
 * keys must exactly match their label values", kintone/mcp-server
 * src/tools/kintone/app/add-form-fields.ts) and of Update Form Fields ("Option keys must exactly
 * match current option names"); Get Form Fields answers every option so (the official client's
 * types and every recorded answer show `{ A: { label: 'A', index } }`). An option whose label
 * differs from its key is refused: added, it is not what the platform stores; updated, it would
 * come back under its label, so a plan would never be empty. The REST documentation gives no error
 * code for it: the local service answers 400 CB_VA01 at the option's `label` (our choice).
 */

/** An option whose label is not its key. */
export interface OptionLabelBreach {
  readonly name: string;
  readonly label: string;
}

/** The options (as a request or a manifest writes them) whose label differs from their key. */
export function optionLabelBreaches(options: Readonly<Record<string, unknown>>): OptionLabelBreach[] {
  return Object.entries(options).flatMap(([name, option]) => {
    const label = (option as { label?: unknown } | null)?.label;
    return typeof label === 'string' && label !== name ? [{ name, label }] : [];
  });
}
