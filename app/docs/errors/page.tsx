import { ErrorCodes } from '@/components/docs/ErrorCodes';

export default function ErrorsPage() {
  return <ErrorCodes />;
}
