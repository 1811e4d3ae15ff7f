/**
 * Deterministic sample content for generated calendars: a seeded random source and the words titles,
 * descriptions and addresses are made of. The same seed always yields the same calendar.
 */

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  int(min: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32: small, fast and good enough for sample data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
  return random;
}

const ADJECTIVES = ['Community', 'Evening', 'Morning', 'Summer', 'Winter', 'Open', 'Family', 'Acoustic', 'Late', 'Weekend', 'Annual', 'Monthly', 'Neighborhood', 'Downtown', 'Riverside', 'Spring', 'Autumn', 'Beginner', 'Advanced', 'Charity'];
const SUBJECTS = ['Jazz', 'Yoga', 'Pottery', 'Poetry', 'Chess', 'Cinema', 'Salsa', 'Book Club', 'Farmers', 'Coding', 'Photography', 'Choir', 'Wine', 'Comedy', 'Gardening', 'Robotics', 'Tango', 'Painting', 'History', 'Science'];
const KINDS = ['Night', 'Workshop', 'Meetup', 'Festival', 'Class', 'Market', 'Concert', 'Lecture', 'Tour', 'Fair', 'Session', 'Showcase', 'Retreat', 'Gala', 'Jam'];
const WORDS = ['join', 'us', 'for', 'an', 'afternoon', 'of', 'music', 'and', 'conversation', 'with', 'friends', 'neighbors', 'all', 'ages', 'welcome', 'bring', 'your', 'own', 'ideas', 'snacks', 'provided', 'free', 'parking', 'nearby', 'local', 'artists', 'guest', 'speakers', 'hands-on', 'activities', 'tickets', 'at', 'the', 'door', 'limited', 'seats', 'registration', 'recommended', 'outdoor', 'indoor', 'space'];
const PLACES = ['Hall', 'Center', 'Theater', 'Park', 'Library', 'Gallery', 'Studio', 'Pavilion', 'Club', 'Garden'];
const PLACE_NAMES = ['Lincoln', 'Harbor', 'Oak', 'Maple', 'Union', 'Liberty', 'Cedar', 'Summit', 'Meadow', 'Granite', 'Willow', 'Bayview'];
const STREETS = ['Main', 'Elm', 'Market', 'Church', 'High', 'Park', 'Water', 'Mill', 'Pine', 'Lake'];
export const CITIES: ReadonlyArray<readonly [string, string, string]> = [
  ['Springfield', 'IL', '62701'], ['Portland', 'OR', '97201'], ['Austin', 'TX', '73301'], ['Madison', 'WI', '53703'],
  ['Boulder', 'CO', '80302'], ['Burlington', 'VT', '05401'], ['Asheville', 'NC', '28801'], ['Savannah', 'GA', '31401'],
];
const ORG_WORDS = ['Arts', 'Music', 'Heritage', 'Youth', 'Makers', 'Outdoor', 'Film', 'Dance', 'Literary', 'Science'];
const ORG_KINDS = ['Society', 'Collective', 'Foundation', 'Guild', 'Association', 'Club', 'Council', 'Network'];
export const CATEGORY_NAMES = ['Music', 'Arts', 'Sports', 'Education', 'Food & Drink', 'Family', 'Outdoors', 'Technology', 'Health', 'Community'];
export const TAG_NAMES = ['free', 'kids', 'outdoor', 'indoor', 'weekly', 'monthly', 'beginner', 'advanced', 'live', 'online', 'accessible', 'dog-friendly', 'rsvp', 'ticketed', 'volunteer', 'fundraiser', 'workshop', 'talk', 'night', 'morning'];

export const eventTitle = (r: Random): string => `${r.pick(ADJECTIVES)} ${r.pick(SUBJECTS)} ${r.pick(KINDS)}`;
export const venueTitle = (r: Random): string => `${r.pick(PLACE_NAMES)} ${r.pick(PLACES)}`;
export const organizerTitle = (r: Random): string => `${r.pick(PLACE_NAMES)} ${r.pick(ORG_WORDS)} ${r.pick(ORG_KINDS)}`;
export const streetAddress = (r: Random): string => `${r.int(1, 999)} ${r.pick(STREETS)} St`;
export const phoneNumber = (r: Random): string => `(${r.int(200, 989)}) 555-${String(r.int(0, 9999)).padStart(4, '0')}`;

/** A few sentences of plain text, the way editors type descriptions (paragraphs split by blank lines). */
export function paragraph(r: Random, sentences: number): string {
  const out: string[] = [];
  for (let s = 0; s < sentences; s++) {
    const words = Array.from({ length: r.int(6, 14) }, () => r.pick(WORDS));
    out.push(`${words[0]!.charAt(0).toUpperCase()}${words[0]!.slice(1)} ${words.slice(1).join(' ')}.`);
  }
  return out.join(' ');
}
