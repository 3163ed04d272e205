/**
 * Project keys for apps that are not in the project yet: from the app code, else the name,
 * slugified (`Sales Deals` -> `sales-deals`), made unique against the project's keys, the keys
 * given earlier in the same export and the manifest files already on disk. Apps get their keys in
 * id order, so the same apps always get the same keys.
 */
const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function appKeyFor(
  app: { id: string; code: string; name: string },
  taken: (key: string) => boolean,
): string {
  const base = [app.code, app.name]
    .map(slugify)
    .map((slug) => (slug !== '' && !KEY.test(slug) ? `app-${slug}` : slug))
    .find((slug) => slug !== '');
  const stem = base ?? `app-${app.id}`;
  if (!taken(stem)) return stem;
  for (let n = 2; ; n += 1) if (!taken(`${stem}-${n}`)) return `${stem}-${n}`;
}
