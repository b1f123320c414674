export function nextTurn(): Promise<void>;
