/** Types of eslint.layers.js (the "may import" table). */
export interface Layer {
  row: string;
  files: string[];
  ignores?: string[];
  deny: string[];
}
export declare const LAYERS: Layer[];
export declare function layerRules(): object[];
