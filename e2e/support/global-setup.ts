// @ts-expect-error: a plain .mjs script shared with npm start
import { buildConsoleIfStale } from '../../scripts/console-build.mjs';

export default function setup() {
  buildConsoleIfStale();
}
