// @vitest-environment happy-dom
import { STORAGE_KEYS } from '@evmap/contract/constants';
import type { User } from '@evmap/contract/users';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { removeStorage } from '@/lib/storage';
import { testUser } from '@/test/fixtures';
import { mockApi, renderUi } from '@/test/render';
import { ProfileLayout } from './profile-layout';

const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString();

async function show(user: Partial<User>) {
  removeStorage(STORAGE_KEYS.welcome);
  useSession.setState({ status: 'signed-in', user: testUser(user) });
  mockApi(() => ({ status: 404 }));
  await renderUi(<ProfileLayout />, { path: '/profile' });
}

afterEach(() => {
  useSession.setState({ status: 'anonymous', user: null });
});

describe('ProfileLayout', () => {
  it('welcomes an organisation on its trial once', async () => {
    await show({ planType: 'trial', trialEndedAt: inAYear });
    expect(await screen.findByRole('dialog', { name: 'Welcome to EventMap!' })).toBeTruthy();
  });

  it('leaves the word to the plan popup while a plan is required', async () => {
    await show({ planType: 'canceled', trialEndedAt: null });
    expect(screen.queryByRole('dialog')).toBeNull();
    await show({ planType: 'trial', trialEndedAt: '2020-01-01T00:00:00.000Z' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
