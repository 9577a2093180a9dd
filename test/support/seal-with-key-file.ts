/**
 * Waits until START_AT (epoch ms), then finds the webhook encryption key the way the service does
 * (the key file beside DATABASE_PATH, created on first use) and prints a secret sealed under it.
 * Several of these started together race to create the key file.
 */
import { secretBox } from '../../service/webhooks/secrets.js';

const startAt = Number(process.env.START_AT);
while (Date.now() < startAt) await new Promise((resolve) => setTimeout(resolve, 1));
process.stdout.write(`${secretBox(process.env).seal('whsec_race', 'we_race')}\n`);
