import type { Where } from './rows';

/** `file:line` of the first line of `where.file` holding `where.find` (the file alone when none does). */
export function locate(where: Where): string;
