import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackageEdit } from '../../api/adminPackages';
import { renderPage, stubApi } from '../../test/utils';
import AdminPricingPage from './AdminPricingPage';

afterEach(() => vi.unstubAllGlobals());

function pkg(id: string, name: string, priceCents: number, credits: number, over: Partial<PackageEdit> = {}): PackageEdit {
  const text = { name, description: `${name} plan`, features: ['One', 'Two'] };
  return { id, priceCents, credits, active: true, position: 1, texts: { en: text, ja: { ...text, name: `${name}（日本語）` }, zh: text }, updatedAt: '2026-05-01T09:30:00Z', ...over };
}

const routes = [{ path: '/admin/pricing', Component: AdminPricingPage }];

describe('AdminPricingPage', () => {
  it('keeps the Pricing Plans cards, marks hidden ones, and saves an edit', async () => {
    let pro = pkg('pro', 'Pro', 5000, 100);
    const fetch = stubApi({
      'GET /api/v1/admin/packages': () => ({ status: 200, body: { packages: [pkg('basic', 'Basic', 2500, 50), pro, pkg('enterprise', 'VIP', 10000, 250, { active: false })] } }),
      'PUT /api/v1/admin/packages/pro': (init) => {
        pro = { ...pro, ...(JSON.parse(String(init?.body)) as Partial<PackageEdit>) };
        return { status: 200, body: { package: pro } };
      },
    });
    renderPage(routes, ['/admin/pricing']);
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('$25');
    expect(cards[0]).toHaveTextContent('50 tokens');
    expect(cards[2]).toHaveTextContent('Hidden');
    expect(cards[1]).not.toHaveTextContent('Hidden');

    await userEvent.click(within(cards[1]).getByRole('button', { name: 'Edit Pro' }));
    const form = await screen.findByRole('form', { name: 'Edit package' });
    const price = within(form).getByLabelText(/Price/);
    await userEvent.clear(price);
    await userEvent.type(price, '45');
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await userEvent.type(name, 'Pro Plus');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('package-saved')).toHaveTextContent('Pro Plus is saved.');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = JSON.parse(String(put?.[1]?.body)) as PackageEdit;
    expect(body.priceCents).toBe(4500);
    expect(body.credits).toBe(100);
    expect(body.texts.en).toEqual({ name: 'Pro Plus', description: 'Pro plan', features: ['One', 'Two'] });
    expect(body.texts.ja.name).toBe('Pro（日本語）');
    expect(await screen.findByText('$45')).toBeInTheDocument();
  });
});
