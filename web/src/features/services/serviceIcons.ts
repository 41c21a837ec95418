import type { IconName } from '../../ui/page/icons';

const icons: Record<string, IconName> = {
  'technology-solutions': 'chip',
  'security-services': 'shield',
  'tax-consultation': 'receipt',
  'custom-software-development': 'code',
};

/** serviceIcon is the decorative icon of a service, by slug. */
export function serviceIcon(slug: string): IconName {
  return icons[slug] ?? 'star';
}
