import { preparePgliteTemplate } from './harness.ts';

export default function setup() {
  return preparePgliteTemplate();
}
