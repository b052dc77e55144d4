/**
 * What a registration body carries besides its fields, for every test that opens an account through
 * POST /api/register or /api/oidc/register: the legal documents accepted (issue 30 §5: refused
 * with register.terms_required without it). A test of that refusal leaves it out.
 */
export const ACCEPTED = { terms: true } as const;

/** A complete registration for the form's call (DE, EUR), the documents accepted; `over` changes any field. */
export const registration = (over: Record<string, unknown> = {}) => ({
  country: 'DE',
  currency: 'EUR',
  password: 'Long-enough-2026',
  firstName: 'Anna',
  lastName: 'Schmidt',
  phone_prefix: '49',
  phone: '1512 345-6789',
  lang: 'en',
  ...ACCEPTED,
  ...over,
});
