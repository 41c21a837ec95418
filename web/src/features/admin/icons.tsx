import { lineIconProps } from '../../ui/lineIcon';

/** Small line icons for the admin area, drawn for Marquee. All decorative. */
const base = lineIconProps(22, 2);

export const UsersIcon = () => (
  <svg {...base}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M17 14.5c2.3.2 3.9 1.8 4.5 4.5" />
  </svg>
);

export const TicketIcon = () => (
  <svg {...base}>
    <path d="M3 8a2 2 0 0 0 0 4v0a2 2 0 0 1 0 4v2h18v-2a2 2 0 0 1 0-4 2 2 0 0 1 0-4V6H3z" />
    <path d="M14 6v12" strokeDasharray="2 2" />
  </svg>
);

export const SwapIcon = () => (
  <svg {...base}>
    <path d="M4 8h14l-3-3M20 16H6l3 3" />
  </svg>
);

export const DollarIcon = () => (
  <svg {...base}>
    <path d="M12 3v18M16.5 7.5C16 6 14.3 5 12 5c-2.8 0-4.5 1.4-4.5 3.3 0 4.4 9 2.4 9 7 0 2-1.9 3.7-4.5 3.7-2.4 0-4.2-1-4.8-2.7" />
  </svg>
);

export const DashboardIcon = () => (
  <svg {...base}>
    <rect x="3" y="3" width="7" height="9" rx="1" />
    <rect x="14" y="3" width="7" height="5" rx="1" />
    <rect x="14" y="12" width="7" height="9" rx="1" />
    <rect x="3" y="16" width="7" height="5" rx="1" />
  </svg>
);

export const SettingsIcon = () => (
  <svg {...base}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" />
  </svg>
);

export const TagIcon = () => (
  <svg {...base}>
    <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </svg>
);

export const MailIcon = () => (
  <svg {...base}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </svg>
);

export const FilmIcon = () => (
  <svg {...base}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 4v16M17 4v16M3 9h4M3 15h4M17 9h4M17 15h4" />
  </svg>
);

export const OutboxIcon = () => (
  <svg {...base}>
    <path d="M3 13h5l1.5 3h5L16 13h5" />
    <path d="M5 13l2-8h10l2 8v6a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1z" />
    <path d="M12 11V7M10 9l2-2 2 2" />
  </svg>
);

export const AuditIcon = () => (
  <svg {...base}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M9 10h7M9 14h7M9 18h4" />
  </svg>
);
