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
// registration (./register, ./countries) is imported directly: only the register chunk and the server need it
export * from './card';
export * from './verification';
export * from './deposits-offline';
