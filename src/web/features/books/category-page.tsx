import { useParams } from 'react-router';
import { RequireAuth } from '../../app/guards.tsx';

export function CategoryPage() {
  const { name = '' } = useParams();
  return (
    <RequireAuth>
      <h1 className="text-3xl font-bold">{name}</h1>
    </RequireAuth>
  );
}
