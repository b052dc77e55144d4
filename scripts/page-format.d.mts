export const PAGE_FORMAT_FILE: string;
export function pageFormatSource(): Promise<string>;
