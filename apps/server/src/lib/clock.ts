/** Time as a dependency, so tests can fix it (STYLE.md rule 5). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
