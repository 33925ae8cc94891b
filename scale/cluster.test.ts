/**
 * Two production instances behind nginx share everything a visitor depends on (issue: production and scale-out):
 * sessions, uploaded images, rate limits, and live updates to a map opened in Chromium, even when the instance
 * holding its stream drains away.
 */

import { errorMessage } from '@evmap/contract/errors';
import type { AuthResponse } from '@evmap/contract/users';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../apps/api/src/modules/auth/auth.service';
import { CONTACT_LIMIT } from '../apps/api/src/modules/contact/contact.service';
import { SUBSCRIBE_LIMIT } from '../apps/api/src/modules/newsletter/newsletter.service';
import { apiCall, dayFromToday, PASSWORD, signupByApi, uniqueEmail, verifiedOrganisation } from '../e2e/support/api';
import { settledStorage } from '../e2e/support/app-state';
import { launchBrowser, openPage } from '../e2e/support/browser';
import { type Answer, Cluster, type InstanceName, until } from './support/cluster';

let cluster: Cluster;
let organiser: AuthResponse;

beforeAll(async () => {
  // A drain long enough for nginx to see the 503s of a draining instance before it stops accepting.
  cluster = await Cluster.start({ DRAIN_DELAY_MS: '1000' });
  organiser = await verifiedOrganisation(cluster.server(), 'Scale Org');
});

afterAll(async () => {
  await cluster?.close();
});

/** The English message of a 429, whatever the minutes left. */
const RATE_LIMITED = new RegExp(`^${errorMessage('rateLimited', 'en', { minutes: 999 }).replace('999', '\\d+')}$`);

/** Both instances answered among `answers`. */
const upstreams = (answers: Answer[]) => new Set(answers.map((a) => a.upstream));

