/** "Firefox 121 on Windows" from a browser's User-Agent header: enough to tell one's own sessions apart. */
export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return 'Unknown browser';
  const browser = browserOf(ua);
  const system = systemOf(ua);
  return system ? `${browser} on ${system}` : browser;
}

/** Order matters: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

function browserOf(ua: string): string {
  for (const [name, pattern] of BROWSERS) {
    const m = pattern.exec(ua);
    if (m) return `${name} ${m[1]}`;
  }
  if (/curl\//i.test(ua)) return 'curl';
  return ua.split(/[\s/]/)[0] || 'Unknown browser';
}

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Android', /Android/],
  ['iPhone', /iPhone/],
  ['iPad', /iPad/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

function systemOf(ua: string): string | null {
  return SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? null;
}
