export function readRepoFile(rel: string): string;
