import type { Msg } from '../../core/message';

/** The registration's remaining questions after a social sign-in (the email is the provider's, verified). */
export interface SocialForm {
  country: string;
  /** the US state (two letters), for country US only */
  state: string;
  currency: string;
  firstName: string;
  lastName: string;
  phone_prefix: string;
  phone: string;
  /** 'yes' when a US resident accepted the notice for US residents */
  usNotice: string;
  /** 'yes' when the legal documents are accepted (issue 30 §5: unticked at first, required) */
  terms: string;
}
export type SocialField = keyof SocialForm;

export interface SocialContext {
  /** the provider's verified email (locked) and name */
  email: string;
  provider: string;
  values: SocialForm;
  /** per field: what is wrong */
  errors: Record<string, Msg>;
  formError: Msg | null;
  shakes: number;
}

/** a country change carries that country's calling code (`prefix`, from the register chunk's list): the form fills it in */
export type SocialEvent = { type: 'field.change'; field: SocialField; value: string; prefix?: string } | { type: 'social.submit' };

export interface SocialPendingOutput {
  email: string;
  firstName: string;
  lastName: string;
  provider: string;
}
