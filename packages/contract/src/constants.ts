/** Business constants and limits of spec section 9. */

export const REQUEST_TIMEOUT_MS = 15_000;
export const TOAST_AUTOCLOSE_MS = 3_000;
/** The map searches this long after the last change of its bounds, day or category. */
export const MAP_SEARCH_DEBOUNCE_MS = 100;

export const MAP = {
  minZoom: 6,
  maxZoom: 18,
  initialZoom: 8,
  initialZoomWithLocation: 10,
  defaultCenter: { lat: 46, lng: -71 },
  formCenter: { lat: 46, lng: -73 },
  formZoom: 6,
  placeZoom: 15,
} as const;

export const CLUSTER = {
  minRadius: 50,
  maxRadius: 100,
  maxZoom: 13,
  minPoints: 3,
  mediumAbove: 10,
  bigAbove: 25,
} as const;

/** A marker shows at most this many characters of its title, then an ellipsis (spec: marker titles cut at 40). */
export const MARKER_TITLE_MAX = 40;
/** Image widths the app displays; uploads are stored at each of them (never upscaled). */
export const IMAGE_WIDTHS = [100, 124, 512, 1440] as const;
export const MARKER_IMAGE_WIDTH = 124;
export const MODAL_IMAGE_WIDTH = 1440;

export const STORED_LOCATION_VALID_MONTHS = 3;
export const DAY_PICKER_DAYS = 7;

/** Prices in cents (CAD), before tax. */
export const PRICES = { unit: 3499, complete: 3999 } as const;
export const CURRENCY = 'cad';

/** Trial length: the welcome text says 4 months, the explanation text says 14 days (known conflict, spec section 1). */
export const TRIAL_MONTHS = 4;
export const TRIAL_DAYS_ALTERNATIVE = 14;

export const RECURRENCE_MIN_EXTRA = { daily: 8, weekly: 3, 'bi-weekly': 3, monthly: 3 } as const;

/**
 * The most dates one event may carry: a year of daily dates, with room (the spec sets no upper bound; its
 * recurrence rules only say how many dates are generated at least).
 */
export const EVENT_DATES_MAX = 400;
/**
 * The most dates of one event under the unit plan, which has no recurrence (spec section 9): the length of the
 * shortest daily recurrence the spec generates (the first date and 8 more), for example a nine-day festival.
 * More dates are what the recurring plans are for; one unit publication covers this many at most.
 */
export const UNIT_EVENT_DATES_MAX = 1 + RECURRENCE_MIN_EXTRA.daily;
export const RECURRING_DATES_LISTED = 3;

export const ADMIN_EVENTS = {
  defaultPage: 1,
  defaultLimit: 10,
  maxLimit: 100,
  screenLimit: 100,
  maxPage: 100_000,
} as const;

/** The kinds of account (spec section 3; `userTypeSchema` of enums.ts), here for the modules that load no zod. */
export const USER_TYPES = ['viewer', 'event-manager'] as const;

/** The plans (spec section 3; `planTypeSchema` of enums.ts), here for the modules that load no zod. */
export const PLAN_TYPES = ['complete', 'free-complete', 'unit', 'trial', 'canceled'] as const;

/** The admin users list's pages (GET /connected/admin/users). */
export const ADMIN_USERS = { defaultPage: 1, defaultLimit: 20, maxLimit: 100, maxPage: 100_000 } as const;

/** The moderation queue's pages (GET /connected/admin/moderation). */
export const MODERATION = { defaultLimit: 20, maxLimit: 100, maxPage: 100_000 } as const;

export const INSTALL_BANNER = { delayMs: 3_000, dismissDays: 7, version: '1.0.0' } as const;
export const COOKIE_BANNER = { version: '1.0.0', reshowAfterHours: 24 } as const;

/** One verification code a minute per account: the API refuses sooner ones (429, Retry-After), the form waits. */
export const CODE_RESEND_INTERVAL_MS = 60_000;

export const PASSWORD_MIN_EXCLUSIVE = 6;
export const PASSWORD_MAX = 128;

export const SENTRY_SAMPLING = { traces: 0.1, sessions: 0.1, errorSessions: 1 } as const;

/** Local storage keys of spec section 4. */
export const STORAGE_KEYS = {
  token: 'evmap.token',
  sessionId: 'evmap.sessionId',
  cookies: 'evmap.cookies',
  location: 'evmap.location',
  welcome: 'evmap.welcome',
  installBanner: 'evmap.installBanner',
  /** How many visits (browsing sessions) this browser made: the install banner waits for the second. */
  visits: 'evmap.visits',
  /** The events this browser reported (their uuids, the latest 100): the reporter alone sees the notice. */
  reported: 'evmap.reported',
  lang: 'evmap.lang',
} as const;

/**
 * Search caps: ids of at most SEARCH_MAX_IDS matches, full events for at most SEARCH_MAX_EVENTS of them, and at
 * most SEARCH_MAX_EXCLUDE excluded ids. Here (not beside the schemas) so the map loads them without zod.
 */
export const SEARCH_MAX_IDS = 5000;
export const SEARCH_MAX_EVENTS = 200;
export const SEARCH_MAX_EXCLUDE = 5000;
/** The longest text of a map search (`text` of the search, `q` of the markers), in characters once trimmed. */
export const SEARCH_TEXT_MAX = 100;
/** The "now" day of the map search and the markers: events in progress in their own zone, or starting within NOW_AHEAD_HOURS. */
export const DAY_NOW = 'now';
export const NOW_AHEAD_HOURS = 3;

/** The largest PostgreSQL `integer` (int4): ids, orders and counts stored in one (bounds.ts). */
export const INT4_MAX = 2_147_483_647;

/**
 * The years any date sent to the API may have (event dates, the selected day, a trial end). Here rather than in
 * bounds.ts, which builds zod schemas: the error catalogue quotes them, and the web app's first load has no zod.
 */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2999;

/** How long a session (the bearer token) lasts, unless JWT_EXPIRES_IN says otherwise. */
export const SESSION_DAYS = 30;
/**
 * How long an administrator's session lasts, whatever JWT_EXPIRES_IN says: an administrator's token reaches every
 * account, so a lost or copied one is worth less for less long. Older administrator tokens are refused.
 */
export const ADMIN_SESSION_HOURS = 12;

/** The feeds cover the occurrences from now to this many days ahead (feeds.ts). */
export const FEED_DAYS = 60;

/** How an event repeats (spec section 9); `recurringSchema` in enums.ts. Here without zod, for the web form. */
export const RECURRING = ['none', 'daily', 'weekly', 'bi-weekly', 'monthly'] as const;
