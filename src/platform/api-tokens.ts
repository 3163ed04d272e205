/**
 * Settings areas no API token can read: kintone's "Get Customization" page says API tokens cannot
 * be used with it (the hosted platform answers 403 GAIA_NO01). Planners and exporters with a
 * token-only environment leave these areas unread and say so.
 */
export const TOKEN_UNREADABLE_AREAS = ['customize'] as const;
