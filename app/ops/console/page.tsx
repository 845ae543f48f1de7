import type { Metadata } from 'next';
import { ConsolePage } from '@/components/ops/console/ConsolePage';

export const metadata: Metadata = { title: 'Live scoring console' };

/** `/ops/console`: an operator runs a match by hand (docs/operators.md "Live scoring console"). */
export default function Page() {
  return <ConsolePage />;
}
