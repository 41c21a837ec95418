/** Shapes shared by the public information pages' content files (src/content/<lang>/<page>.json). */

/** Meta is the title and description a page hands to usePageMeta. */
export interface Meta {
  title: string;
  description: string;
}

/** An image drawn for Marquee (public/images/...), with its alt text in the current language. */
export interface ContentImage {
  src: string;
  alt: string;
}

export interface Stat {
  value: string;
  label: string;
}

/** A review or testimonial: what was said and who said it. */
export interface Quote {
  content: string;
  author: string;
  role: string;
}

/** A titled entry with a description (values, reasons, steps). */
export interface TitledText {
  title: string;
  description: string;
}
