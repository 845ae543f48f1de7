// /sandbox/v1/* — the API app (server/api/app.ts) mounted in Next; served here when the custom server runs with API_LANE=next (docs/api.md)
import { nextApiRoutes } from '@/server/http/next-api';

export const dynamic = 'force-dynamic';
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = nextApiRoutes(true);
