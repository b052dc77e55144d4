/**
 * How long a binding waits for the page to show what a step or a state promises. One figure for
 * every binding: CI runs the UI paths beside the browser suite on two cores, where a screen that
 * takes 0.3 s alone has been seen to take over 5 s (notMe's start, 2026-12-03). A longer wait costs
 * nothing on a path that passes; a screen check still ends the moment the app moves on (replay.ts).
 */
export const WAIT = { timeout: 15_000 };
