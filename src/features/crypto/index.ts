/**
 * The crypto area: importing it registers the crypto funding tabs (bitcoin, litecoin, eth,
 * bitcoin-cash, dash, zcash, usdt, altcoins) in src/features/funding/tabs.ts. The funding page
 * imports it once: `import '../crypto';`. The invoice page is #/show/invoice/{coin}/{guid}.
 */
import './register-tabs';
