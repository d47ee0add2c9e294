import { Screen } from './Screen.tsx';

export function StartingScreen() {
  return (
    <Screen title="Opening Outpost" narrow>
      <p role="status" className="muted">
        Asking Outpost who is signed in…
      </p>
    </Screen>
  );
}
