import type { Locale } from './system-fields.js';

/** A preset status or action of a new app's process, as the service names it. */
export interface PresetProcess {
  /** The statuses in order: the first is where a record starts. */
  readonly states: readonly string[];
  /** The preset buttons: each moves a record from one status to the next. */
  readonly actions: readonly { readonly name: string; readonly from: string; readonly to: string }[];
}

/**
 * The process a new app has, switched off, in the creator's language (platform-facts-verified,
 * Locale: `未処理`, `処理中`, `完了` in ja; the English statuses are those of the hosted
 * platform's English help). The preset action names are the hosted platform's as far as its
 * documentation shows them; nothing depends on them beyond what a read of a new app answers.
 */
export const NEW_APP_PROCESS: Readonly<Record<Locale, PresetProcess>> = {
  en: {
    states: ['Not started', 'In progress', 'Completed'],
    actions: [
      { name: 'Start', from: 'Not started', to: 'In progress' },
      { name: 'Complete', from: 'In progress', to: 'Completed' },
    ],
  },
  ja: {
    states: ['未処理', '処理中', '完了'],
    actions: [
      { name: '処理開始', from: '未処理', to: '処理中' },
      { name: '完了する', from: '処理中', to: '完了' },
    ],
  },
};
