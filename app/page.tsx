import { LiveBoard } from '@/components/live/LiveBoard';

export const dynamic = 'force-dynamic';

export default function Page() {
  return <LiveBoard />;
}
