import { screen, within, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import AboutPage from '../features/about/AboutPage';
import BlogsPage from '../features/blogs/BlogsPage';
import FaqsPage from '../features/faqs/FaqsPage';
import HomePage from '../features/home/HomePage';
import MarketingPage from '../features/marketing/MarketingPage';
import MoviesPage from '../features/movies/MoviesPage';
import ServiceDetailPage from '../features/services/ServiceDetailPage';
import ServicesPage from '../features/services/ServicesPage';
import { renderPage, stubApi } from '../test/utils';

afterEach(() => vi.unstubAllGlobals());

/** renderAt renders one page at path, its route matching pattern. */
const renderAt = (path: string, pattern: string, Component: ComponentType) => renderPage([{ path: pattern, Component }], [path]);

const hrefs = (names: RegExp | string) => screen.getAllByRole('link', { name: names }).map((a) => a.getAttribute('href'));

describe('information pages', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('home: hero, three service cards, 12 + 10 festival logos and the community call', async () => {
    renderAt('/', '/', HomePage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Where films find their festivals' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Find festivals' })).toHaveAttribute('href', '/festivals');
    expect(screen.getByRole('link', { name: 'Submit a film' })).toHaveAttribute('href', '/submit');
    expect(screen.getByRole('link', { name: 'Run your festival' })).toHaveAttribute('href', '/manage');
    expect(screen.getByRole('link', { name: 'Create your free account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: /See all our services/ })).toHaveAttribute('href', '/services');
    const [featured, fresh] = screen.getAllByRole('list').filter((l) => within(l).queryAllByRole('img').length >= 10);
    expect(within(featured).getAllByRole('img')).toHaveLength(12);
    expect(within(fresh).getAllByRole('img')).toHaveLength(10);
    for (const img of screen.getAllByRole('img')) {
      expect(img.getAttribute('alt')).toBeTruthy();
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
    }
    await waitFor(() => expect(document.title).toBe('Film festival submissions, made simple | Marquee'));
  });

  it('about: the four claimed figures', async () => {
    renderAt('/about', '/about', AboutPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'About Marquee' })).toBeInTheDocument();
    for (const v of ['10,000+', '1M+', '500K+', '150+']) expect(screen.getByText(v)).toBeInTheDocument();
    expect(screen.getByText('Every film deserves its audience.')).toBeInTheDocument();
  });

  it('services: four sections with Learn More links to their slugs and the closing line', async () => {
    renderAt('/services', '/services', ServicesPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Services' })).toBeInTheDocument();
    expect(hrefs(/^Learn More/)).toEqual([
      '/services/technology-solutions',
      '/services/security-services',
      '/services/tax-consultation',
      '/services/custom-software-development',
    ]);
    expect(screen.getByText('Explore our services tailored for your business.')).toBeInTheDocument();
  });

  it('services in Japanese keep the English slugs', async () => {
    await i18n.changeLanguage('ja');
    renderAt('/services', '/services', ServicesPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'サービス' })).toBeInTheDocument();
    expect(hrefs(/^詳しく見る/)).toContain('/services/tax-consultation');
  });

  it('service detail: real content and a contact call', async () => {
    renderAt('/services/tax-consultation', '/services/:slug', ServiceDetailPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax Consultation' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(5);
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    await waitFor(() => expect(document.title).toBe('Tax Consultation | Marquee'));
  });

  it('service detail: an unknown slug is a translated not-found', async () => {
    renderAt('/services/nope', '/services/:slug', ServiceDetailPage);
    const box = await screen.findByTestId('not-found');
    expect(within(box).getByRole('heading', { level: 1, name: 'Service not found' })).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'Back to services' })).toHaveAttribute('href', '/services');
    await waitFor(() => expect(document.title).toBe('Service not found | Marquee'));
  });

  it('blogs: three posts with Read More to festivals, submit and manage', async () => {
    renderAt('/blogs', '/blogs', BlogsPage);
    expect(await screen.findByRole('heading', { name: 'Latest Insights' })).toBeInTheDocument();
    for (const t of ['Discover Amazing Festivals', 'The Smart and Easy Way to Submit', 'Game Changing for Festivals and Contests']) {
      expect(screen.getByRole('heading', { name: t })).toBeInTheDocument();
    }
    expect(hrefs(/^Read More/)).toEqual(['/festivals', '/submit', '/manage']);
  });

  it('faqs: three questions, each with Learn More', async () => {
    renderAt('/faqs', '/faqs', FaqsPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /\?$/ })).toHaveLength(3);
  });

  it('marketing: stats and Get Started towards the promotion screen (a visitor signs up first)', async () => {
    renderAt('/marketing', '/marketing', MarketingPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Promote Your Film Festival' })).toBeInTheDocument();
    for (const v of ['3M+', '921K', '1M+']) expect(screen.getByText(v)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Why Choose Us?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ready to Promote Your Festival?' })).toBeInTheDocument();
    expect(new Set(hrefs('Get Started'))).toEqual(new Set(['/signup']));
  });

  it('movies: an honest empty state with links onwards', async () => {
    await i18n.changeLanguage('zh');
    stubApi({ 'GET /api/v1/movies/popular': { status: 200, body: { items: [], total: 0, page: 1, perPage: 20 } } });
    renderAt('/movies', '/movies', MoviesPage);
    expect(await screen.findByRole('heading', { level: 1, name: '发现电影瑰宝' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '浏览电影节' })).toHaveAttribute('href', '/festivals');
    expect(screen.getByRole('link', { name: '推广你的电影节' })).toHaveAttribute('href', '/marketing');
  });
});
