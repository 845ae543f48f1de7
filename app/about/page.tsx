import { DataCredits } from '@/components/about/DataCredits';

export default function AboutPage() {
  return <DataCredits />;
}
