import type { Plugin } from 'vite';

export declare const LAYOUTS_ID: 'virtual:explorer-layouts';
export declare function explorerLayouts(): Plugin;