describe('sessions and uploads', () => {
  it('accepts on one instance a session signed in on the other', async () => {
    const email = uniqueEmail('session');
    await signupByApi(cluster.server(cluster.instance('a').url), { type: 'viewer', email });
    const signedIn = await cluster.call('POST', '/public/auth/login', {
      body: { email, password: PASSWORD },
      origin: cluster.instance('a').url,
    });
    expect(signedIn.status).toBe(200);
    const { jwt } = signedIn.body as AuthResponse;
    const onB = await cluster.call('GET', '/connected/me', { jwt, origin: cluster.instance('b').url });
    expect(onB.status).toBe(200);
    expect((onB.body as AuthResponse).user.email).toBe(email);
    // And through the balancer, whichever instance answers.
    const through = await Promise.all([1, 2, 3, 4].map(() => cluster.call('GET', '/connected/me', { jwt })));
    expect(through.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(upstreams(through)).toEqual(new Set(['a', 'b']));
  });

  it('serves from one instance an image uploaded through the other', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#3a7bd5' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('folder', 'events');
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'poster.jpg');
    const uploaded = await fetch(`${cluster.url}/api/v1/connected/globals/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${organiser.jwt}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const by = cluster.nameOf(uploaded.headers.get('x-upstream'));
    expect(by).toBeDefined();
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/events\/.+\/\d+\.jpg$/);

    const other = cluster.other(by!);
    const served = await fetch(`${other.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('jpeg');
  });
});

describe('rate limits', () => {
  /** Sends `count` calls one after the other (round robin alternates the instances). */
  async function inTurn(count: number, call: (i: number) => Promise<Answer>): Promise<Answer[]> {
    const answers: Answer[] = [];
    for (let i = 0; i < count; i++) answers.push(await call(i));
    return answers;
  }

  it('counts the sign-in attempts of one address on both instances', async () => {
    const ip = '203.0.113.7';
    const login = () =>
      cluster.call('POST', '/public/auth/login', { ip, body: { email: uniqueEmail('nobody'), password: 'wrong-one' } });
    const allowed = await inTurn(LOGIN_LIMITS.perIp.limit, login);
    expect(allowed.map((a) => a.status)).toEqual(allowed.map(() => 400));
    expect(allowed[0]!.body).toEqual({ errors: { email: 'Email does not exist' } });
    expect(upstreams(allowed)).toEqual(new Set(['a', 'b']));

    // Past the limit, both instances refuse this address...
    const refused = await inTurn(4, login);
    expect(refused.map((a) => a.status)).toEqual([429, 429, 429, 429]);
    expect((refused[0]!.body as { errors: { global: string } }).errors.global).toMatch(RATE_LIMITED);
    expect(upstreams(refused)).toEqual(new Set(['a', 'b']));
    // ...and only this one: the address is the visitor's, passed on by the trusted balancer.
    const elsewhere = await inTurn(2, () =>
      cluster.call('POST', '/public/auth/login', {
        ip: '203.0.113.8',
        body: { email: uniqueEmail('nobody'), password: 'wrong-one' },
      }),
    );
    expect(elsewhere.map((a) => a.status)).toEqual([400, 400]);
    // The counts are in Redis, under the key prefix of this run.
    expect(await cluster.redis.exists(`${cluster.redisPrefix}rl:login-ip:${ip}`)).toBe(1);
  });

  it('counts the newsletter sign-ups of one address on both instances', async () => {
    const ip = '203.0.113.9';
    const subscribe = () =>
      cluster.call('POST', '/public/globals/subscribe', { ip, body: { email: uniqueEmail('news') } });
    const allowed = await inTurn(SUBSCRIBE_LIMIT.limit, subscribe);
    expect(allowed.map((a) => a.status)).toEqual(allowed.map(() => 204));
    expect(upstreams(allowed)).toEqual(new Set(['a', 'b']));
    const refused = await inTurn(2, subscribe);
    expect(refused.map((a) => a.status)).toEqual([429, 429]);
    expect(upstreams(refused)).toEqual(new Set(['a', 'b']));
  });

  it('counts the contact messages of one account on both instances, from any address', async () => {
    const viewer = await signupByApi(cluster.server(), { type: 'viewer', email: uniqueEmail('contact') });
    const contact = (i: number) =>
      cluster.call('POST', '/connected/globals/contact-us', {
        ip: `198.51.100.${i + 1}`,
        jwt: viewer.jwt,
        body: { subject: `Question ${i}`, message: 'Is the map open on holidays?' },
      });
    const allowed = await inTurn(CONTACT_LIMIT.limit, contact);
    expect(allowed.map((a) => a.status)).toEqual(allowed.map(() => 204));
    expect(upstreams(allowed)).toEqual(new Set(['a', 'b']));
    const refused = await inTurn(2, (i) => contact(CONTACT_LIMIT.limit + i));
    expect(refused.map((a) => a.status)).toEqual([429, 429]);
    expect(upstreams(refused)).toEqual(new Set(['a', 'b']));
  });
});

describe('live updates on a map', () => {
  let serial = 0;
  /** Publishes a Montréal event of tomorrow evening straight through one instance. */
  async function publish(through: InstanceName): Promise<void> {
    serial += 1;
    const day = dayFromToday(1);
    await apiCall(
      cluster.server(cluster.instance(through).url),
      'POST',
      '/connected/events',
      {
        titleFr: `Concert ${serial}`,
        categoryId: 1,
        address: '1 rue Sainte-Catherine',
        city: 'Montréal',
        state: 'QC',
        latitude: 45.5 + serial / 50,
        longitude: -73.56 - serial / 50,
        dates: [{ startDate: `${day} 18:00:00`, endDate: `${day} 20:00:00` }],
      },
      organiser.jwt,
    );
  }

  it('shows an event published through the other instance, then follows the stream to it on SIGTERM', async () => {
    const browser = await launchBrowser();
    try {
      await publish('a');
      const { page, errors, close } = await openPage(browser, { storage: settledStorage() });
      /** The instance behind each live stream the page opened, in order. */
      const streams: Array<InstanceName | undefined> = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/v1/public/events/stream' && response.status() === 200) {
          streams.push(cluster.nameOf(response.headers()['x-upstream']));
        }
      });
      await page.goto(`${cluster.url}/`);
      // Tomorrow on the day picker.
      const tomorrow = page.getByRole('radiogroup', { name: 'Day' }).getByRole('radio').nth(2);
      await page.locator(`label[for="${await tomorrow.getAttribute('id')}"]`).click();
      /** Events on the map: markers, group markers ("2 events here") and clusters. */
      const shown = () =>
        page.evaluate(() => {
          let total = 0;
          for (const node of document.querySelectorAll('.evm-marker')) {
            total += Number(/^(\d+) events here$/.exec(node.textContent ?? '')?.[1] ?? 1);
          }
          for (const node of document.querySelectorAll('.evm-cluster')) total += Number(node.textContent);
          return total;
        });
      await expect.poll(shown, { timeout: 15_000 }).toBe(1);
      await until(() => streams.length === 1, 'the live stream', 15_000);
      const holder = streams[0];
      expect(holder).toBeDefined();
      const other = cluster.other(holder!).name;

      await publish(other);
      await expect.poll(shown, { timeout: 15_000 }).toBe(2);

      // The stream's instance drains: the browser reconnects through the balancer to the other one.
      const draining = cluster.instance(holder!);
      draining.process.kill('SIGTERM');
      await until(
        () => streams.length === 2,
        'the stream to reopen',
        15_000,
        () => cluster.output(),
      );
      expect(streams[1]).toBe(other);
      expect(await draining.exited).toEqual({ code: 0, signal: null });
      await publish(other);
      await expect.poll(shown, { timeout: 15_000 }).toBe(3);
      expect(errors).toEqual([]);
      await close();
    } finally {
      await browser.close();
    }
  });
});
