/**
 * Reads a catalogue file's top-level object a part at a time: each element of a top-level array (a brand, a banner,
 * a stream) and each other top-level value (`strings`, `lang`, ...) is parsed alone and handed over, so a 20 MB file
 * is never held whole, as text or as objects. A scanner of JSON's nesting (strings, escapes, brackets) finds where
 * each part begins and ends; JSON.parse reads the part.
 */
export interface JsonParts {
  value(key: string, value: unknown): void;
  element(key: string, element: unknown): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;

type Capture = 'key' | 'value' | 'element';
type Shape = 'string' | 'nested' | 'scalar';

/** The scanner's state between chunks: where it is in the nesting, and the part it is reading. */
class PartScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private expectKey = false;
  private key = '';
  private arrayKey: string | null = null;
  private capture: Capture | null = null;
  private shape: Shape = 'scalar';
  private captureDepth = 0;
  private parts: string[] = [];
  private start = 0;
  private chunk = '';

  constructor(private readonly sink: JsonParts) {}

  feed(chunk: string): void {
    this.chunk = chunk;
    this.start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) this.inStringChar(c, i);
      else this.structureChar(c, i);
    }
    if (this.capture !== null) this.parts.push(chunk.slice(this.start));
  }

  finish(): void {
    if (this.depth !== 0 || this.capture !== null || this.inString) {
      throw new Error('The catalogue file ends before its last part');
    }
  }

  private begin(what: Capture, shape: Shape, at: number) {
    this.capture = what;
    this.shape = shape;
    this.captureDepth = this.depth;
    this.parts = [];
    this.start = at;
  }

  private end(at: number) {
    this.parts.push(this.chunk.slice(this.start, at));
    const parsed = JSON.parse(this.parts.join(''));
    this.parts = [];
    const what = this.capture;
    this.capture = null;
    if (what === 'key') this.key = parsed as string;
    else if (what === 'value') this.sink.value(this.key, parsed);
    else this.sink.element(this.arrayKey as string, parsed);
  }

  /** A part may begin here: at the top level (a key or a value) or as an element of a top-level array. */
  private maybeBegin(shape: Shape, at: number) {
    if (this.capture !== null) return;
    if (this.depth === 1) this.begin(this.expectKey ? 'key' : 'value', shape, at);
    else if (this.depth === 2 && this.arrayKey !== null) this.begin('element', shape, at);
  }

  private inStringChar(c: number, i: number) {
    if (this.escaped) this.escaped = false;
    else if (c === BACKSLASH) this.escaped = true;
    else if (c === QUOTE) {
      this.inString = false;
      if (this.capture !== null && this.shape === 'string' && this.depth === this.captureDepth) this.end(i + 1);
    }
  }

  private open(c: number, i: number) {
    // A top-level array is not one part: its elements are.
    if (this.capture === null && this.depth === 1 && !this.expectKey && c === LBRACKET) this.arrayKey = this.key;
    else this.maybeBegin('nested', i);
    this.depth += 1;
    if (this.depth === 1) this.expectKey = true;
  }

  private close(i: number) {
    this.depth -= 1;
    if (this.capture !== null && this.shape === 'nested' && this.depth === this.captureDepth) this.end(i + 1);
    else if (this.capture === null && this.depth === 1) this.arrayKey = null;
  }

  private structureChar(c: number, i: number) {
    if (this.capture !== null && this.shape === 'scalar' && (c === COMMA || c === RBRACE || c === RBRACKET)) {
      this.end(i);
    }
    if (c === QUOTE) {
      this.inString = true;
      this.maybeBegin('string', i);
    } else if (c === LBRACE || c === LBRACKET) {
      this.open(c, i);
    } else if (c === RBRACE || c === RBRACKET) {
      this.close(i);
    } else if (this.depth === 1 && (c === COMMA || c === COLON)) {
      this.expectKey = c === COMMA;
    } else if (c > 0x20 && c !== COMMA) {
      // Whitespace between parts is skipped; anything else starts a number, true, false or null.
      this.maybeBegin('scalar', i);
    }
  }
}

export async function readJsonParts(source: AsyncIterable<string>, sink: JsonParts): Promise<void> {
  const scanner = new PartScanner(sink);
  for await (const chunk of source) scanner.feed(chunk);
  scanner.finish();
}
