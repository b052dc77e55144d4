// Generated from core/format.ts by scripts/page-format.mjs: do not edit.
/* eslint-disable */
"use strict";
var BrokerFormat = (() => {
  var __defProp = Object.defineProperty;
  var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
  var __getOwnPropNames = Object.getOwnPropertyNames;
  var __hasOwnProp = Object.prototype.hasOwnProperty;
  var __export = (target, all) => {
    for (var name in all)
      __defProp(target, name, { get: all[name], enumerable: true });
  };
  var __copyProps = (to, from, except, desc) => {
    if (from && typeof from === "object" || typeof from === "function") {
      for (let key of __getOwnPropNames(from))
        if (!__hasOwnProp.call(to, key) && key !== except)
          __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
    }
    return to;
  };
  var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

  // core/format.ts
  var format_exports = {};
  __export(format_exports, {
    decimalMark: () => decimalMark,
    formatAmount: () => formatAmount,
    formatDate: () => formatDate,
    formatDateTime: () => formatDateTime,
    formatLongDate: () => formatLongDate,
    formatMinor: () => formatMinor,
    formatNumber: () => formatNumber,
    formatTime: () => formatTime
  });

  // core/decimal.ts
  var displayDigits = (currency) => ["USD", "EUR", "GBP", "RUB"].includes(currency.toUpperCase()) ? 2 : 5;

  // core/format-dates.ts
  var langOf = (lang) => lang === "ru" ? "ru" : "en";
  var millisOf = (value) => value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
  var dateFormats = /* @__PURE__ */ new Map();
  function dateParts(ms, timeZone) {
    let format = dateFormats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-GB", { timeZone, day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
      dateFormats.set(timeZone, format);
    }
    const found = { day: "", month: "", year: "", hour: "", minute: "" };
    for (const part of format.formatToParts(ms)) if (part.type in found) found[part.type] = part.value;
    return found;
  }
  function formatDate(value, timeZone) {
    const ms = millisOf(value);
    if (!Number.isFinite(ms)) return String(value);
    const p = dateParts(ms, timeZone);
    return `${p.day}.${p.month}.${p.year}`;
  }
  function formatDateTime(value, timeZone) {
    const ms = millisOf(value);
    if (!Number.isFinite(ms)) return String(value);
    const p = dateParts(ms, timeZone);
    return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
  }
  function formatTime(value, timeZone) {
    const ms = millisOf(value);
    if (!Number.isFinite(ms)) return String(value);
    const p = dateParts(ms, timeZone);
    return `${p.hour}:${p.minute}`;
  }
  function formatLongDate(value, lang, timeZone) {
    const ms = millisOf(value);
    if (!Number.isFinite(ms)) return String(value);
    return new Intl.DateTimeFormat(langOf(lang) === "ru" ? "ru" : "en-GB", { timeZone, day: "numeric", month: "long", year: "numeric" }).format(ms);
  }

  // core/format.ts
  var langOf2 = (lang) => lang === "ru" ? "ru" : "en";
  var FIAT = /* @__PURE__ */ new Set(["USD", "EUR", "GBP", "RUB"]);
  var numberFormats = /* @__PURE__ */ new Map();
  function numberFormat(lang, currency) {
    const key = `${lang}:${currency ?? ""}`;
    let format = numberFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(lang, {
        ...currency ? { style: "currency", currency, currencyDisplay: "narrowSymbol" } : {},
        minimumFractionDigits: 0,
        maximumFractionDigits: 0
      });
      numberFormats.set(key, format);
    }
    return format;
  }
  var decimalMark = (lang) => langOf2(lang) === "ru" ? "," : ".";
  var DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/;
  function parts(value, digits) {
    const match = DECIMAL.exec(typeof value === "bigint" ? value.toString() : value.trim());
    if (!match) return null;
    const [, sign, whole, fraction = ""] = match;
    const kept = fraction.slice(0, digits).padEnd(digits, "0");
    const zero = BigInt(whole) === 0n && /^0*$/.test(kept);
    return { negative: sign === "-" && !zero, whole: BigInt(whole), fraction: kept };
  }
  function write(format, lang, p, plus) {
    const signed = p.negative ? p.whole === 0n ? -0 : -p.whole : p.whole;
    const out = format.formatToParts(signed);
    let last = -1;
    out.forEach((part, i) => {
      if (part.type === "integer" || part.type === "group") last = i;
    });
    const fraction = p.fraction ? `${decimalMark(lang)}${p.fraction}` : "";
    const text = out.map((part, i) => i === last ? part.value + fraction : part.value).join("");
    const positive = !p.negative && (p.whole !== 0n || /[1-9]/.test(p.fraction));
    return plus && positive ? `+${text}` : text;
  }
  function formatNumber(value, lang, options = {}) {
    const l = langOf2(lang);
    const p = parts(value, options.digits ?? 2);
    return p ? write(numberFormat(l, null), l, p, options.plus ?? false) : String(value);
  }
  function formatAmount(amount, currency, lang, options = {}) {
    const l = langOf2(lang);
    const code = currency.toUpperCase();
    const digits = options.digits ?? displayDigits(code);
    const p = parts(amount, digits);
    if (!p) return amount;
    if (FIAT.has(code)) return write(numberFormat(l, code), l, p, options.plus ?? false);
    return `${write(numberFormat(l, null), l, p, options.plus ?? false)}\xA0${code}`;
  }
  function formatMinor(minor, exponent, currency, lang, options = {}) {
    const negative = minor < 0n;
    const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, "0");
    const decimal = exponent > 0 ? `${digits.slice(0, digits.length - exponent)}.${digits.slice(digits.length - exponent)}` : digits;
    return formatAmount(`${negative ? "-" : ""}${decimal}`, currency, lang, options);
  }
  return __toCommonJS(format_exports);
})();
