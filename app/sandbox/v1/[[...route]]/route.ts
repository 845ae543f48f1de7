// /sandbox/v1/* — the API app (server/api/app.ts) mounted in Next; served here when the custom server runs with API_LANE=next (docs/api.md)
import { nextApiRoute } from '@/server/http/next-api';

const handle = nextApiRoute(true);
export const dynamic = 'force-dynamic';
export const GET = handle;
export const HEAD = handle;
export const POST = handle;
export const PUT = handle;
export const PATCH = handle;
export const DELETE = handle;
export const OPTIONS = handle;
