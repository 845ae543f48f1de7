import type { MetadataRoute } from 'next';

/**
 * /robots.txt: the public pages may be indexed; the API, sandbox, operator pages and key pages
 * may not (they need keys or show nothing useful to a crawler). A 404 here was Lighthouse's
 * "robots.txt is not valid" (SEO).
 */
export default function robots(): MetadataRoute.Robots {
  return { rules: { userAgent: '*', allow: '/', disallow: ['/v1/', '/sandbox/', '/ops/', '/keys'] } };
}
