export function frontEndIsStale(root?: string): boolean;
export function buildIfStale(root?: string): boolean;
