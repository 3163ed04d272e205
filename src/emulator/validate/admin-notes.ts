import { TEXT_LIMITS } from '../../platform/index.js';
import { bool, str, type Shape } from './shape.js';

/** Admin notes (`PUT app/adminNotes.json`, live at once). */
export const adminNotesBody: Record<string, Shape> = {
  content: str({ max: TEXT_LIMITS.adminNotes }),
  includeInTemplateAndDuplicates: bool(),
};
