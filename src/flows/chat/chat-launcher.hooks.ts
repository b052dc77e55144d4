import { useSelector } from '@xstate/react';
import { selectSettings, sessionActor } from '../shell/app.flow';

/**
 * Whether the settings hide the chat on `path` (the page path plus the hash route, e.g.
 * "/en/trading#/show/withdrawal"): an entry matches the path exactly or as a prefix ending in "*".
 */
export function chatHiddenOn(path: string, hiddenPaths: readonly string[]): boolean {
  const bare = path.replace(/^\/(en|ru)(?=\/)/, '');
  return hiddenPaths.some((p) => {
    const rule = p.trim();
    if (!rule) return false;
    if (rule.endsWith('*')) return path.startsWith(rule.slice(0, -1)) || bare.startsWith(rule.slice(0, -1));
    return path === rule || bare === rule;
  });
}

const NO_PATHS: readonly string[] = [];

/**
 * The visitor's launcher on the public pages, login and register: whether the settings
 * hide the chat on this page. Small on purpose: those pages carry the launcher in their first
 * JavaScript, and the chat's machine and panel load only when the visitor asks for them.
 */
export function useChatHiddenHere(): boolean {
  const hiddenPaths = useSelector(sessionActor, (s) => selectSettings(s)?.chatHiddenPaths ?? NO_PATHS);
  return chatHiddenOn(window.location.pathname + window.location.hash, hiddenPaths);
}
