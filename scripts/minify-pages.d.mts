/** The production build's folders whose scripts and styles are minified. */
export const PAGE_DIRS: string[];
/** Minifies each .js and .css file of `dir` in place: [file name, bytes before, bytes after] for each. */
export function minifyPages(dir: string): Promise<[string, number, number][]>;
