import { screen, within } from '@testing-library/react';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import { ticket } from '../../test/fixtures/tickets';
import TicketPage from './TicketPage';
import TicketsPage from './TicketsPage';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/tickets', Component: TicketsPage },
  { path: '/tickets/:id', Component: TicketPage },
];

describe('TicketPage', () => {
  it('draws the code as a QR code and shows it in text with the screening, venue, local time and a calendar file', async () => {
    stubApi({ 'GET /api/v1/tickets/31': { status: 200, body: ticket() } });
    renderPage(routes, ['/tickets/31']);
    const qr = await screen.findByRole('img', { name: 'QR code of this ticket' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr).toHaveAttribute('width', '280');
    // One dark square per dark module of the QR code of exactly the code.
    const modules = QRCode.create('ABCDEFGHIJKLMNOPQRSTUVWXYZ', { errorCorrectionLevel: 'M' }).modules;
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(qr.querySelector('path')!.getAttribute('d')!.match(/M/g)).toHaveLength(dark);
    expect(screen.getByTestId('ticket-code')).toHaveTextContent('ABCD EFGH IJKL MNOP QRST UVWX YZ');
    expect(screen.getByRole('heading', { level: 1, name: 'Opening night' })).toBeInTheDocument();
    expect(screen.getByText('Jun 5, 2030, 7:00 PM (Asia/Tokyo)')).toBeInTheDocument();
    expect(screen.getByText('Kyoto Cinema, Hall 1')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Valid');
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/api/v1/tickets/31/calendar.ics');
  });

  it('says clearly when a ticket was used, with the time', async () => {
    stubApi({ 'GET /api/v1/tickets/31': { status: 200, body: ticket({ status: 'used', checkedInAt: '2030-06-05T09:45:00Z' }) } });
    renderPage(routes, ['/tickets/31']);
    expect(await screen.findByTestId('ticket-status')).toHaveTextContent('Used');
    expect(screen.getByTestId('ticket-used-at')).toHaveTextContent('Checked in Jun 5, 2030, 6:45 PM');
  });

  it('says a ticket of someone else is not found', async () => {
    stubApi({ 'GET /api/v1/tickets/99': { status: 404, body: { message: 'Ticket not found', code: 'not_found' } } });
    renderPage(routes, ['/tickets/99']);
    expect(await screen.findByTestId('ticket-error')).toHaveTextContent('Ticket not found');
  });
});

describe('TicketsPage', () => {
  it('lists my tickets with their status, each linking to its page', async () => {
    stubApi({
      'GET /api/v1/tickets': {
        status: 200,
        body: { items: [ticket(), ticket({ id: 32, status: 'refunded' })], total: 2, page: 1, perPage: 20 },
      },
    });
    renderPage(routes, ['/tickets']);
    const rows = await screen.findAllByTestId('ticket-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'Opening night' })).toHaveAttribute('href', '/tickets/31');
    expect(within(rows[1]).getByTestId('ticket-status')).toHaveTextContent('Refunded');
  });

  it('says when there are none', async () => {
    stubApi({ 'GET /api/v1/tickets': { status: 200, body: { items: [], total: 0, page: 1, perPage: 20 } } });
    renderPage(routes, ['/tickets']);
    expect(await screen.findByTestId('no-tickets')).toBeInTheDocument();
  });
});
