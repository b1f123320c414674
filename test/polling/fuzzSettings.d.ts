export const runs: number;
export const seed: number;
export const path: string | undefined;
