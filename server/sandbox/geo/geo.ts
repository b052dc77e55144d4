import type { GeoLocator } from '../../domain/ports';

/**
 * The sandbox's geolocation (the GeoLocator port): the three address ranges RFC 5737 keeps for
 * documentation stand for three countries, so a tester can see the sign-in history's country
 * column by sending `X-Forwarded-For` to a server with TRUST_PROXY on (docs/sandbox.md). Every
 * other address (loopback, private, real): no country. A real integration reads a geolocation
 * database instead.
 */
export const SANDBOX_GEO_RANGES: ReadonlyArray<{ prefix: string; country: string }> = [
  { prefix: '192.0.2.', country: 'GB' },
  { prefix: '198.51.100.', country: 'DE' },
  { prefix: '203.0.113.', country: 'CY' },
];

export const sandboxGeo: GeoLocator = {
  countryOf: (ip) => SANDBOX_GEO_RANGES.find((range) => ip.replace(/^::ffff:/, '').startsWith(range.prefix))?.country ?? null,
};

/** Outside the sandbox without a geolocation database: no country. */
export const noGeo: GeoLocator = { countryOf: () => null };
