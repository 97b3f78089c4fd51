/**
 * The catalogue as react-intl formats it fastest: a message without ICU syntax (no braces, no tags,
 * no quotes) is handed over as its one literal element, which `formatMessage` returns as it is; any
 * other message stays text and is parsed and formatted as before.
 *
 * react-intl (@formatjs/intl 6) takes every message given as text through its formatter cache, whose
 * key is a JSON.stringify of the message, the locale, the formats and the options: ~200 such lookups a
 * page of /order (each row's 查看, 更多, 复制 and tags) and ~350 a menu click to /staff, counted in the
 * browser, for texts that are already final. A literal element skips all of it. Built once per
 * catalogue (~1,100 messages, a fraction of a millisecond), when the catalogue arrives.
 *
 * @example
 * <IntlProvider messages={literalMessages(loaded.messages)} … />
 * literalMessages({ a: '查看', b: '共 {total} 条' }) // { a: [{ type: 0, value: '查看' }], b: '共 {total} 条' }
 */
import type { MessageFormatElement } from 'react-intl';

export type CompiledMessages = Record<string, string | MessageFormatElement[]>;

/** What makes a message ICU syntax rather than final text: an argument, a tag, or a quote (which escapes). */
const SYNTAX = /[{}<']/;

/** TYPE.literal of @formatjs/icu-messageformat-parser. */
const LITERAL = 0;

const compiled = new WeakMap<Record<string, string>, CompiledMessages>();

export function literalMessages(messages: Record<string, string>): CompiledMessages {
  let out = compiled.get(messages);
  if (out) return out;
  out = {};
  for (const [id, text] of Object.entries(messages))
    // an empty text stays one: react-intl treats it as missing (fallbackOnEmptyString)
    out[id] = typeof text === 'string' && text !== '' && !SYNTAX.test(text) ? [{ type: LITERAL, value: text }] : text;
  compiled.set(messages, out);
  return out;
}
