import type { ColumnType, Selectable } from 'kysely';
import type { CreatedAt, Json } from './schema';

/** Users a tester's session made with fresh-user (migration 200_sandbox_shared; server/sandbox/access.ts). */
export interface SandboxMadeByTable {
  session_id: string;
  user_id: number;
  created_at: CreatedAt;
}

/** The sandbox identity provider's secrets, one row (id 1), made by the first instance to start. */
export interface SandboxIdpKeysTable {
  id: number;
  /** a private JWKS: `{ keys: [...] }` */
  jwks: Json;
  client_secret: string;
  cookie_key: string;
  created_at: CreatedAt;
}

/** The sandbox identity provider's stored objects (its adapter, server/sandbox/idp/adapter.ts). */
export interface SandboxIdpObjectsTable {
  model: string;
  id: string;
  payload: Json;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: ColumnType<Date, Date, Date>;
  consumed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type SandboxIdpObjectRow = Selectable<SandboxIdpObjectsTable>;

declare module './schema' {
  interface Database {
    sandbox_made_by: SandboxMadeByTable;
    sandbox_idp_keys: SandboxIdpKeysTable;
    sandbox_idp_objects: SandboxIdpObjectsTable;
  }
}
