/** Admin notes (spec "Admin notes"; the hosted platform adds `includeInTemplateAndDuplicates`). */

export interface AdminNotesResult {
  content: string;
  /** Whether the notes go along when the app is copied or made a template. */
  includeInTemplateAndDuplicates: boolean;
  revision: string;
}

/** A write changes only the keys it names. */
export interface AdminNotesUpdate {
  content?: string | undefined;
  includeInTemplateAndDuplicates?: boolean | undefined;
}
