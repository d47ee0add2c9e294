export function HomePage() {
  return (
    <main className="home">
      <h1>Welcome to Outpost</h1>
      <p>Your courses, gradebook and modules will appear here — available offline, synced when you are back online.</p>
    </main>
  );
}
