import type { Page } from 'playwright-core';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../apps/server/src/test/webhook-receiver.ts';
import { type ConsoleUnderTest, expectAccessible, expectNoConsoleErrors, startConsole } from './support/console.ts';

let c: ConsoleUnderTest;
let receiver: Receiver;
beforeAll(async () => {
  // A receiver on this machine: private addresses allowed, as for a receiver on the same host.
  c = await startConsole({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '2' } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await c.close();
});

/** Screenshots to look at (not compared): SHOTS_DIR, else the system's temporary folder. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/webhooks-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

describe('webhooks', () => {
  it('an admin adds a webhook, copies its secret once, tests it and reads the delivery; edits and deletes it', async () => {
    const page = await c.newPage({ colorMode: 'dark' });
    await c.signIn(page);
    await page.goto('/admin/webhooks');
    await page.getByText('No webhooks yet.').waitFor();
    await expectAccessible(page, 'webhooks, empty, dark');

    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    // Checked before sending: a URL and at least one event.
    await dialog.getByRole('checkbox', { name: /video\.ready/ }).uncheck();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await dialog.getByText('Enter the receiver’s URL').waitFor();
    await dialog.getByText('Choose at least one event').waitFor();
    await dialog.getByLabel(/^URL/).fill(`${receiver.url}/kids-vod`);
    await dialog.getByRole('checkbox', { name: /video\.ready/ }).check();
    await dialog.getByRole('checkbox', { name: /catalogue\.published/ }).check();
    await dialog.getByLabel('Description').fill('The apps’ backend');
    await expectAccessible(page, 'add webhook, dark');
    await shot(page, 'add-dark');
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    const secret = await dialog.getByTestId('secret-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Copy' }).waitFor();
    await expectAccessible(page, 'secret shown once, dark');
    await shot(page, 'secret-dark');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const url = `${receiver.url}/kids-vod`;
    const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: url });
    await row.getByText('catalogue.published').waitFor();
    await row.getByRole('button', { name: `Test ${url}` }).click();
    const deliveries = page.getByRole('table', { name: `Deliveries to ${url}` });
    await deliveries.getByText('HTTP 200', { exact: false }).waitFor();
    await deliveries.getByText('Delivered').waitFor();
    const got = receiver.received.at(-1);
    if (!got) throw new Error('nothing received');
    expect(new Verifier(secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({
      type: 'webhook.test',
    });
    // A receiver that fails: the delivery waits for its retry, and says what came back.
    receiver.answer.status = 500;
    await row.getByRole('button', { name: `Test ${url}` }).click();
    await deliveries.getByText('Retrying').waitFor();
    await deliveries.getByText('HTTP 500', { exact: false }).waitFor();
    await expectAccessible(page, 'webhooks with deliveries, dark');
    await shot(page, 'deliveries-dark');

    const light = await c.newPage({ colorMode: 'light' });
    await c.signIn(light);
    await light.goto('/admin/webhooks');
    await light.getByRole('button', { name: `Deliveries to ${url}` }).click();
    await light
      .getByRole('table', { name: `Deliveries to ${url}` })
      .getByText('Retrying')
      .waitFor();
    await expectAccessible(light, 'webhooks with deliveries, light');
    await shot(light, 'deliveries-light');

    await row.getByRole('button', { name: `Edit ${url}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook' });
    await edit.getByRole('checkbox', { name: /video\.failed/ }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await row.getByText('video.failed').waitFor();

    await row.getByRole('button', { name: `Delete ${url}` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${url}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('No webhooks yet.').waitFor();
    expectNoConsoleErrors();
  });
});
