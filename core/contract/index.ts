export * from './common';
export * from './user';
export * from './login';
export * from './settings';
export * from './autologin';
export * from './events';
export * from './crypto';
export * from './withdrawal';
export * from './security';
export * from './accounts';
export * from './sandbox-security';
export * from './trading';
// registration (./register, ./countries) and support (./support) are imported directly: only their chunks and the server need them
export * from './card';
export * from './verification';
export * from './deposits-offline';
