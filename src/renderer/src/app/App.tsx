import { Header } from '../components/Header.tsx';
import { HomePage } from '../features/home/HomePage.tsx';

export function App() {
  return (
    <>
      <Header />
      <HomePage />
    </>
  );
}
