export * from './common';
export * from './user';
export * from './login';
export * from './settings';
