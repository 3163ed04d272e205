/** The placeholder an app apply will create stands under until it has an id. */
export function appPlaceholder(key: string): string {
  return `{${key}}`;
}
