/**
 * Freezes a value and everything it holds (Map keys and values included): for values shared between requests, so
 * that code trying to change one throws instead of corrupting what every other reader sees.
 */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  const children = value instanceof Map ? [...value.keys(), ...value.values()] : Object.values(value);
  for (const child of children) deepFreeze(child);
  return Object.freeze(value);
}
