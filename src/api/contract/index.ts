export * from './common';
export * from './user';
export * from './login';
export * from './settings';
export * from './autologin';
export * from './events';
