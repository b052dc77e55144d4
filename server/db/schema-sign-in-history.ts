import type { Generated } from 'kysely';
import type { SignInMethod, SignInOutcome } from '../../core/contract/sign-in-history';
import type { CreatedAt, Int8Id, Timestamp } from './schema';

/** Sign-in history and new-device alerts (migration 244_sign_in_history), joined to Database by module augmentation. */
export interface SignInEventsTable {
  id: Int8Id;
  user_id: number;
  at: CreatedAt;
  method: SignInMethod;
  outcome: SignInOutcome;
  ip: string | null;
  device: string | null;
  country: string | null;
  new_device: Generated<boolean>;
}

export interface KnownDevicesTable {
  user_id: number;
  device_hash: string;
  first_seen_at: CreatedAt;
}

export interface DeviceAlertsTable {
  id: Int8Id;
  user_id: number;
  event_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Date | null;
}

declare module './schema' {
  interface Database {
    sign_in_events: SignInEventsTable;
    known_devices: KnownDevicesTable;
    device_alerts: DeviceAlertsTable;
  }
}
