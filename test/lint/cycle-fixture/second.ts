import { first } from './first.js';

export const second = (): string => first();
