/**
 * Sets `key` to `value` as the newest entry of `map`, whose insertion order is its age, and forgets the
 * oldest entries past `capacity`: the bound every cache and tally kept in memory here needs, so a client
 * that sends new keys without end cannot fill the memory.
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, capacity: number): void {
  map.delete(key);
  map.set(key, value);
  for (
    let oldest = map.keys().next();
    map.size > capacity && oldest.done !== true;
    oldest = map.keys().next()
  ) {
    map.delete(oldest.value);
  }
}
